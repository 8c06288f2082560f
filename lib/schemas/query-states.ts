/**
 * The words of a data query's life (decision 0030), shared by the database's check constraints,
 * the API contracts and the screens. Pure.
 */
export const QUERY_ENTITY_TYPES = ["patient", "visit"] as const;
export type QueryEntityType = (typeof QUERY_ENTITY_TYPES)[number];

/** open → answered (the site responded) → closed (the reviewer accepted); reopen → open. */
export const QUERY_STATUSES = ["open", "answered", "closed"] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const QUERY_STEP_KINDS = ["open", "response", "close", "reopen"] as const;
export type QueryStepKind = (typeof QUERY_STEP_KINDS)[number];

/** Why the value is as it is, given with every response (REDCap's and OpenClinica's reasons). */
export const QUERY_RESPONSE_CATEGORIES = [
  "data_missing",
  "typing_error",
  "confirmed_correct",
  "wrong_source",
  "other",
] as const;
export type QueryResponseCategory = (typeof QUERY_RESPONSE_CATEGORIES)[number];

/** The status a step leads to, and the statuses it may be taken from. */
export const QUERY_TRANSITIONS: Record<
  Exclude<QueryStepKind, "open">,
  { from: readonly QueryStatus[]; to: QueryStatus }
> = {
  // A further response while answered (a second thought, more detail) keeps it answered.
  response: { from: ["open", "answered"], to: "answered" },
  close: { from: ["open", "answered"], to: "closed" },
  reopen: { from: ["answered", "closed"], to: "open" },
};

/** The columns of a patient and of a visit a query may name besides the study's own fields. */
export const QUERY_RECORD_COLUMNS = {
  patient: ["code", "birth_date", "sex", "height_cm", "weight_kg", "naive_systemic", "naive_biologic"],
  visit: ["visit_date", "visit_type", "visit_number"],
} as const satisfies Record<QueryEntityType, readonly string[]>;
export type QueryRecordColumn = (typeof QUERY_RECORD_COLUMNS)[QueryEntityType][number];
