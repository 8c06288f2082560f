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
 *
 * The data review (decisions 0030, 0031) scales with them: a small study team (a monitor, two
 * investigators), about two data queries per patient with their threads of steps, and about two
 * verification entries per visit written with the visit itself (half the visits untouched, some
 * partly verified, a few cleared by a change, an eighth fully verified and marked complete), each
 * visit's form status following formStatusOf under the study's SDV requirement and the patients'
 * per-status visit counts (so patient_figure_totals, through its trigger) following the visits.
 */
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { SYSTEM_META } from "@/lib/server/api/request-meta";
import type { StudyConfig, StudyConfigDocument } from "@/lib/schemas/study-config";
import { configForMessages } from "@/lib/i18n/study-config-language";
import { auditedTransaction } from "@/lib/server/audit/audit-writer";
import { reportSettings, type ReportSettings } from "@/lib/server/reports/report-settings";
import { readConfig } from "@/lib/server/studies/stored-config";
import { refreshNextVisits } from "@/lib/server/clinical/schedule-queries";
import { hashPassword } from "@/lib/server/auth/password";
import { fieldsForEntity } from "@/lib/forms/field-state";
import { studyFieldNames } from "@/lib/forms/review-fields";
import { VERIFIABLE_RECORD_COLUMNS } from "@/lib/schemas/data-review";
import { QUERY_RESPONSE_CATEGORIES } from "@/lib/schemas/query-states";
import { randomBytes } from "node:crypto";

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
  /** Bench visits have contiguous ids too (the visits of this fixture only). */
  firstVisitId: number;
  lastVisitId: number;
  /** Data queries (decision 0030): about two per patient, each with its thread of steps. */
  queries: number;
  querySteps: number;
  /** Verification entries (decision 0031) of the visits: verified, and cleared by a change. */
  verifiedFields: number;
  clearedFields: number;
  /** The fixture's study staff: who opens queries and verifies, who answers and is assigned. */
  monitorId: number;
  siteUserIds: number[];
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
/** The reason of the switch into line `key` (p.id * 4 + line): one of the first three (no free text). */
const switchReason = (key: string) => `(${textArray(SWITCH_REASONS)})[1 + ${h(key, 31)} % 3]`;
/** Codes as the API writes them (normalizeGroupCode: capitals). */
const GROUPS = [
  ["BENCH_MI", "Milano (bench)"],
  ["BENCH_RM", "Roma (bench)"],
  ["BENCH_NA", "Napoli (bench)"],
  ["BENCH_TO", "Torino (bench)"],
  ["BENCH_BO", "Bologna (bench)"],
  ["BENCH_PA", "Palermo (bench)"],
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
    const config = configForMessages(readConfig({ ...study, config: study.config as StudyConfigDocument }));
    const settings = reportSettings(config);

    await run(
      `INSERT INTO medical_groups (study_id, code, name, description)
       SELECT ${studyId}, g.code, g.name, 'Scale benchmark fixture'
       FROM (VALUES ${GROUPS.map(([c, n]) => `('${c}', '${n}')`).join(",")}) AS g(code, name)
       ON CONFLICT (study_id, code) DO NOTHING`,
    );
    // The study's earlier patients (the demo's) join a group too, as an administrator would move
    // them once the study has groups: a form save, and so an import, requires one (decision 0028).
    await run(
      `UPDATE patients SET medical_group_id = (
         SELECT min(id) FROM medical_groups WHERE study_id = ${studyId} AND code LIKE 'BENCH\\_%')
       WHERE study_id = ${studyId} AND medical_group_id IS NULL`,
    );

    await run(
      `WITH g AS (
         SELECT array_agg(id ORDER BY id) AS ids FROM medical_groups
         WHERE study_id = ${studyId} AND code LIKE 'BENCH\\_%'
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
                -- Onset after birth (a form save refuses it before: plausibility, decision 0024).
                'psoriasis_onset', to_char(greatest(e.enrolled - (1 + ${h("e.i", 10)} % 30) * interval '1 year',
                  date '1945-01-01' + ${h("e.i", 1)} % 20000 + interval '1 year'), 'YYYY-MM'),
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
    // Each line's foreign key to its patient is checked by a plan cached in this connection, maybe
    // when the study had a dozen patients (the demo seed): planned as a scan of patients, it made
    // this insert quadratic (5 minutes at 100k patients). Fresh statistics invalidate that plan.
    await run("ANALYZE patients");

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
              -- As a form save stores a switch (therapy-lines.ts, closeLine): the line that ended
              -- holds the switch's reason and answers, those of the visit that opened line l + 1.
              CASE WHEN l < ${lines} THEN ${switchReason("p.id * 4 + l + 1")} END,
              CASE WHEN l < ${lines} THEN jsonb_build_object(
                'switch_reason', ${switchReason("p.id * 4 + l + 1")},
                'new_therapy', (${textArray(BIOLOGICS)})[1 + ${h("p.id * 4 + l + 1", 30)} % ${BIOLOGICS.length}],
                'switch_date', to_char(${nextLineStart}, 'YYYY-MM-DD')) END,
              p.created_at
       FROM patients p, generate_series(1, ${lines}) AS l
       WHERE ${ofBench}`,
    );
    progress("therapy lines written");
    // The visits join each patient's lines: without statistics the planner may take the fresh
    // tables for empty and join by nested loop over every line, whether autovacuum has analyzed
    // them yet or not (seeding then took minutes more, and varied from run to run).
    await run("ANALYZE patients, therapy_lines");

    const staff = await writeStaff(tx, { studyId, prefix, createdBy });
    progress("fixture study staff written");
    const review = visitReview(config, staff);

    for (let lo = first; lo <= last; lo += batch) {
      const hi = Math.min(last, lo + batch - 1);
      await run(
        `INSERT INTO visits (${VISIT_COLUMNS.join(", ")}, verification, completed_at, completed_by, form_status)
         SELECT s.*, ${review.select}
         FROM (SELECT p.study_id, p.id, tl.id, k, v.visit_date,
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
                          'is_continuing_therapy', false,
                          'switch_reason', ${switchReason("p.id * 4 + tl.line_number")},
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
                ${protocolVersionId}::int,
                ${createdBy}::int,
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
         WHERE ${ofBench} AND p.id BETWEEN ${lo} AND ${hi}
         -- OFFSET 0 keeps the row as computed: pulled up, each use of s.data_fields below would
         -- build the visit's values again.
         OFFSET 0) AS s(${VISIT_COLUMNS.join(", ")})
         ${review.joins}`,
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
    await writeQueries(tx, { studyId, first, last, visits, staff, ofBench });
    // Each patient's queries by status, as the query steps keep them (decision 0031); the
    // statement trigger moves the dashboard's totals with them.
    await run(`UPDATE patients p SET queries_open = c.open, queries_answered = c.answered,
                 queries_closed = c.closed
               FROM (SELECT q.patient_id,
                       count(*) FILTER (WHERE q.status = 'open')::int AS open,
                       count(*) FILTER (WHERE q.status = 'answered')::int AS answered,
                       count(*) FILTER (WHERE q.status = 'closed')::int AS closed
                     FROM queries q WHERE q.study_id = ${studyId} GROUP BY q.patient_id) AS c
               WHERE c.patient_id = p.id`);
    progress("queries and their threads written");

    const [visitIds] = await queryRows<{ lo: number | string; hi: number | string }>(
      tx,
      `SELECT min(v.id) AS lo, max(v.id) AS hi FROM visits v JOIN patients p ON p.id = v.patient_id WHERE ${ofBench}`,
    );
    const visitRange = { lo: Number(visitIds!.lo), hi: Number(visitIds!.hi) };
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
      firstVisitId: visitRange.lo,
      lastVisitId: visitRange.hi,
      queries: await count(
        tx,
        `SELECT count(*) AS n FROM queries q JOIN patients p ON p.id = q.patient_id WHERE ${ofBench}`,
      ),
      querySteps: await count(
        tx,
        `SELECT count(*) AS n FROM query_steps s JOIN queries q ON q.id = s.query_id
         JOIN patients p ON p.id = q.patient_id WHERE ${ofBench}`,
      ),
      ...(await verificationCounts(tx, ofBench)),
      monitorId: staff.monitorId,
      siteUserIds: staff.siteUserIds,
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
        queries: result.queries,
        query_steps: result.querySteps,
        verified_fields: result.verifiedFields,
        cleared_fields: result.clearedFields,
        staff: [staff.monitorId, ...staff.siteUserIds],
        code_prefix: prefix,
      },
    });
    result.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    return result;
  });
}

/** The bench visits' verification entries by state (one pass over the visits). */
async function verificationCounts(
  tx: Queryable,
  ofBench: string,
): Promise<{ verifiedFields: number; clearedFields: number }> {
  const [row] = await queryRows<{ verified: number | string; cleared: number | string }>(
    tx,
    `SELECT count(*) FILTER (WHERE e.value ->> 'state' = 'verified') AS verified,
            count(*) FILTER (WHERE e.value ->> 'state' = 'cleared') AS cleared
     FROM visits v JOIN patients p ON p.id = v.patient_id
     CROSS JOIN LATERAL jsonb_each(v.verification) AS e
     WHERE ${ofBench} AND v.verification <> '{}'::jsonb`,
  );
  return { verifiedFields: Number(row?.verified ?? 0), clearedFields: Number(row?.cleared ?? 0) };
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
            enrolled_on = f.first_visit,
            visits_complete = f.complete,
            visits_verified = f.verified,
            visits_locked = f.locked
          FROM (SELECT v.patient_id,
                       count(*)::int AS visits,
                       min(v.visit_date) AS first_visit,
                       count(*) FILTER (WHERE ${flag("v.data_fields", settings.adverseEventField)})::int AS aes,
                       count(*) FILTER (WHERE ${flag("v.data_fields", settings.seriousAdverseEventField)})::int AS saes,
                       coalesce(bool_or(${evaluated}), false) AS evaluated,
                       coalesce(bool_or(${flag("v.calculated_values", efficacy)}), false) AS achieved,
                       count(*) FILTER (WHERE v.form_status = 'complete')::int AS complete,
                       count(*) FILTER (WHERE v.form_status = 'verified')::int AS verified,
                       count(*) FILTER (WHERE v.form_status = 'locked')::int AS locked
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
  for (const table of ["patients", "therapy_lines", "visits", "medical_groups", "queries", "query_steps"])
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
}

/** The columns of a bench visit's INSERT, in the order of its SELECT. */
const VISIT_COLUMNS = [
  "study_id",
  "patient_id",
  "therapy_line_id",
  "visit_number",
  "visit_date",
  "visit_type",
  "data_fields",
  "calculated_values",
  "config_version",
  "protocol_version_id",
  "created_by",
  "created_at",
  "updated_at",
];

type Staff = { monitorId: number; siteUserIds: number[] };

/**
 * The fixture's study team (decision 0030: a query's assignee is an active member of the study
 * team): a monitor who opens queries and verifies values, and two principal investigators who
 * answer, complete visits and are assigned queries. Their passwords are random and never shown:
 * nobody signs in as them.
 */
async function writeStaff(
  tx: Queryable,
  p: { studyId: number; prefix: string; createdBy: string },
): Promise<Staff> {
  const who = p.prefix.toLowerCase();
  const people = [
    [`${who}monitor@bench.example.org`, "Bench Monitor", "study_monitor"],
    [`${who}site-1@bench.example.org`, "Bench Investigator One", "principal_investigator"],
    [`${who}site-2@bench.example.org`, "Bench Investigator Two", "principal_investigator"],
  ] as const;
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const ids: number[] = [];
  for (const [email, name, role] of people) {
    await tx.execute(
      sql`INSERT INTO users (email, full_name, password_hash) VALUES (${email}, ${name}, ${passwordHash})
          ON CONFLICT (email) DO NOTHING`,
    );
    const [user] = await queryRows<{ id: number }>(
      tx,
      `SELECT id FROM users WHERE email = ${literal(email)}`,
    );
    const id = Number(user!.id);
    await tx.execute(
      sql.raw(`INSERT INTO user_study_roles (user_id, study_id, role, assigned_by)
               VALUES (${id}, ${p.studyId}, '${role}', ${p.createdBy}) ON CONFLICT (user_id, study_id) DO NOTHING`),
    );
    ids.push(id);
  }
  return { monitorId: ids[0]!, siteUserIds: ids.slice(1) };
}

/** Visits by review tier (of 100, from the visit's hash): completed with every answered field verified… */
const FULLY_VERIFIED = 13;
/** …completed with some fields verified (some of them cleared by a change)… */
const PARTLY_VERIFIED_COMPLETE = 25;
/** …in progress with some fields verified… */
const PARTLY_VERIFIED = 40;
/** …completed with nothing verified yet; the rest in progress, nothing verified. */
const COMPLETE_UNVERIFIED = 50;
/** Fields a partial verification draws from (each with probability 1/2), when the study has them. */
const PARTIAL_FIELDS = ["visit_date", "pasi_score", "bsa_percent", "pga", "dlqi_score", "itch_nrs"];
/** An ISO instant as the app writes it in a verification entry (Date.toISOString). */
const iso = (instant: string) => `to_char((${instant}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const textArrayOrEmpty = (values: readonly string[]) =>
  values.length === 0 ? "ARRAY[]::text[]" : `${textArray(values.map((v) => v.replace(/'/g, "''")))}::text[]`;

/**
 * A visit's review columns (decision 0031) from its own row `s` of the INSERT: which fields are
 * verified (or cleared by a later change), whether and when the site marked it complete, and the
 * form status that follows by formStatusOf under the study's requirement: a field is required when
 * the requirement names it (key: flagged 'SDV required'; all: every study field and the visit's own
 * columns) and it holds an answer; verified when every required field is, and some are.
 */
function visitReview(config: StudyConfig, staff: Staff): { select: string; joins: string } {
  const columns: readonly string[] = VERIFIABLE_RECORD_COLUMNS.visit;
  const studyFields = studyFieldNames(config, "visit");
  const verifiable = [...columns, ...studyFields];
  const partial = PARTIAL_FIELDS.filter((f) => verifiable.includes(f));
  const requirement = config.sdv_requirement ?? "none";
  const requirable =
    requirement === "none"
      ? []
      : requirement === "all"
        ? verifiable
        : fieldsForEntity(config.data_fields, "visit")
            .filter((f) => f.sdv_required === true)
            .map((f) => f.name);
  const answered = (name: string) =>
    `(${name} = ANY(${textArrayOrEmpty(columns)}) OR s.data_fields ? ${name})`;
  const site = `(ARRAY[${staff.siteUserIds.join(",")}])[1 + t.pick % ${staff.siteUserIds.length}]`;
  const verifiedAt = `least(now() - interval '1 hour', coalesce(c.completed_at, s.created_at) + (1 + t.pick % 40) * interval '1 day')`;
  const cleared = `abs(hashint4((t.pick % 1000000) * 7 + f.n::int)) % 10 = 0`;
  const completed = `(t.tier < ${PARTLY_VERIFIED_COMPLETE} OR t.tier BETWEEN ${PARTLY_VERIFIED} AND ${COMPLETE_UNVERIFIED - 1})`;
  return {
    select: `r.verification, c.completed_at, c.completed_by,
             CASE WHEN c.completed_at IS NULL THEN 'in_progress'
                  WHEN EXISTS (SELECT 1 FROM unnest(${textArrayOrEmpty(requirable)}) AS q(name) WHERE ${answered("q.name")})
                   AND NOT EXISTS (SELECT 1 FROM unnest(${textArrayOrEmpty(requirable)}) AS q(name)
                                   WHERE ${answered("q.name")}
                                     AND (r.verification -> q.name ->> 'state') IS DISTINCT FROM 'verified')
                  THEN 'verified' ELSE 'complete' END`,
    joins: `CROSS JOIN LATERAL (
              SELECT ${h("s.patient_id * 64 + s.visit_number", 60)} % 100 AS tier,
                     ${h("s.patient_id * 64 + s.visit_number", 61)} AS pick
            ) AS t
            CROSS JOIN LATERAL (
              SELECT CASE WHEN ${completed}
                          THEN least(now() - interval '2 hours', s.created_at + (t.pick % 20) * interval '1 hour') END
                       AS completed_at,
                     CASE WHEN ${completed} THEN ${site} END AS completed_by
            ) AS c
            -- Only the verified tiers build entries, once per visit (one verified and one cleared
            -- entry, shared by its fields): the rest of the visits pay for a comparison.
            CROSS JOIN LATERAL (
              SELECT CASE WHEN t.tier < ${PARTLY_VERIFIED} THEN coalesce((
                       SELECT jsonb_object_agg(f.name,
                                CASE WHEN t.tier >= ${FULLY_VERIFIED} AND ${cleared} THEN x.cleared ELSE x.verified END)
                       FROM (SELECT jsonb_build_object('state', 'verified', 'by', ${staff.monitorId},
                                      'at', ${iso(verifiedAt)}) AS verified,
                                    jsonb_build_object('state', 'cleared', 'by', ${site},
                                      'at', ${iso(`${verifiedAt} + interval '30 minutes'`)},
                                      'verified_by', ${staff.monitorId}, 'verified_at', ${iso(verifiedAt)}) AS cleared
                            ) AS x,
                            unnest(CASE WHEN t.tier < ${FULLY_VERIFIED} THEN ${textArrayOrEmpty(verifiable)}
                                        ELSE ${textArrayOrEmpty(partial)} END) WITH ORDINALITY AS f(name, n)
                       WHERE ${answered("f.name")}
                         AND (t.tier < ${FULLY_VERIFIED} OR abs(hashint4(t.pick % 1000000 + f.n::int)) % 2 = 0)
                     ), '{}'::jsonb) ELSE '{}'::jsonb END AS verification
            ) AS r`,
  };
}

/** Queries by status (of 100): open, answered (a response), closed (a response and a close). */
const QUERIES_OPEN = 45;
const QUERIES_ANSWERED = 70;
const VISIT_QUERY_FIELDS = ["pasi_score", "pasi_score", "bsa_percent", "pga", "dlqi_score", "visit_date"];
const PATIENT_QUERY_FIELDS = ["weight_kg", "birth_date", "smoking_status", "psoriasis_onset"];

/**
 * About two queries per patient (0-4), opened by the monitor some days after the visit (or the
 * enrolment) they are about: 70% on a field of a visit (pasi_score most often), 15% on a visit as
 * a whole, 15% on a field of the patient; 45% open, 25% answered, 30% closed; 40% assigned to one
 * of the site's investigators. Each has its thread: the opening, then a response (answered,
 * closed) and a close (closed), a few days apart; version, updated_at and closed_at follow it.
 */
async function writeQueries(
  tx: Queryable,
  p: { studyId: number; first: number; last: number; visits: number; staff: Staff; ofBench: string },
): Promise<void> {
  const key = "p.id * 8 + j";
  const site = (salt: number) =>
    `(ARRAY[${p.staff.siteUserIds.join(",")}])[1 + ${h(key, salt)} % ${p.staff.siteUserIds.length}]`;
  await tx.execute(
    sql.raw(`INSERT INTO queries (study_id, patient_id, visit_id, entity_type, field, status, assignee_id,
                                  opened_by, closed_at, version, created_at, updated_at)
             SELECT p.study_id, p.id, CASE WHEN x.kind < 85 THEN v.id END,
                    CASE WHEN x.kind < 85 THEN 'visit' ELSE 'patient' END,
                    CASE WHEN x.kind < 70 THEN (${textArray(VISIT_QUERY_FIELDS)})[1 + x.pick % ${VISIT_QUERY_FIELDS.length}]
                         WHEN x.kind < 85 THEN NULL
                         ELSE (${textArray(PATIENT_QUERY_FIELDS)})[1 + x.pick % ${PATIENT_QUERY_FIELDS.length}] END,
                    x.status,
                    CASE WHEN x.pick % 100 < 40 THEN ${site(74)} END,
                    ${p.staff.monitorId},
                    CASE WHEN x.status = 'closed' THEN o.at + interval '5 days' END,
                    CASE x.status WHEN 'open' THEN 1 WHEN 'answered' THEN 2 ELSE 3 END,
                    o.at,
                    o.at + CASE x.status WHEN 'open' THEN interval '0' WHEN 'answered' THEN interval '2 days'
                                         ELSE interval '5 days' END
             FROM patients p
             CROSS JOIN generate_series(1, ${h("p.id", 70)} % 5) AS j
             CROSS JOIN LATERAL (
               SELECT ${h(key, 71)} % 100 AS kind, ${h(key, 72)} AS pick,
                      CASE WHEN ${h(key, 73)} % 100 < ${QUERIES_OPEN} THEN 'open'
                           WHEN ${h(key, 73)} % 100 < ${QUERIES_ANSWERED} THEN 'answered' ELSE 'closed' END AS status
             ) AS x
             JOIN visits v ON v.patient_id = p.id AND v.visit_number = 1 + ${h(key, 75)} % ${p.visits}
             CROSS JOIN LATERAL (
               SELECT least(now() - interval '6 days',
                            CASE WHEN x.kind < 85 THEN v.created_at ELSE p.created_at END
                            + (1 + x.pick % 90) * interval '1 day' + (x.pick % 600) * interval '1 minute') AS at
             ) AS o
             WHERE ${p.ofBench} AND p.id BETWEEN ${p.first} AND ${p.last}
             ORDER BY o.at`),
  );
  // The steps' foreign key checks plan against the queries just written (see ANALYZE patients).
  await tx.execute(sql.raw("ANALYZE queries"));
  // Each thread in order (step ids ascend with the thread, as the app writes them one by one).
  await tx.execute(
    sql.raw(`INSERT INTO query_steps (query_id, kind, category, text, user_id, created_at)
             SELECT q.id, s.kind, s.category, s.text, s.user_id, s.at
             FROM queries q
             CROSS JOIN LATERAL (VALUES
               (1, 'open', NULL, 'Please check this value against the source document.', q.opened_by, q.created_at),
               (2, 'response', (${textArray(QUERY_RESPONSE_CATEGORIES)})[1 + ${h("q.id", 76)} % ${QUERY_RESPONSE_CATEGORIES.length}],
                'Checked against the source document.', coalesce(q.assignee_id, ${p.staff.siteUserIds[0]}),
                q.created_at + interval '2 days'),
               (3, 'close', NULL, 'Resolved, thank you.', q.opened_by, q.created_at + interval '5 days')
             ) AS s(n, kind, category, text, user_id, at)
             WHERE q.study_id = ${p.studyId} AND q.patient_id BETWEEN ${p.first} AND ${p.last}
               AND s.n <= q.version
             ORDER BY q.id, s.n`),
  );
}
