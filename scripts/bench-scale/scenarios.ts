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
  /** Bench visits have contiguous ids: the visits a query is opened on. */
  firstVisitId: number;
  lastVisitId: number;
  /** Deep positions of the Queries and SDV lists (./review-cursors.ts); null until made. */
  queriesDeepCursor: string | null;
  sdvDeepCursor: string | null;
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

/** The screens' page sizes: QUERIES_PAGE_SIZE (components/queries-list) and SDV_PAGE_SIZE (components/sdv). */
export const QUERIES_SCREEN_PAGE_SIZE = 20;
export const SDV_SCREEN_PAGE_SIZE = 50;
/** The SDV page's filters the scenarios ask for: a form status, and a visit type of the fixture. */
export const SDV_FORM_STATUS = "complete";
export const SDV_VISIT_TYPE = "week_12";

/**
 * Queries opened on the seeded visits' PASI score (decision 0030), by the caller (a platform admin
 * may open queries): request n goes to a visit spread over the whole range, so the writes do not
 * queue on one patient's rows. Several queries on one value are allowed, as in the app.
 */
export function queryOpenBodies(ctx: ScenarioContext): () => unknown {
  const visits = ctx.lastVisitId - ctx.firstVisitId + 1;
  let n = 0;
  return () => {
    const i = n++;
    return {
      study_id: ctx.studyId,
      entity_type: "visit",
      entity_id: ctx.firstVisitId + ((i * 7919) % visits),
      field: "pasi_score",
      text: "Please confirm the PASI score against the source document (bench).",
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
  // The data review (decisions 0030, 0031): the Queries page's list and the SDV page's list at the
  // screens' page sizes, first page and keyset-deep (90% down), and the opening of a query.
  {
    name: "queries_page1",
    label: `GET /api/queries page 1, ${QUERIES_SCREEN_PAGE_SIZE} rows (the Queries page)`,
    group: "list",
    method: "GET",
    path: (c) => `/api/queries?${q({ study_id: c.studyId, page_size: QUERIES_SCREEN_PAGE_SIZE })}`,
    auth: true,
  },
  {
    name: "queries_deep",
    label: "GET /api/queries deep page (cursor, 90% down)",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/queries?${q({ study_id: c.studyId, page_size: QUERIES_SCREEN_PAGE_SIZE, cursor: c.queriesDeepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "queries_open_page1",
    label: "GET /api/queries?status=open page 1",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/queries?${q({ study_id: c.studyId, status: "open", page_size: QUERIES_SCREEN_PAGE_SIZE })}`,
    auth: true,
  },
  {
    // The cursor's terms are the list's ordering, not its filters: the same position serves.
    name: "queries_open_deep",
    label: "GET /api/queries?status=open deep page (cursor)",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/queries?${q({ study_id: c.studyId, status: "open", page_size: QUERIES_SCREEN_PAGE_SIZE, cursor: c.queriesDeepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "sdv_page1",
    label: `GET /api/sdv page 1, ${SDV_SCREEN_PAGE_SIZE} rows (the SDV page)`,
    group: "list",
    method: "GET",
    path: (c) => `/api/sdv?${q({ study_id: c.studyId, page_size: SDV_SCREEN_PAGE_SIZE })}`,
    auth: true,
  },
  {
    name: "sdv_deep",
    label: "GET /api/sdv deep page (cursor, 90% down)",
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/sdv?${q({ study_id: c.studyId, page_size: SDV_SCREEN_PAGE_SIZE, cursor: c.sdvDeepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "sdv_form_status",
    label: `GET /api/sdv?form_status=${SDV_FORM_STATUS} page 1`,
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/sdv?${q({ study_id: c.studyId, form_status: SDV_FORM_STATUS, page_size: SDV_SCREEN_PAGE_SIZE })}`,
    auth: true,
  },
  {
    name: "sdv_form_status_deep",
    label: `GET /api/sdv?form_status=${SDV_FORM_STATUS} deep page (cursor)`,
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/sdv?${q({ study_id: c.studyId, form_status: SDV_FORM_STATUS, page_size: SDV_SCREEN_PAGE_SIZE, cursor: c.sdvDeepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "sdv_visit_type",
    label: `GET /api/sdv?visit_type=${SDV_VISIT_TYPE} page 1`,
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/sdv?${q({ study_id: c.studyId, visit_type: SDV_VISIT_TYPE, page_size: SDV_SCREEN_PAGE_SIZE })}`,
    auth: true,
  },
  {
    name: "sdv_visit_type_deep",
    label: `GET /api/sdv?visit_type=${SDV_VISIT_TYPE} deep page (cursor)`,
    group: "list",
    method: "GET",
    path: (c) =>
      `/api/sdv?${q({ study_id: c.studyId, visit_type: SDV_VISIT_TYPE, page_size: SDV_SCREEN_PAGE_SIZE, cursor: c.sdvDeepCursor ?? "" })}`,
    auth: true,
  },
  {
    name: "query_open",
    label: "POST /api/queries (open a query: audited write)",
    group: "write",
    method: "POST",
    path: () => "/api/queries",
    body: queryOpenBodies,
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
  firstVisitId: number;
  lastVisitId: number;
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
    queriesDeepCursor: null,
    sdvDeepCursor: null,
  };
}
