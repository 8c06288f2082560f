/**
 * What `npm run bench:scale` measures. Each scenario names its method, its path and (for writes)
 * a body builder called once per request. A scenario whose route does not exist yet is reported as
 * "not available yet" (see ./measure.ts), so adding an endpoint needs no change here unless its
 * shape differs from what is written below.
 */
import { PATIENT_SCREEN_PAGE_SIZE } from "@/lib/schemas/patients";

/** What the harness knows when it builds requests: ids from the seeding, counts from the options. */
export type ScenarioContext = {
  studyId: number;
  /** Bench patients have contiguous ids (one INSERT ... SELECT). */
  firstPatientId: number;
  lastPatientId: number;
  /** A patient in the middle of the range, for the detail scenarios. */
  samplePatientId: number;
  visitsPerPatient: number;
  /** Page reached by the deep-page scenario (page_size 100), inside the seeded range. */
  deepPage: number;
  /** A code prefix matching about 100 patients. */
  searchPrefix: string;
  /**
   * The list's own `next_cursor` at the end of page deepPage - 1 (see `deepCursorPath`), so the
   * keyset scenario reads the same rows as the page-number one; null until fetched.
   */
  deepCursor: string | null;
};

/** "postgres": PostgreSQL alone running one of the app's statements (./postgres-rate.ts). */
export type ScenarioGroup = "ceiling" | "reference" | "list" | "detail" | "dashboard" | "write" | "postgres";

export type Scenario = {
  name: string;
  label: string;
  group: ScenarioGroup;
  method: "GET" | "POST";
  path: (ctx: ScenarioContext) => string;
  /** Called for every request: writes need a fresh body (visit numbers are unique per patient). */
  body?: (ctx: ScenarioContext) => () => unknown;
  /** Sends the bearer token. */
  auth: boolean;
};

export const CEILING = "ceiling";
export const PAGE_SIZE = 100;

/**
 * New visits after the seeded ones: request n goes to patient (n mod N) with number V + 1 + n div N,
 * so no two requests collide on (patient, visit_number) however many run.
 */
export function visitBodies(ctx: ScenarioContext): () => unknown {
  const patients = ctx.lastPatientId - ctx.firstPatientId + 1;
  let n = 0;
  return () => {
    const i = n++;
    // lib/schemas/visits.ts: the visit's type is one of the demo study's; the therapy-switch answer
    // lives in data_fields.therapy_switch (a follow-up that continues its therapy line).
    return {
      patient_id: ctx.firstPatientId + (i % patients),
      visit_number: ctx.visitsPerPatient + 1 + Math.floor(i / patients),
      visit_date: "2026-06-15",
      visit_type: "unscheduled",
      data_fields: {
        current_therapy: "risankizumab",
        pasi_score: 4.2,
        bsa_percent: 3,
        pga: "1",
        dlqi_score: 3,
        itch_nrs: 2,
        adverse_event: false,
        therapy_switch: { is_continuing_therapy: true },
      },
    };
  };
}

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));

export const SCENARIOS: Scenario[] = [
  {
    name: CEILING,
    label: "GET /api/health (no query: framework ceiling)",
    group: "ceiling",
    method: "GET",
    path: () => "/api/health",
    auth: false,
  },
  {
    name: "studies",
    label: "GET /api/studies",
    group: "reference",
    method: "GET",
    path: () => "/api/studies",
    auth: true,
  },
  {
    name: "me",
    label: "GET /api/auth/me (session only)",
    group: "reference",
    method: "GET",
    path: () => "/api/auth/me",
    auth: true,
  },
  {
    name: "patients_page1",
    label: "GET /api/patients page 1",
    group: "list",
    method: "GET",
    path: (c) => `/api/patients?${q({ study_id: c.studyId, page: 1, page_size: PAGE_SIZE, sort: "code" })}`,
    auth: true,
  },
  {
    // What the patients screen asks for: the same statement, a fifth of the rows and bytes.
    name: "patients_screen_page1",
    label: `GET /api/patients page 1, ${PATIENT_SCREEN_PAGE_SIZE} rows (the screen)`,
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page: 1, page_size: PATIENT_SCREEN_PAGE_SIZE, sort: "code" })}`,
    auth: true,
  },
  {
    name: "patients_deep",
    label: "GET /api/patients deep page (cursor)",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page_size: PAGE_SIZE, sort: "code", cursor: c.deepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "patients_deep_page",
    label: "GET /api/patients deep page (page=)",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page: c.deepPage, page_size: PAGE_SIZE, sort: "code" })}`,
    auth: true,
  },
  {
    name: "patients_search",
    label: "GET /api/patients code prefix search",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page: 1, page_size: PAGE_SIZE, search: c.searchPrefix })}`,
    auth: true,
  },
  {
    name: "patient_detail",
    label: "GET /api/patients/{id}",
    group: "detail",
    method: "GET",
    path: (c) => `/api/patients/${c.samplePatientId}`,
    auth: true,
  },
  {
    name: "patient_visits",
    label: "GET /api/visits/patient/{id}",
    group: "detail",
    method: "GET",
    path: (c) => `/api/visits/patient/${c.samplePatientId}`,
    auth: true,
  },
  {
    name: "dashboard",
    label: "GET /api/reports/dashboard",
    group: "dashboard",
    method: "GET",
    path: (c) => `/api/reports/dashboard?${q({ study_id: c.studyId })}`,
    auth: true,
  },
  // The visit schedule (decision 0025): one patient's schedule, the overdue list, the list by next visit.
  {
    name: "patient_schedule",
    label: "GET /api/patients/{id}/schedule",
    group: "detail",
    method: "GET",
    path: (c) => `/api/patients/${c.samplePatientId}/schedule`,
    auth: true,
  },
  {
    name: "overdue_visits",
    label: "GET /api/reports/overdue-visits page 1",
    group: "dashboard",
    method: "GET",
    path: (c) => `/api/reports/overdue-visits?${q({ study_id: c.studyId, page_size: PAGE_SIZE })}`,
    auth: true,
  },
  {
    name: "patients_next_visit",
    label: "GET /api/patients page 1 by next visit due",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page: 1, page_size: PAGE_SIZE, sort: "next_visit_due" })}`,
    auth: true,
  },
  {
    name: "patients_enrolled",
    label: "GET /api/patients page 1 by enrolment date",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/patients?${q({ study_id: c.studyId, page: 1, page_size: PAGE_SIZE, sort: "enrolled" })}`,
    auth: true,
  },
  {
    name: "visit_create",
    label: "POST /api/visits (audited write)",
    group: "write",
    method: "POST",
    path: () => "/api/visits",
    body: visitBodies,
    auth: true,
  },
];

/** The page before the deep page by page number: its `next_cursor` starts the deep page. */
export function deepCursorPath(ctx: ScenarioContext): string {
  const page = Math.max(1, ctx.deepPage - 1);
  return `/api/patients?${q({ study_id: ctx.studyId, page, page_size: PAGE_SIZE, sort: "code" })}`;
}

/** The deep page and the search prefix for a seeded population (page 900 of 100 at 100k). */
export function scenarioContext(seed: {
  studyId: number;
  firstPatientId: number;
  lastPatientId: number;
  visitsPerPatient: number;
  codePrefix: string;
}): ScenarioContext {
  const patients = seed.lastPatientId - seed.firstPatientId + 1;
  const pages = Math.max(1, Math.ceil(patients / PAGE_SIZE));
  const middle = Math.ceil(patients / 2);
  return {
    ...seed,
    samplePatientId: seed.firstPatientId + middle - 1,
    deepPage: Math.max(1, Math.floor(pages * 0.9)),
    // The first four of six digits of the middle patient's number: 100 patients (fewer when N < 100).
    searchPrefix: `${seed.codePrefix}${String(middle).padStart(6, "0").slice(0, 4)}`,
    deepCursor: null,
  };
}
