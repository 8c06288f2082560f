/**
 * Bulk fixture of the scale benchmark: N patients with 1-3 therapy lines and V visits each in the
 * demo study, written by a few INSERT ... SELECT statements over generate_series (minutes for 1M
 * visits, not hours through the API).
 *
 * Audit: the rows are a benchmark fixture, not the actions of study staff, so they get no audit
 * row each (a million rows of "system created visit" would only bury the benchmark's own writes).
 * One summary row records the fixture, written by the app's audit writer in the same transaction,
 * so the chain stays intact and `npm run audit:verify` checks it.
 *
 * The tables are named in SQL text, not imported: clinical data is read and written through the
 * clinical module only, and this fixture is the one bulk exception.
 *
 * Every row is consistent with the foreign keys a study carries: a visit's study is its patient's,
 * its therapy line is one of that patient's, a patient's medical group is one of the study's.
 * Values follow db/seed/demo-study-config.ts: hidden fields are absent (no ae_* without an adverse
 * event, no special_sites at PASI 0), and the study's calculations (pasi_improvement against the
 * baseline visit, pasi75_achieved, pro_burden_total, pasi_percent_of_max) are stored in the
 * visit's calculated_values with the study's config_version, pasi_improvement in double precision
 * as the calculation engine computes it. Each patient's maintained dashboard figures (visit_count,
 * adverse_event_count, ... see lib/server/clinical/patient-summary.ts) are written last.
 * Values are drawn from hashint4 of the row's ids, so one patient's figures agree across the
 * statements that write its lines and visits.
 */
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { SYSTEM_META } from "@/lib/server/api/request-meta";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { configForMessages } from "@/lib/i18n/study-config-language";
import { auditedTransaction } from "@/lib/server/audit/audit-writer";
import { reportSettings, type ReportSettings } from "@/lib/server/reports/report-settings";
import { readConfig } from "@/lib/server/studies/stored-config";
import { refreshNextVisits } from "@/lib/server/clinical/schedule-queries";

export type ScaleSeedOptions = {
  studyId: number;
  patients: number;
  visitsPerPatient: number;
  /** Patient codes are `${codePrefix}000001`…; upper case letters, digits and dashes. */
  codePrefix?: string;
  /** Recorded as the creator of the patients and visits (e.g. the benchmark's admin). */
  createdBy?: number | null;
  /** Patients per INSERT of visits: bounds one statement's memory and paces progress lines. */
  batchPatients?: number;
  onProgress?: (message: string) => void;
};

export type ScaleSeedResult = {
  patients: number;
  therapyLines: number;
  visits: number;
  medicalGroups: number;
  firstPatientId: number;
  lastPatientId: number;
  codePrefix: string;
  seconds: number;
};

export const BENCH_CODE_PREFIX = "BEN-";
/** Six digits after the prefix: codes sort as numbers and a 4-digit prefix search finds 100. */
export const CODE_DIGITS = 6;

const BIOLOGICS = [
  "adalimumab",
  "etanercept",
  "infliximab",
  "certolizumab",
  "ustekinumab",
  "secukinumab",
  "ixekizumab",
  "brodalumab",
  "bimekizumab",
  "guselkumab",
  "risankizumab",
  "tildrakizumab",
];
const SWITCH_REASONS = ["inefficacia", "eventi_avversi", "perdita_risposta", "altro"];
const GROUPS = [
  ["bench_mi", "Milano (bench)"],
  ["bench_rm", "Roma (bench)"],
  ["bench_na", "Napoli (bench)"],
  ["bench_to", "Torino (bench)"],
  ["bench_bo", "Bologna (bench)"],
  ["bench_pa", "Palermo (bench)"],
] as const;
/** Days after enrolment of the demo study's scheduled visits; later ones are quarterly. */
const SCHEDULE_DAYS = [0, 28, 84, 168, 364];
const VISIT_TYPES = ["baseline", "week_4", "week_12", "week_24", "week_52"];
/** Enrolment spreads over one year from here; visits run up to two years further (3 in all). */
const ENROLMENT_START = "2023-01-01";

const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(",")}]`;
/** A stable pseudo-random non-negative integer for (id, salt). */
const h = (id: string, salt: number) => `abs(hashint4((${id})::int * 31 + ${salt}))`;
/** Number of therapy lines of a patient: 1-3, never more than its visits. */
const lineCount = (pid: string, visits: number) => `least(${visits}, 1 + ${h(pid, 4)} % 3)`;
/** Day offset from enrolment of visit k (1-based). */
const visitDay = (k: string) =>
  `(CASE WHEN ${k} <= ${SCHEDULE_DAYS.length} THEN (ARRAY[${SCHEDULE_DAYS.join(",")}])[${k}] ` +
  `ELSE ${SCHEDULE_DAYS.at(-1)} + (${k} - ${SCHEDULE_DAYS.length}) * 91 END)`;
/** Therapy lines split a patient's visits evenly: line of visit k, and first visit of line l. */
const lineOfVisit = (k: string, lines: string, visits: number) =>
  `(1 + ((${k}) - 1) * (${lines}) / ${visits})`;
const firstVisitOfLine = (l: string, lines: string, visits: number) =>
  `(((${l}) - 1) * ${visits} + (${lines}) - 1) / (${lines}) + 1`;

function positiveInt(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** Rows of a raw statement; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Queryable, text: string): Promise<T[]> {
  const result = await db.execute(sql.raw(text));
  return (result as unknown as { rows: T[] }).rows;
}

async function count(db: Queryable, text: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, text);
  return Number(row?.n ?? 0);
}

export async function seedScaleData(db: Db, options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const started = performance.now();
  const studyId = positiveInt("studyId", options.studyId);
  const patients = positiveInt("patients", options.patients);
  const visits = positiveInt("visitsPerPatient", options.visitsPerPatient);
  const batch = positiveInt("batchPatients", options.batchPatients ?? 10_000);
  const prefix = options.codePrefix ?? BENCH_CODE_PREFIX;
  if (!/^[A-Z0-9-]{1,12}$/.test(prefix)) throw new Error("codePrefix: upper case letters, digits, dashes");
  if (patients >= 10 ** CODE_DIGITS) throw new Error(`at most ${10 ** CODE_DIGITS - 1} patients`);
  const createdBy = options.createdBy == null ? "NULL" : String(positiveInt("createdBy", options.createdBy));
  const progress = options.onProgress ?? (() => {});
  const ofBench = `p.study_id = ${studyId} AND p.code LIKE '${prefix}%'`;

  return auditedTransaction(db, async (tx, audit) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Calculations are stored with the configuration version they came from, as the app does.
    const [study] = await queryRows<{ id: number; code: string; version: number; config: unknown }>(
      tx,
      `SELECT id, code, version, config FROM studies WHERE id = ${studyId}`,
    );
    if (!study) throw new Error(`study ${studyId} not found`);
    const configVersion = Number(study.version);
    // Visits record the protocol version in force (decision 0013); the demo study has one from its seed.
    const [inForce] = await queryRows<{ id: number }>(
      tx,
      `SELECT id FROM protocol_versions WHERE study_id = ${studyId} AND status = 'active'`,
    );
    const protocolVersionId = inForce ? String(Number(inForce.id)) : "NULL";
    const settings = reportSettings(
      configForMessages(readConfig({ ...study, config: study.config as StudyConfigDocument })),
    );

    await run(
      `INSERT INTO medical_groups (study_id, code, name, description)
       SELECT ${studyId}, g.code, g.name, 'Scale benchmark fixture'
       FROM (VALUES ${GROUPS.map(([c, n]) => `('${c}', '${n}')`).join(",")}) AS g(code, name)
       ON CONFLICT (study_id, code) DO NOTHING`,
    );

    await run(
      `WITH g AS (
         SELECT array_agg(id ORDER BY id) AS ids FROM medical_groups
         WHERE study_id = ${studyId} AND code LIKE 'bench\\_%'
       ), e AS (
         SELECT i, timestamptz '${ENROLMENT_START} 09:00:00+00'
                   + (${h("i", 3)} % 365) * interval '1 day'
                   + (${h("i", 13)} % 480) * interval '1 minute' AS enrolled,
                ${h("i", 6)} % 100 < 35 AS naive_systemic,
                ${h("i", 7)} % 100 < 55 AS naive_biologic
         FROM generate_series(1, ${patients}) AS i
       )
       INSERT INTO patients (study_id, code, birth_date, sex, height_cm, weight_kg, naive_systemic,
                             naive_biologic, custom_fields, medical_group_id, created_by, created_at,
                             updated_at)
       SELECT ${studyId},
              '${prefix}' || lpad(e.i::text, ${CODE_DIGITS}, '0'),
              date '1945-01-01' + ${h("e.i", 1)} % 20000,
              CASE WHEN ${h("e.i", 2)} % 100 < 56 THEN 'M' ELSE 'F' END,
              150 + ${h("e.i", 8)} % 45,
              round((50 + (${h("e.i", 9)} % 600) / 10.0)::numeric, 1),
              e.naive_systemic,
              e.naive_biologic,
              jsonb_build_object(
                'hospital_record_number', 'BN-' || lpad(e.i::text, 6, '0'),
                'psoriasis_onset', to_char(e.enrolled - (1 + ${h("e.i", 10)} % 30) * interval '1 year', 'YYYY-MM'),
                'psoriasis_phenotypes', CASE WHEN ${h("e.i", 11)} % 4 = 0
                  THEN jsonb_build_array('plaque', 'scalp') ELSE jsonb_build_array('plaque') END,
                'smoking_status', (ARRAY['never','former','current'])[1 + ${h("e.i", 12)} % 3],
                'family_history_psoriasis', ${h("e.i", 14)} % 100 < 30,
                'diabetes', ${h("e.i", 15)} % 100 < 10,
                'hypertension', ${h("e.i", 16)} % 100 < 25,
                'hyperlipidemia', ${h("e.i", 17)} % 100 < 20,
                'oncologic', ${h("e.i", 18)} % 100 < 3,
                'cardiopathy', ${h("e.i", 19)} % 100 < 7,
                'psoriatic_arthritis', ${h("e.i", 20)} % 100 < 20,
                'other_comorbidity', false,
                'naive_systemic', e.naive_systemic,
                'naive_biologic', e.naive_biologic
              ) || CASE WHEN e.naive_systemic THEN '{}'::jsonb ELSE jsonb_build_object(
                'prev_methotrexate', true, 'prev_cyclosporine', ${h("e.i", 21)} % 2 = 0,
                'prev_acitretin', false, 'prev_phototherapy', ${h("e.i", 22)} % 2 = 0) END
                 || CASE WHEN e.naive_biologic THEN '{}'::jsonb
                         ELSE jsonb_build_object('failed_biologics', false) END,
              g.ids[1 + ${h("e.i", 5)} % cardinality(g.ids)],
              ${createdBy},
              e.enrolled,
              e.enrolled
       FROM e, g`,
    );
    const [range] = await queryRows<{ lo: number | string | null; hi: number | string | null }>(
      tx,
      `SELECT min(p.id) AS lo, max(p.id) AS hi FROM patients p WHERE ${ofBench}`,
    );
    if (range?.lo == null || range.hi == null) throw new Error("the patients insert wrote nothing");
    const first = Number(range.lo);
    const last = Number(range.hi);
    progress(`${patients} patients written`);

    const lines = lineCount("p.id", visits);
    const lineStart = `(p.created_at AT TIME ZONE 'UTC')::date + ${visitDay(firstVisitOfLine("l", lines, visits))}`;
    const nextLineStart = `(p.created_at AT TIME ZONE 'UTC')::date + ${visitDay(firstVisitOfLine("l + 1", lines, visits))}`;
    await run(
      `INSERT INTO therapy_lines (study_id, patient_id, line_number, therapy_name, start_date, end_date,
                                  switch_reason, switch_data, created_at)
       SELECT p.study_id, p.id, l,
              (${textArray(BIOLOGICS)})[1 + ${h("p.id * 4 + l", 30)} % ${BIOLOGICS.length}],
              ${lineStart},
              CASE WHEN l < ${lines} THEN ${nextLineStart} END,
              CASE WHEN l > 1 THEN (${textArray(SWITCH_REASONS)})[1 + ${h("p.id * 4 + l", 31)} % 3] END,
              CASE WHEN l > 1 THEN jsonb_build_object('switch_date', ${lineStart}) END,
              p.created_at
       FROM patients p, generate_series(1, ${lines}) AS l
       WHERE ${ofBench}`,
    );
    progress("therapy lines written");
    // The visits join each patient's lines: without statistics the planner may take the fresh
    // tables for empty and join by nested loop over every line, whether autovacuum has analyzed
    // them yet or not (seeding then took minutes more, and varied from run to run).
    await run("ANALYZE patients, therapy_lines");

    for (let lo = first; lo <= last; lo += batch) {
      const hi = Math.min(last, lo + batch - 1);
      await run(
        `INSERT INTO visits (study_id, patient_id, therapy_line_id, visit_number, visit_date, visit_type,
                             data_fields, calculated_values, config_version, protocol_version_id,
                             created_by, created_at, updated_at)
         SELECT p.study_id, p.id, tl.id, k, v.visit_date,
                -- A quarter of the patients missed their week 52 visit (an unscheduled one instead):
                -- the visit schedule (decision 0025) has them overdue, so its list has work to do.
                CASE WHEN k = ${VISIT_TYPES.length} AND ${h("p.id", 45)} % 4 = 0 THEN 'unscheduled'
                     WHEN k <= ${VISIT_TYPES.length} THEN (${textArray(VISIT_TYPES)})[k] ELSE 'unscheduled' END,
                jsonb_build_object(
                  'current_therapy', tl.therapy_name,
                  'pasi_score', v.pasi,
                  'bsa_percent', least(100, round(v.pasi * 1.2, 1)),
                  'pga', CASE WHEN v.pasi < 1 THEN '0' WHEN v.pasi < 3 THEN '1' WHEN v.pasi < 10 THEN '2'
                              WHEN v.pasi < 20 THEN '3' ELSE '4' END,
                  'dlqi_score', v.dlqi,
                  'itch_nrs', v.itch,
                  'adverse_event', v.ae
                )
                || CASE WHEN v.pasi > 0 AND ${h("p.id * 64 + k", 40)} % 3 = 0
                        THEN jsonb_build_object('special_sites', jsonb_build_array('scalp')) ELSE '{}' END
                || CASE WHEN v.ae THEN jsonb_build_object(
                     'ae_description', 'Injection-site reaction, managed with local care.',
                     'ae_onset_date', to_char(v.visit_date - 10, 'YYYY-MM-DD'),
                     'ae_serious', v.serious,
                     'ae_resolved', v.resolved)
                   || CASE WHEN v.resolved THEN jsonb_build_object(
                        'ae_resolution_date', to_char(v.visit_date - 2, 'YYYY-MM-DD')) ELSE '{}' END
                   || CASE WHEN v.serious THEN jsonb_build_object(
                        'sae_report_email', 'pharmacovigilance@example.org') ELSE '{}' END
                   ELSE '{}' END
                || CASE WHEN k = 1 THEN '{}'::jsonb
                        WHEN k = ${firstVisitOfLine("tl.line_number", lines, visits)} AND tl.line_number > 1
                        THEN jsonb_build_object('therapy_switch', jsonb_build_object(
                          'is_continuing_therapy', false, 'switch_reason', tl.switch_reason,
                          'new_therapy', tl.therapy_name, 'switch_date', to_char(v.visit_date, 'YYYY-MM-DD')))
                        ELSE jsonb_build_object('therapy_switch',
                          jsonb_build_object('is_continuing_therapy', true)) END,
                jsonb_build_object(
                  'pasi_improvement', v.improvement,
                  'pasi75_achieved', v.improvement >= 75,
                  'pro_burden_total', v.dlqi + v.itch,
                  'pasi_percent_of_max', round(v.pasi / 72 * 100, 1)
                ),
                ${configVersion},
                ${protocolVersionId},
                ${createdBy},
                (v.visit_date + time '10:00') AT TIME ZONE 'UTC',
                (v.visit_date + time '10:00') AT TIME ZONE 'UTC'
         FROM patients p
         CROSS JOIN generate_series(1, ${visits}) AS k
         CROSS JOIN LATERAL (
           SELECT round((8 + (${h("p.id", 50)} % 300) / 10.0)::numeric, 1) AS base,
                  0.6 + (${h("p.id", 51)} % 40) / 100.0 AS response
         ) AS b
         CROSS JOIN LATERAL (
           SELECT pasi, (b.base::float8 - pasi::float8) / b.base::float8 * 100 AS improvement,
                  least(30, round(pasi * 0.6) + ${h("p.id * 64 + k", 41)} % 4)::int AS dlqi,
                  least(10, round(pasi / 4))::int AS itch,
                  visit_date, ae, ae AND ${h("p.id * 64 + k", 43)} % 10 = 0 AS serious,
                  ae AND ${h("p.id * 64 + k", 44)} % 2 = 0 AS resolved
           FROM (SELECT round(b.base * (1 - b.response * (1 - exp(-(k - 1) / 0.8)))::numeric, 1) AS pasi,
                        (p.created_at AT TIME ZONE 'UTC')::date + ${visitDay("k")} AS visit_date,
                        ${h("p.id * 64 + k", 42)} % 100 < 5 AS ae) AS raw
         ) AS v
         JOIN therapy_lines tl ON tl.patient_id = p.id AND tl.line_number = ${lineOfVisit("k", lines, visits)}
         WHERE ${ofBench} AND p.id BETWEEN ${lo} AND ${hi}`,
      );
      progress(`visits of patients ${lo - first + 1}-${hi - first + 1} written`);
    }

    // Statistics first: without them the planner takes the freshly written tables for nearly empty
    // and joins the per-patient aggregates by nested loop, which re-aggregates the visits for each
    // patient (minutes at 20k patients, quadratic in N). ANALYZE may run inside the transaction.
    await run("ANALYZE patients, therapy_lines, visits");
    await run(patientFiguresUpdate(settings, ofBench));
    // The next planned visits by the app's own set-based statement (the one a change of the
    // study's visit types runs, decision 0025).
    await refreshNextVisits(tx, { studyId, visitTypes: settings.schedule });
    progress("per-patient dashboard figures and next planned visits written");

    const result: ScaleSeedResult = {
      patients: await count(tx, `SELECT count(*) AS n FROM patients p WHERE ${ofBench}`),
      therapyLines: await count(
        tx,
        `SELECT count(*) AS n FROM therapy_lines t JOIN patients p ON p.id = t.patient_id WHERE ${ofBench}`,
      ),
      visits: await count(
        tx,
        `SELECT count(*) AS n FROM visits v JOIN patients p ON p.id = v.patient_id WHERE ${ofBench}`,
      ),
      medicalGroups: GROUPS.length,
      firstPatientId: first,
      lastPatientId: last,
      codePrefix: prefix,
      seconds: 0,
    };
    audit({
      action: "create",
      entityType: "study",
      entityId: studyId,
      studyId,
      meta: SYSTEM_META,
      reason: "Scale benchmark fixture written by SQL (npm run bench:scale), not by study staff",
      newValues: {
        fixture: "bench-scale",
        patients: result.patients,
        therapy_lines: result.therapyLines,
        visits: result.visits,
        code_prefix: prefix,
      },
    });
    result.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    return result;
  });
}

/** A JSON key as a SQL string literal (field names come from the study's configuration). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The patients' maintained dashboard figures in one statement, to the meaning of `summarize` in
 * lib/server/clinical/patient-summary.ts: live visits; a flag counts when its value is JSON true;
 * efficacy is evaluated when the calculation gave a yes/no answer at some visit, achieved when it
 * held at some visit; lines counted, active when one has no end date; enrolment the earliest live
 * visit's date (lib/schedule/enrolment.ts). The field names come from
 * the study's report settings, as the app reads them.
 */
function patientFiguresUpdate(settings: ReportSettings, ofBench: string): string {
  const flag = (column: string, key: string | null) =>
    key === null ? "false" : `(${column} -> ${literal(key)}) = 'true'::jsonb`;
  const efficacy = settings.efficacy?.name ?? null;
  const evaluated =
    efficacy === null ? "false" : `jsonb_typeof(v.calculated_values -> ${literal(efficacy)}) = 'boolean'`;
  return `UPDATE patients p SET
            visit_count = f.visits,
            adverse_event_count = f.aes,
            serious_adverse_event_count = f.saes,
            efficacy_evaluated = f.evaluated,
            efficacy_achieved = f.achieved,
            therapy_line_count = l.lines,
            has_active_line = l.active,
            enrolled_on = f.first_visit
          FROM (SELECT v.patient_id,
                       count(*)::int AS visits,
                       min(v.visit_date) AS first_visit,
                       count(*) FILTER (WHERE ${flag("v.data_fields", settings.adverseEventField)})::int AS aes,
                       count(*) FILTER (WHERE ${flag("v.data_fields", settings.seriousAdverseEventField)})::int AS saes,
                       coalesce(bool_or(${evaluated}), false) AS evaluated,
                       coalesce(bool_or(${flag("v.calculated_values", efficacy)}), false) AS achieved
                FROM visits v WHERE v.deleted_at IS NULL GROUP BY v.patient_id) AS f,
               (SELECT t.patient_id, count(*)::int AS lines, bool_or(t.end_date IS NULL) AS active
                FROM therapy_lines t GROUP BY t.patient_id) AS l
          WHERE f.patient_id = p.id AND l.patient_id = p.id AND ${ofBench}`;
}

/**
 * What autovacuum would do minutes after a bulk load, done now: fresh statistics for the planner,
 * and the visibility map set (VACUUM, not only ANALYZE), without which every index-only scan (the
 * list's count, the dashboard's covering index) visits the heap for each row; the fixture's figure
 * update also leaves one dead version per patient behind.
 */
export async function analyzeClinicalTables(db: Db): Promise<void> {
  for (const table of ["patients", "therapy_lines", "visits", "medical_groups"])
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
}
