/**
 * The scale benchmark's parts that decide its figures, on the test database (PGlite or
 * PostgreSQL): the SQL fixture, the probe that tells a missing route apart, a real measurement of
 * the ceiling and the study list served from this process, and the table with its targets. The
 * full run (`npm run bench:scale`) needs a production build and minutes; it stays a manual command.
 */
import type { FormStatus } from "@/lib/schemas/data-review";
import { configForMessages } from "@/lib/i18n/study-config-language";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as listStudies } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { validateSubmission } from "@/lib/forms/validate-submission";
import type { DataField } from "@/lib/schemas/study-config";
import { seedDemoData } from "@/lib/server/bootstrap/demo-seed";
import { loginForApi } from "@/lib/server/auth/auth-service";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { classifyProbe, measureScenario } from "@/scripts/bench-scale/measure";
import {
  buildReport,
  formatTable,
  POSTGRES_CHAIN_COMMITS,
  POSTGRES_LIST,
  REVIEW_LIST_SCENARIOS,
  type Measurement,
} from "@/scripts/bench-scale/report";
import {
  CEILING,
  deepCursorPath,
  QUERIES_SCREEN_PAGE_SIZE,
  queryOpenBodies,
  SCENARIOS,
  scenarioContext,
  SDV_SCREEN_PAGE_SIZE,
  visitBodies,
} from "@/scripts/bench-scale/scenarios";
import { queryRows, seedScaleData, type ScaleSeedResult } from "@/scripts/bench-scale/seed";
import { GET as dashboard } from "@/app/api/reports/dashboard/route";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { refreshPatientSummary, summarize } from "@/lib/server/clinical/patient-summary";
import { enrolmentDate } from "@/lib/schedule/enrolment";
import { baselineVisit, calculateVisit } from "@/lib/server/clinical/visit-calculations";
import { reportSettings } from "@/lib/server/reports/report-settings";
import { readConfig } from "@/lib/server/studies/stored-config";
import { callerFor, createStudy } from "./clinical-fixtures";
import { GET as listQueriesRoute, POST as openQueryRoute } from "@/app/api/queries/route";
import { GET as listSdvRoute } from "@/app/api/sdv/route";
import { VerificationEntrySchema, type Verification } from "@/lib/schemas/data-review";
import { QUERY_RECORD_COLUMNS } from "@/lib/schemas/query-states";
import { formStatusFor, studyFieldNames, verifiableFields } from "@/lib/forms/review-fields";
import { reviewedVisit } from "@/lib/server/clinical/review-state";
import { DEEP_FRACTION, reviewDeepCursors } from "@/scripts/bench-scale/review-cursors";
import { QUERIES_PAGE_SIZE } from "@/components/queries-list/queries-page";
import { SDV_PAGE_SIZE } from "@/components/sdv/sdv-page";
import { call, createUser } from "./helpers";

const PATIENTS = 200;
const VISITS = 3;

let studyId: number;
let seed: ScaleSeedResult;

type VisitFacts = {
  patient_id: number;
  visit_number: number;
  visit_type: string;
  visit_date: string;
  data_fields: Record<string, unknown>;
  calculated_values: Record<string, unknown>;
  form_status: FormStatus;
  config_version: number | null;
  version: number;
};

const asVisit = (v: VisitFacts) => ({
  visitType: v.visit_type,
  visitNumber: v.visit_number,
  dataFields: v.data_fields,
  missing: {},
});

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The demo study's stored configuration and version, read as the app reads them. */
async function studyConfig() {
  const [study] = await rows<{ id: number; code: string; version: number; config: StudyConfigDocument }>(
    `SELECT id, code, version, config FROM studies WHERE id = ${studyId}`,
  );
  // The clinical services' reading of it (decision 0022).
  return { version: study!.version, config: configForMessages(readConfig(study!)) };
}

async function rows<T>(query: string): Promise<T[]> {
  return queryRows<T>(await getDb(), query);
}

beforeAll(async () => {
  const db = await getDb();
  const demo = await seedDemoData(db);
  expect(demo).not.toBeNull();
  studyId = (await rows<{ id: number }>("SELECT id FROM studies WHERE code = 'psoriasis'"))[0]!.id;
  seed = await seedScaleData(db, { studyId, patients: PATIENTS, visitsPerPatient: VISITS });
}, 120_000);

describe("bench:scale fixture (SQL)", () => {
  it("writes N patients, 1-3 therapy lines each and V visits each, with contiguous ids", async () => {
    expect(seed.patients).toBe(PATIENTS);
    expect(seed.visits).toBe(PATIENTS * VISITS);
    expect(seed.therapyLines).toBeGreaterThanOrEqual(PATIENTS);
    expect(seed.therapyLines).toBeLessThanOrEqual(PATIENTS * 3);
    expect(seed.lastPatientId - seed.firstPatientId + 1).toBe(PATIENTS);
    const [lines] = await rows<{ one: number; two: number; three: number }>(
      `SELECT count(*) FILTER (WHERE n = 1)::int AS one, count(*) FILTER (WHERE n = 2)::int AS two,
              count(*) FILTER (WHERE n = 3)::int AS three
       FROM (SELECT count(*) AS n FROM therapy_lines GROUP BY patient_id) AS t`,
    );
    // Every count of lines occurs: the hash spreads patients over 1, 2 and 3 lines.
    expect(lines!.one).toBeGreaterThan(0);
    expect(lines!.two).toBeGreaterThan(0);
    expect(lines!.three).toBeGreaterThan(0);
  });

  it("keeps every row inside its study: visit → patient → line → medical group agree", async () => {
    const [bad] = await rows<{ study: number; line: number; group_: number; empty_line: number }>(
      `SELECT
         (SELECT count(*)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE v.study_id <> p.study_id) AS study,
         (SELECT count(*)::int FROM visits v JOIN therapy_lines t ON t.id = v.therapy_line_id
           WHERE t.patient_id <> v.patient_id OR t.study_id <> v.study_id) AS line,
         (SELECT count(*)::int FROM patients p JOIN medical_groups g ON g.id = p.medical_group_id
           WHERE g.study_id <> p.study_id) AS group_,
         (SELECT count(*)::int FROM therapy_lines t
           WHERE NOT EXISTS (SELECT 1 FROM visits v WHERE v.therapy_line_id = t.id)) AS empty_line`,
    );
    expect(bad).toEqual({ study: 0, line: 0, group_: 0, empty_line: 0 });
    const [nulls] = await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM visits WHERE therapy_line_id IS NULL OR study_id <> " + studyId,
    );
    expect(nulls!.n).toBe(0);
  });

  // As a form save stores a switch: the line that ended holds its reason and answers.
  it("chains therapy lines: each ends the day the next starts, at the switch visit", async () => {
    const [gaps] = await rows<{ n: number; switches: number }>(
      `SELECT
         (SELECT count(*)::int FROM therapy_lines a JOIN therapy_lines b
            ON b.patient_id = a.patient_id AND b.line_number = a.line_number + 1
          WHERE a.end_date IS DISTINCT FROM b.start_date OR a.switch_reason IS NULL
             OR a.switch_data ->> 'switch_reason' IS DISTINCT FROM a.switch_reason) AS n,
         (SELECT count(*)::int FROM visits v JOIN therapy_lines t ON t.id = v.therapy_line_id
          JOIN therapy_lines ended ON ended.patient_id = t.patient_id AND ended.line_number = t.line_number - 1
          WHERE t.line_number > 1 AND v.visit_date = t.start_date
            AND (v.data_fields -> 'therapy_switch' ->> 'is_continuing_therapy') = 'false'
            AND (v.data_fields -> 'therapy_switch' ->> 'switch_reason') = ended.switch_reason) AS switches`,
    );
    expect(gaps!.n).toBe(0);
    const [opened] = await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM therapy_lines WHERE line_number > 1",
    );
    expect(gaps!.switches).toBe(opened!.n);
  });

  it("stores values the study's own form engine accepts, and the calculations the app computes", async () => {
    const fields = DEMO_STUDY_CONFIG.data_fields as DataField[];
    const visitFields = fields.filter((f) => f.entity === "visit");
    const patientFields = fields.filter((f) => f.entity === "patient");
    const calculated = new Set((DEMO_STUDY_CONFIG.calculations ?? []).map((c) => c.name));
    const config = await studyConfig();
    const sample = await rows<VisitFacts & { custom_fields: Record<string, unknown> }>(
      `SELECT v.patient_id, v.visit_number, v.visit_type, v.data_fields, v.calculated_values,
              v.config_version, v.version, p.custom_fields
       FROM visits v JOIN patients p ON p.id = v.patient_id
       WHERE p.code LIKE '${seed.codePrefix}%' ORDER BY v.patient_id, v.visit_number`,
    );
    expect(sample).toHaveLength(PATIENTS * VISITS);
    const byPatient = groupBy(sample, (v) => v.patient_id);
    for (const visitRow of sample) {
      const { data_fields, custom_fields, calculated_values } = visitRow;
      expect(Object.keys(data_fields).filter((k) => calculated.has(k))).toEqual([]);
      const entered = Object.fromEntries(Object.entries(data_fields).filter(([k]) => k !== "therapy_switch"));
      const visit = validateSubmission(visitFields, entered);
      expect(visit.issues ?? [], JSON.stringify(entered)).toEqual([]);
      expect(visit.ok).toBe(true);
      expect(Object.keys(visit.values).sort()).toEqual(Object.keys(entered).sort()); // nothing hidden
      const patient = validateSubmission(patientFields, custom_fields);
      expect(patient.ok, JSON.stringify(custom_fields)).toBe(true);
      // The app's own computation against the patient's baseline visit, with its config version.
      const expected = calculateVisit(
        config.config,
        { dataFields: data_fields, missing: {} },
        baselineVisit(config.config, byPatient.get(visitRow.patient_id)!.map(asVisit)),
      ).values;
      expect(Object.keys(calculated_values).sort()).toEqual(Object.keys(expected).sort());
      expect(calculated_values.pasi_improvement).toBe(expected.pasi_improvement);
      expect(calculated_values.pasi75_achieved).toBe(expected.pasi75_achieved);
      expect(calculated_values.pro_burden_total).toBe(expected.pro_burden_total);
      // Rounded to 0.1 by the engine and by SQL; a tie may round apart by one step.
      expect(
        Math.abs(Number(calculated_values.pasi_percent_of_max) - Number(expected.pasi_percent_of_max)),
      ).toBeLessThanOrEqual(0.1 + 1e-9);
      expect(visitRow.config_version).toBe(config.version);
      expect(visitRow.version).toBe(1);
    }
    const [spread] = await rows<{ sexes: number; groups: number; days: number; achieved: number }>(
      `SELECT count(DISTINCT p.sex)::int AS sexes, count(DISTINCT p.medical_group_id)::int AS groups,
              (max(v.visit_date) - min(v.visit_date))::int AS days,
              count(*) FILTER (WHERE (v.calculated_values ->> 'pasi75_achieved')::boolean)::int AS achieved
       FROM visits v JOIN patients p ON p.id = v.patient_id WHERE p.code LIKE '${seed.codePrefix}%'`,
    );
    expect(spread!.sexes).toBe(2);
    expect(spread!.groups).toBeGreaterThan(1);
    expect(spread!.days).toBeGreaterThan(300);
    expect(spread!.achieved).toBeGreaterThan(0);
  });

  it("gives each patient the dashboard figures the app's own summary computes", async () => {
    const config = await studyConfig();
    const settings = reportSettings(config.config);
    const figures = await rows<{ id: number } & Record<string, unknown>>(
      `SELECT id, visit_count, adverse_event_count, serious_adverse_event_count, efficacy_evaluated,
              efficacy_achieved, therapy_line_count, has_active_line, visits_complete, visits_verified,
              visits_locked, enrolled_on::text, version
       FROM patients WHERE code LIKE '${seed.codePrefix}%' ORDER BY id`,
    );
    expect(figures).toHaveLength(PATIENTS);
    const visitsOf = groupBy(
      await rows<VisitFacts>(
        `SELECT v.patient_id, v.data_fields, v.calculated_values, v.form_status, v.visit_date::text FROM visits v
         JOIN patients p ON p.id = v.patient_id WHERE p.code LIKE '${seed.codePrefix}%'`,
      ),
      (v) => v.patient_id,
    );
    const linesOf = groupBy(
      await rows<{ patient_id: number; end_date: string | null }>(
        `SELECT t.patient_id, t.end_date::text AS end_date FROM therapy_lines t
         JOIN patients p ON p.id = t.patient_id WHERE p.code LIKE '${seed.codePrefix}%'`,
      ),
      (l) => l.patient_id,
    );
    const seen = { ae: 0, sae: 0, achieved: 0, notAchieved: 0, closed: 0 };
    for (const row of figures) {
      const summary = summarize(
        settings,
        visitsOf.get(row.id)!.map((v) => ({
          dataFields: v.data_fields,
          calculatedValues: v.calculated_values,
          formStatus: v.form_status,
        })),
        linesOf.get(row.id)!.map((l) => ({ endDate: l.end_date })),
      );
      expect(
        {
          visitCount: row.visit_count,
          adverseEventCount: row.adverse_event_count,
          seriousAdverseEventCount: row.serious_adverse_event_count,
          efficacyEvaluated: row.efficacy_evaluated,
          efficacyAchieved: row.efficacy_achieved,
          therapyLineCount: row.therapy_line_count,
          hasActiveLine: row.has_active_line,
          visitsComplete: row.visits_complete,
          visitsVerified: row.visits_verified,
          visitsLocked: row.visits_locked,
        },
        `patient ${row.id}`,
      ).toEqual(summary);
      // Enrolment as the app keeps it (lib/schedule/enrolment.ts): the earliest visit's date.
      expect(row.enrolled_on, `patient ${row.id}`).toBe(
        enrolmentDate(visitsOf.get(row.id)!.map((v) => ({ visitDate: v.visit_date }))),
      );
      expect(row.version).toBe(1);
      if (summary.adverseEventCount > 0) seen.ae++;
      if (summary.seriousAdverseEventCount > 0) seen.sae++;
      if (summary.efficacyAchieved) seen.achieved++;
      else seen.notAchieved++;
    }
    // The comparison covers both answers of every flag, not one value 200 times.
    expect(seen.ae).toBeGreaterThan(0);
    expect(seen.achieved).toBeGreaterThan(0);
    expect(seen.notAchieved).toBeGreaterThan(0);

    // The app's own maintenance (run after every visit write) leaves a few patients as they were.
    const db = await getDb();
    for (const row of figures.slice(0, 5)) {
      const refreshed = await db.transaction((tx) => refreshPatientSummary(tx, settings, row.id));
      const [after] = await rows<{ visit_count: number; efficacy_achieved: boolean }>(
        `SELECT visit_count, efficacy_achieved FROM patients WHERE id = ${row.id}`,
      );
      expect(refreshed.visitCount).toBe(row.visit_count);
      expect(after).toEqual({ visit_count: row.visit_count, efficacy_achieved: row.efficacy_achieved });
    }
  });

  it("answers the dashboard API with the counts SQL gives over the raw rows", async () => {
    const config = await studyConfig();
    const settings = reportSettings(config.config);
    const admin = await callerFor({ roleLevel: "superadmin", isSuperuser: true });
    const res = await call(dashboard, {
      headers: admin.headers,
      path: `/api/reports/dashboard?study_id=${studyId}`,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const efficacy = settings.efficacy!.name;
    const [counts] = await rows<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM patients WHERE study_id = ${studyId} AND deleted_at IS NULL) AS total_patients,
         (SELECT count(DISTINCT t.patient_id)::int FROM therapy_lines t JOIN patients p ON p.id = t.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND t.end_date IS NULL) AS active_therapies,
         (SELECT count(*)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL) AS total_visits,
         (SELECT count(*)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL
             AND (v.data_fields -> 'adverse_event') = 'true'::jsonb) AS total_adverse_events,
         (SELECT count(*)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL
             AND (v.data_fields -> 'ae_serious') = 'true'::jsonb) AS serious_adverse_events,
         (SELECT count(*)::int FROM therapy_lines t JOIN patients p ON p.id = t.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL) AS total_therapy_lines,
         (SELECT count(DISTINCT v.patient_id)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL
             AND (v.calculated_values -> '${efficacy}') = 'true'::jsonb) AS achieved,
         (SELECT count(DISTINCT v.patient_id)::int FROM visits v JOIN patients p ON p.id = v.patient_id
           WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL
             AND jsonb_typeof(v.calculated_values -> '${efficacy}') = 'boolean') AS evaluated,
         (SELECT count(*)::int FROM patients WHERE study_id = ${studyId} AND deleted_at IS NULL
           AND sex = 'M') AS males`,
    );
    const { achieved, evaluated, males, ...overview } = counts!;
    const body = res.json as {
      overview: Record<string, number>;
      efficacy: { pasi75_achieved: number; pasi75_total: number };
      demographics: { patients_by_sex: Record<string, number> };
    };
    expect(overview.total_patients).toBeGreaterThan(PATIENTS - 1);
    expect(overview.total_visits).toBeGreaterThanOrEqual(PATIENTS * VISITS);
    expect(body.overview).toEqual(overview);
    expect(body.efficacy).toMatchObject({ pasi75_achieved: achieved, pasi75_total: evaluated });
    expect(body.demographics.patients_by_sex.M).toBe(males);
  });

  it("writes about two queries per patient, each thread opened first and as long as its status says", async () => {
    expect(seed.queries).toBeGreaterThan(PATIENTS * 1.5);
    expect(seed.queries).toBeLessThan(PATIENTS * 2.5);
    const queries = await rows<{
      id: number;
      patient_id: number;
      visit_id: number | null;
      visit_patient: number | null;
      entity_type: string;
      field: string | null;
      status: string;
      assignee_id: number | null;
      opened_by: number;
      version: number;
      created_at: string;
      updated_at: string;
      closed_at: string | null;
      future: boolean;
      steps: { kind: string; user_id: number; category: string | null; at: string }[];
    }>(
      `SELECT q.id, q.patient_id, q.visit_id, v.patient_id AS visit_patient, q.entity_type, q.field, q.status,
              q.assignee_id, q.opened_by, q.version, q.created_at::text, q.updated_at::text, q.closed_at::text,
              q.created_at > now() AS future,
              (SELECT json_agg(json_build_object('kind', s.kind, 'user_id', s.user_id, 'category', s.category,
                                                 'at', s.created_at::text) ORDER BY s.id)
               FROM query_steps s WHERE s.query_id = q.id) AS steps
       FROM queries q JOIN patients p ON p.id = q.patient_id LEFT JOIN visits v ON v.id = q.visit_id
       WHERE p.code LIKE '${seed.codePrefix}%'`,
    );
    expect(queries).toHaveLength(seed.queries);
    expect(queries.reduce((n, q) => n + q.steps.length, 0)).toBe(seed.querySteps);
    const config = await studyConfig();
    const fieldsOf = {
      visit: new Set([...studyFieldNames(config.config, "visit"), ...QUERY_RECORD_COLUMNS.visit]),
      patient: new Set([...studyFieldNames(config.config, "patient"), ...QUERY_RECORD_COLUMNS.patient]),
    };
    const members = new Set(
      (
        await rows<{ user_id: number }>(
          `SELECT r.user_id FROM user_study_roles r JOIN users u ON u.id = r.user_id
           WHERE r.study_id = ${studyId} AND u.is_active`,
        )
      ).map((r) => r.user_id),
    );
    const threads = { open: ["open"], answered: ["open", "response"], closed: ["open", "response", "close"] };
    for (const q of queries) {
      expect(
        q.steps.map((step) => step.kind),
        `query ${q.id}`,
      ).toEqual(threads[q.status as keyof typeof threads]);
      expect(q.steps[0]).toMatchObject({ user_id: q.opened_by, at: q.created_at, category: null });
      expect(q.steps.at(-1)!.at).toBe(q.updated_at);
      expect(q.version).toBe(q.steps.length);
      expect(q.closed_at === null).toBe(q.status !== "closed");
      if (q.status === "closed") expect(q.closed_at).toBe(q.steps.at(-1)!.at);
      expect(q.steps.filter((step) => step.kind === "response").every((step) => step.category !== null)).toBe(
        true,
      );
      expect(q.future).toBe(false);
      expect(q.opened_by).toBe(seed.monitorId);
      if (q.assignee_id !== null) expect(members.has(q.assignee_id)).toBe(true);
      if (q.entity_type === "visit") expect(q.visit_patient).toBe(q.patient_id);
      else expect(q.visit_id).toBeNull();
      if (q.field !== null) expect(fieldsOf[q.entity_type as "visit" | "patient"].has(q.field)).toBe(true);
    }
    const share = (pick: (q: (typeof queries)[number]) => boolean) => queries.filter(pick).length;
    // Every kind occurs: the hash spreads them, not one value 400 times.
    for (const status of ["open", "answered", "closed"])
      expect(share((q) => q.status === status)).toBeGreaterThan(0);
    expect(share((q) => q.entity_type === "patient")).toBeGreaterThan(0);
    expect(share((q) => q.entity_type === "visit" && q.field === null)).toBeGreaterThan(0);
    expect(share((q) => q.field === "pasi_score")).toBeGreaterThan(0);
    expect(share((q) => q.assignee_id !== null)).toBeGreaterThan(0);
    expect(share((q) => q.assignee_id === null)).toBeGreaterThan(0);
    expect(members.has(seed.monitorId) && seed.siteUserIds.every((id) => members.has(id))).toBe(true);
  });

  it("verifies about two fields per visit, well-formed, with the form status the app derives", async () => {
    const config = await studyConfig();
    const visitRows = await rows<{
      id: number;
      data_fields: Record<string, unknown>;
      missing: Record<string, string>;
      visit_date: string;
      visit_type: string;
      is_locked: boolean;
      completed_at: Date | null;
      completed_by: number | null;
      verification: Verification;
      form_status: FormStatus;
    }>(
      `SELECT v.id, v.data_fields, v.missing, v.visit_date::text, v.visit_type, v.is_locked, v.completed_at,
              v.completed_by, v.verification, v.form_status
       FROM visits v JOIN patients p ON p.id = v.patient_id WHERE p.code LIKE '${seed.codePrefix}%'`,
    );
    const verifiable = new Set(verifiableFields(config.config, "visit"));
    const staff = new Set([seed.monitorId, ...seed.siteUserIds]);
    let verified = 0;
    let cleared = 0;
    for (const v of visitRows) {
      for (const [field, entry] of Object.entries(v.verification)) {
        expect(VerificationEntrySchema.safeParse(entry).success, JSON.stringify(entry)).toBe(true);
        expect(verifiable.has(field), field).toBe(true);
        expect(staff.has(entry.by)).toBe(true);
        expect(new Date(entry.at).toISOString()).toBe(entry.at);
        if (entry.state === "verified") verified++;
        else {
          cleared++;
          expect(entry.verified_by).toBe(seed.monitorId);
          expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(entry.verified_at));
        }
      }
      expect(v.completed_at === null).toBe(v.completed_by === null);
      const record = reviewedVisit({
        dataFields: v.data_fields,
        missing: v.missing,
        visitDate: v.visit_date,
        visitType: v.visit_type,
        isLocked: v.is_locked,
        completedAt: v.completed_at,
        verification: v.verification,
      });
      expect(v.form_status, `visit ${v.id}`).toBe(formStatusFor(config.config, "visit", record));
    }
    expect({ verified, cleared }).toEqual({ verified: seed.verifiedFields, cleared: seed.clearedFields });
    expect(verified).toBeGreaterThan(visitRows.length * 1.5);
    expect(verified).toBeLessThan(visitRows.length * 2.6);
    expect(cleared).toBeGreaterThan(0);
    const statuses = new Set(visitRows.map((v) => v.form_status));
    expect(statuses.has("in_progress") && statuses.has("complete")).toBe(true);
    // Fully verified visits: every answered field and the visit's own columns.
    expect(visitRows.some((v) => Object.keys(v.verification).length > 8)).toBe(true);
  });

  it("keeps the study totals of visits by form status equal to a recount", async () => {
    const [totals] = await rows<{ complete: number; verified: number; locked: number; visits: number }>(
      `SELECT sum(visits_complete)::int AS complete, sum(visits_verified)::int AS verified,
              sum(visits_locked)::int AS locked, sum(visits)::int AS visits
       FROM patient_figure_totals WHERE study_id = ${studyId}`,
    );
    const [recount] = await rows<{ complete: number; verified: number; locked: number; visits: number }>(
      `SELECT count(*) FILTER (WHERE v.form_status = 'complete')::int AS complete,
              count(*) FILTER (WHERE v.form_status = 'verified')::int AS verified,
              count(*) FILTER (WHERE v.form_status = 'locked')::int AS locked, count(*)::int AS visits
       FROM visits v JOIN patients p ON p.id = v.patient_id
       WHERE p.study_id = ${studyId} AND p.deleted_at IS NULL AND v.deleted_at IS NULL`,
    );
    expect(totals).toEqual(recount);
    expect(recount!.complete).toBeGreaterThan(0);
  });

  it("keeps the study totals of queries by status equal to a recount (the dashboard reads them)", async () => {
    const [totals] = await rows<{ open: number; answered: number; closed: number }>(
      `SELECT sum(queries_open)::int AS open, sum(queries_answered)::int AS answered,
              sum(queries_closed)::int AS closed
       FROM patient_figure_totals WHERE study_id = ${studyId}`,
    );
    const [recount] = await rows<{ open: number; answered: number; closed: number }>(
      `SELECT count(*) FILTER (WHERE q.status = 'open')::int AS open,
              count(*) FILTER (WHERE q.status = 'answered')::int AS answered,
              count(*) FILTER (WHERE q.status = 'closed')::int AS closed
       FROM queries q JOIN patients p ON p.id = q.patient_id
       WHERE q.study_id = ${studyId} AND p.deleted_at IS NULL`,
    );
    expect(totals).toEqual(recount);
    expect(recount!.open).toBeGreaterThan(0);
  });

  it("serves the Queries and SDV scenarios' requests, deep cursors 90% down, and opens queries", async () => {
    const admin = await callerFor({ roleLevel: "superadmin", isSuperuser: true });
    const ctx = scenarioContext({ studyId, visitsPerPatient: VISITS, ...seed });
    const cursors = await reviewDeepCursors(await getDb(), studyId);
    ctx.queriesDeepCursor = cursors.queries;
    ctx.sdvDeepCursor = cursors.sdv;
    const routeOf = (path: string) => (path.startsWith("/api/sdv") ? listSdvRoute : listQueriesRoute);
    for (const scenario of SCENARIOS.filter((s) => REVIEW_LIST_SCENARIOS.includes(s.name))) {
      const path = scenario.path(ctx);
      const res = await call(routeOf(path), { headers: admin.headers, path });
      expect(res.status, `${scenario.name}: ${JSON.stringify(res.json)}`).toBe(200);
      expect((res.json.items as unknown[]).length, scenario.name).toBeGreaterThan(0);
    }
    // The deep page starts right after the row 90% down, as walking there would.
    const [after] = await rows<{ id: number }>(
      `SELECT id FROM queries WHERE study_id = ${studyId} ORDER BY created_at DESC, id DESC
       OFFSET ${Math.floor(seed.queries * DEEP_FRACTION)} LIMIT 1`,
    );
    const deep = SCENARIOS.find((s) => s.name === "queries_deep")!.path(ctx);
    const deepPage = await call(listQueriesRoute, { headers: admin.headers, path: deep });
    expect((deepPage.json.items as { id: number }[])[0]!.id).toBe(after!.id);
    const sdvDeep = await call(listSdvRoute, {
      headers: admin.headers,
      path: SCENARIOS.find((s) => s.name === "sdv_deep")!.path(ctx),
    });
    const [sdvAfter] = await rows<{ id: number }>(
      `SELECT v.id FROM visits v WHERE v.study_id = ${studyId} AND v.deleted_at IS NULL
       ORDER BY v.patient_id, v.visit_number OFFSET ${Math.floor((await rows<{ n: number }>(`SELECT count(*)::int AS n FROM visits WHERE study_id = ${studyId} AND deleted_at IS NULL`))[0]!.n * DEEP_FRACTION)} LIMIT 1`,
    );
    expect((sdvDeep.json.items as { visit_id: number }[])[0]!.visit_id).toBe(sdvAfter!.id);
    // The screens' page sizes.
    expect([QUERIES_SCREEN_PAGE_SIZE, SDV_SCREEN_PAGE_SIZE]).toEqual([QUERIES_PAGE_SIZE, SDV_PAGE_SIZE]);

    // query_open: each body opens a query on a bench visit's PASI score, audited.
    const next = queryOpenBodies(ctx);
    for (let i = 0; i < 3; i++) {
      const body = next() as { entity_id: number };
      expect(body.entity_id).toBeGreaterThanOrEqual(seed.firstVisitId);
      expect(body.entity_id).toBeLessThanOrEqual(seed.lastVisitId);
      const res = await call(openQueryRoute, {
        method: "POST",
        headers: admin.headers,
        body,
        path: "/api/queries",
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({
        entity_type: "visit",
        entity_id: body.entity_id,
        field: "pasi_score",
      });
    }
    const report = await verifyAuditChain(await getDb());
    expect(report.ok).toBe(true);
  });

  it("adds one summary audit row and leaves the chain intact", async () => {
    const fixtureRows = await rows<{ new_values: Record<string, unknown> }>(
      "SELECT new_values FROM audit_logs WHERE new_values ->> 'fixture' = 'bench-scale'",
    );
    expect(fixtureRows).toHaveLength(1);
    expect(fixtureRows[0]!.new_values).toMatchObject({ patients: PATIENTS, visits: PATIENTS * VISITS });
    const report = await verifyAuditChain(await getDb());
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });
  it("follows the study's SDV requirement: under 'all' a fully verified visit is verified", async () => {
    const admin = await callerFor({ roleLevel: "superadmin", isSuperuser: true });
    const created = await createStudy(admin, { ...DEMO_STUDY_CONFIG, sdv_requirement: "all" });
    const other = await seedScaleData(await getDb(), {
      studyId: created.id,
      patients: 60,
      visitsPerPatient: 2,
      codePrefix: "ALL-",
    });
    const [study] = await rows<{ id: number; code: string; version: number; config: StudyConfigDocument }>(
      `SELECT id, code, version, config FROM studies WHERE id = ${created.id}`,
    );
    const config = configForMessages(readConfig(study!));
    const visitRows = await rows<{
      data_fields: Record<string, unknown>;
      visit_date: string;
      visit_type: string;
      completed_at: Date | null;
      verification: Verification;
      form_status: FormStatus;
    }>(
      `SELECT v.data_fields, v.visit_date::text, v.visit_type, v.completed_at, v.verification, v.form_status
       FROM visits v WHERE v.study_id = ${created.id}`,
    );
    expect(visitRows).toHaveLength(other.visits);
    for (const v of visitRows)
      expect(v.form_status).toBe(
        formStatusFor(
          config,
          "visit",
          reviewedVisit({
            dataFields: v.data_fields,
            missing: {},
            visitDate: v.visit_date,
            visitType: v.visit_type,
            isLocked: false,
            completedAt: v.completed_at,
            verification: v.verification,
          }),
        ),
      );
    const statuses = new Set(visitRows.map((v) => v.form_status));
    expect([...statuses].sort()).toEqual(["complete", "in_progress", "verified"]);
    const [totals] = await rows<{ verified: number }>(
      `SELECT sum(visits_verified)::int AS verified FROM patient_figure_totals WHERE study_id = ${created.id}`,
    );
    expect(totals!.verified).toBe(visitRows.filter((v) => v.form_status === "verified").length);
    expect((await verifyAuditChain(await getDb())).ok).toBe(true);
  });
});

describe("bench:scale measurement", () => {
  let server: http.Server;
  let base: URL;

  beforeAll(async () => {
    // The two existing routes served from this process as Next would call them.
    const routes: Record<string, (req: Request) => Promise<Response>> = {
      "/api/health": (req) => health(req),
      "/api/studies": (req) => listStudies(req),
    };
    server = http.createServer(async (incoming, outgoing) => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const handler = routes[url.pathname];
      if (!handler) {
        outgoing.writeHead(404, { "content-type": "text/html" }).end("<!DOCTYPE html><h1>404</h1>");
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(incoming.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await handler(new Request(url, { method: incoming.method, headers }));
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("measures the ceiling and the study list, and reports missing routes as not available yet", async () => {
    const admin = await createUser({ roleLevel: "superadmin", isSuperuser: true });
    const { access_token } = await loginForApi(
      await getDb(),
      { email: admin.email, password: admin.password },
      { ip: "127.0.0.1", userAgent: "vitest" },
    );
    const ctx = scenarioContext({ studyId, visitsPerPatient: VISITS, ...seed });
    const measurements: Measurement[] = [];
    for (const scenario of SCENARIOS.filter((s) =>
      ["ceiling", "studies", "patients_page1", "visit_create"].includes(s.name),
    ))
      measurements.push(
        await measureScenario(scenario, ctx, {
          base,
          token: access_token,
          seconds: 1,
          concurrency: 2,
          // The server runs in this process here: its CPU time is this process's.
          serverCpuSeconds: () => {
            const { user, system } = process.cpuUsage();
            return (user + system) / 1e6;
          },
        }),
      );
    const report = buildReport(measurements, { auditChainIntact: true });
    const byName = Object.fromEntries(report.rows.map((r) => [r.name, r]));
    expect(byName[CEILING]).toMatchObject({ status: "measured", errors: 0, ratioToCeiling: 1 });
    expect(byName[CEILING]!.reqPerSec).toBeGreaterThan(0);
    expect(byName.studies).toMatchObject({ status: "measured", errors: 0 });
    expect(byName.studies!.reqPerSec).toBeGreaterThan(0);
    expect(byName.studies!.p95Ms).toBeGreaterThanOrEqual(byName.studies!.p50Ms);
    expect(byName.studies!.serverCpuMsPerRequest).toBeGreaterThan(0);
    expect(byName.patients_page1).toMatchObject({ status: "not_available", ratioToCeiling: null });
    expect(byName.visit_create).toMatchObject({ status: "not_available" });
    const table = formatTable(report);
    expect(table).toContain("GET /api/health");
    expect(table).toContain("GET /api/studies");
    expect(table).toContain("server CPU ms/req");
    expect(table).toContain("not available yet");
    expect(report.targets.map((t) => t.verdict)).toEqual(Array(8).fill("N/A"));
  });
});

describe("bench:scale probe and targets", () => {
  it("tells Next's page for a missing route from an answer of ours", () => {
    expect(classifyProbe(404, "text/html; charset=utf-8", "<!DOCTYPE html>").status).toBe("not_available");
    expect(classifyProbe(405, null, "").status).toBe("not_available");
    expect(classifyProbe(404, "application/json", '{"detail":"Patient not found"}')).toEqual({
      status: "probe_failed",
      note: '404 {"detail":"Patient not found"}',
    });
    expect(classifyProbe(201, "application/json", "{}").status).toBe("available");
  });

  it("gives each visit request its own (patient, visit number) after the seeded visits", () => {
    const ctx = scenarioContext({
      studyId: 1,
      firstPatientId: 10,
      lastPatientId: 12,
      visitsPerPatient: 3,
      codePrefix: "BEN-",
      firstVisitId: 100,
      lastVisitId: 108,
    });
    const next = visitBodies(ctx);
    const keys = Array.from({ length: 9 }, () => next() as { patient_id: number; visit_number: number });
    expect(new Set(keys.map((k) => `${k.patient_id}/${k.visit_number}`)).size).toBe(9);
    expect(Math.min(...keys.map((k) => k.visit_number))).toBe(4);
    expect(keys.every((k) => k.patient_id >= 10 && k.patient_id <= 12)).toBe(true);
    // The body the schema wants: the therapy-switch answer inside data_fields.
    const body = keys[0] as unknown as { data_fields: { therapy_switch: unknown } };
    expect(body.data_fields.therapy_switch).toEqual({ is_continuing_therapy: true });
    // The keyset scenario starts after page deepPage - 1, fetched with page numbers.
    const deep = scenarioContext({
      studyId: 7,
      firstPatientId: 1,
      lastPatientId: 100_000,
      visitsPerPatient: 10,
      codePrefix: "BEN-",
      firstVisitId: 1,
      lastVisitId: 1_000_000,
    });
    expect(deep.deepPage).toBe(900);
    expect(deepCursorPath(deep)).toBe("/api/patients?study_id=7&page=899&page_size=100&sort=code");
  });

  it("judges each target from the measurements, naming the gap", () => {
    const m = (name: string, group: Measurement["group"], reqPerSec: number, p95Ms = 10): Measurement => ({
      name,
      label: name,
      group,
      status: "measured",
      requests: reqPerSec,
      reqPerSec,
      p50Ms: p95Ms / 2,
      p95Ms,
      errors: 0,
    });
    const report = buildReport(
      [
        m(CEILING, "ceiling", 1000),
        m("patients_page1", "list", 700),
        m("patients_deep", "list", 500),
        m("patient_detail", "detail", 650),
        m("dashboard", "dashboard", 200, 140),
        m("patient_schedule", "detail", 650, 20),
        m("overdue_visits", "dashboard", 300, 120),
        m("visit_create", "write", 320),
      ],
      { auditChainIntact: true },
    );
    const verdicts = Object.fromEntries(report.targets.map((t) => [t.target, t]));
    expect(verdicts["schedule & overdue list p95 < 100 ms"]).toMatchObject({
      verdict: "MISS",
      detail: "patient_schedule p95 20 ms; overdue_visits p95 120 ms",
    });
    expect(verdicts["list & detail >= 60% of ceiling"]).toMatchObject({ verdict: "MISS" });
    expect(verdicts["list & detail >= 60% of ceiling"]!.detail).toContain(
      "worst patients_deep at 50%, 10% short",
    );
    expect(verdicts["dashboard p95 < 100 ms"]).toMatchObject({
      verdict: "MISS",
      detail: "p95 140 ms, 40.0 ms over",
    });
    expect(verdicts["visit writes >= 300/s, audit chain intact"]!.verdict).toBe("PASS");
    expect(verdicts["page 1 vs deep page within 20%"]).toMatchObject({ verdict: "MISS" });
    // The keyset deep page decides the flat-cost target; the page-number one is stated beside it.
    const deepPaths = buildReport(
      [
        m(CEILING, "ceiling", 1000),
        m("patients_page1", "list", 700),
        m("patients_deep", "list", 650),
        m("patients_deep_page", "list", 200),
      ],
      { auditChainIntact: true },
    );
    const flat = deepPaths.targets.find((t) => t.target.startsWith("page 1 vs deep page"))!;
    expect(flat.verdict).toBe("PASS");
    expect(flat.detail).toContain("cursor deep page at 93% of page 1's req/s (gap 7%)");
    expect(flat.detail).toContain("page-number deep page at 29%");
    // Page 1 beside PostgreSQL answering the same statement alone, in the same run.
    const beside = (app: number, own: number) =>
      buildReport(
        [m(CEILING, "ceiling", 1000), m("patients_page1", "list", app), m(POSTGRES_LIST, "postgres", own)],
        {
          auditChainIntact: true,
        },
      );
    const ownRate = (r: ReturnType<typeof beside>) =>
      r.targets.find((t) => t.target === "list page 1 >= 50% of PostgreSQL's own rate")!;
    expect(ownRate(beside(700, 1200))).toMatchObject({ verdict: "PASS", detail: "page 1 at 58% of 1200/s" });
    expect(ownRate(beside(500, 1200))).toMatchObject({ verdict: "MISS", detail: "page 1 at 42% of 1200/s" });
    expect(beside(700, 1200).rows.find((r) => r.name === POSTGRES_LIST)!.ratioToCeiling).toBeNull();
    expect(formatTable(beside(700, 1200))).toContain("vs PostgreSQL");
    expect(ownRate(report)).toMatchObject({ verdict: "N/A" });
    // The writes beside PostgreSQL committing one at a time under one lock (the chain's floor).
    const floored = buildReport(
      [
        m(CEILING, "ceiling", 1000),
        m("visit_create", "write", 150),
        m(POSTGRES_CHAIN_COMMITS, "postgres", 200),
      ],
      { auditChainIntact: true },
    );
    expect(floored.targets.find((t) => t.target.startsWith("visit writes"))!.detail).toBe(
      "150/s (150/s short); audit chain intact; 75% of PostgreSQL's 200 serialized commits/s",
    );
    // The data review: every Queries and SDV list under 100 ms at p95, the worst named; opening a
    // query at 200/s or more with the chain intact, and the rows the check read.
    const review = (deepP95: number, opening: number, intact: boolean) =>
      buildReport(
        [
          m(CEILING, "ceiling", 1000),
          ...REVIEW_LIST_SCENARIOS.map((name) => m(name, "list", 600, name === "sdv_deep" ? deepP95 : 30)),
          m("query_open", "write", opening),
        ],
        { auditChainIntact: intact, auditRowsChecked: 1234 },
      ).targets;
    const lists = (t: ReturnType<typeof review>) =>
      t.find((x) => x.target.startsWith("Queries & SDV lists"))!;
    const opens = (t: ReturnType<typeof review>) => t.find((x) => x.target.startsWith("query opening"))!;
    expect(lists(review(40, 250, true))).toMatchObject({
      verdict: "PASS",
      detail: "worst sdv_deep p95 40 ms",
    });
    expect(lists(review(120, 250, true))).toMatchObject({
      verdict: "MISS",
      detail: "worst sdv_deep p95 120 ms; over: sdv_deep 120 ms",
    });
    expect(opens(review(40, 250, true))).toMatchObject({
      verdict: "PASS",
      detail: "250/s; chain intact: yes, 1234 rows checked",
    });
    expect(opens(review(40, 150, true))).toMatchObject({
      verdict: "MISS",
      detail: expect.stringContaining("50/s short"),
    });
    expect(opens(review(40, 250, false))).toMatchObject({
      verdict: "MISS",
      detail: expect.stringContaining("chain intact: NO"),
    });
    expect(lists(report.targets)).toMatchObject({ verdict: "N/A" });
    const broken = buildReport([m(CEILING, "ceiling", 1000), m("visit_create", "write", 400)], {
      auditChainIntact: false,
    });
    expect(broken.targets.find((t) => t.target.startsWith("visit writes"))!.verdict).toBe("MISS");
  });
});
