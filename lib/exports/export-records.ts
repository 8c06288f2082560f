/**
 * What the study export reads for one patient (decision 0016): the rows every writer (CSV long, CSV
 * wide, CDISC ODM) formats. Pure types. Dates are ISO text: calendar dates `YYYY-MM-DD`, instants
 * ISO 8601 UTC. A de-identified export hands the writers records already transformed
 * (`deidentify.ts`): pseudonym for the code, dates shifted, identifier fields removed.
 */

export type ExportTherapyLine = {
  line_number: number;
  therapy_name: string | null;
  start_date: string | null;
  end_date: string | null;
  switch_reason: string | null;
  /** The therapy-switch answers (study's switch fields) that closed the previous line. */
  switch_data: Record<string, unknown> | null;
};

export type ExportVisit = {
  id: number;
  visit_number: number;
  visit_date: string;
  visit_type: string;
  data_fields: Record<string, unknown>;
  /** Field → missing-data code given instead of a value (docs/decisions/0023). */
  missing: Record<string, string>;
  calculated_values: Record<string, unknown>;
  therapy_line: ExportTherapyLine | null;
  /** The protocol version in force when the visit was entered (its number), if the study has any. */
  protocol_version: number | null;
  is_locked: boolean;
  created_at: string;
  updated_at: string;
  /** Form status and source data verification (decision 0031); absent where a test builds a visit by hand. */
  review?: ExportReview;
};

export type ExportPatient = {
  id: number;
  /** The patient code, or its stable pseudonym in a de-identified export. */
  code: string;
  birth_date: string;
  sex: "M" | "F";
  height_cm: number | null;
  weight_kg: number | null;
  naive_systemic: boolean | null;
  naive_biologic: boolean | null;
  custom_fields: Record<string, unknown>;
  /** Field → missing-data code given instead of a value (docs/decisions/0023). */
  missing: Record<string, string>;
  medical_group_code: string | null;
  /** The baseline visit's date (decision 0028); null before any visit. */
  enrolled_on: string | null;
  /** Live visits in visit-number order. */
  visits: ExportVisit[];
  /** Form status and source data verification of the patient's own record (decision 0031). */
  review?: ExportReview;
  /**
   * The data queries of this patient and of its exported visits (decision 0030), oldest first:
   * read only for the ODM file (the zip's queries.csv reads them in a pass of its own).
   */
  queries?: ExportQuery[];
  /**
   * The electronic signatures of this patient's casebook and of its exported visits (decision
   * 0032), oldest first: read only for the ODM file (the zip's signatures.csv reads them in a pass
   * of its own).
   */
  signatures?: ExportSignature[];
};

/**
 * One field's source data verification as exported (decision 0031): who verified it and when, and
 * for a verification a later change cleared, who changed the value and when. A de-identified export
 * names no staff (the user ids are null) and shifts the times by the patient's offset.
 */
export type ExportVerification = {
  field: string;
  state: "verified" | "cleared";
  verified_by: number | null;
  verified_at: string;
  cleared_by: number | null;
  cleared_at: string | null;
};

/** A record's review state: its form status, its completion and its verified fields (by field name). */
export type ExportReview = {
  form_status: "in_progress" | "complete" | "verified" | "locked";
  completed_at: string | null;
  completed_by: number | null;
  verification: ExportVerification[];
};

/** One step of a query's thread as exported (staff named by id and name; none when de-identified). */
export type ExportQueryStep = {
  kind: "open" | "response" | "close" | "reopen";
  category: string | null;
  text: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
};

/** A data query (decision 0030) with its whole thread, oldest step first. */
export type ExportQuery = {
  id: number;
  entity_type: "patient" | "visit";
  visit_id: number | null;
  visit_number: number | null;
  visit_type: string | null;
  /** The field asked about; null for a question on the visit as a whole. */
  field: string | null;
  status: "open" | "answered" | "closed";
  assignee_id: number | null;
  created_at: string;
  closed_at: string | null;
  /** Whole days from opening to closing, or to the export while not closed (as the Queries page). */
  days_open: number;
  steps: ExportQueryStep[];
};

/** What changed a signed record (decision 0032), as the invalidation names it. */
export type ExportSignatureCause = {
  entity_type: "patient" | "visit";
  /** The changed record's internal id; null in a de-identified export. */
  entity_id: number | null;
  visit_number: number | null;
  fields: string[];
};

/**
 * An electronic signature as exported (decision 0032): its manifestation (printed name as signed,
 * meaning key and words, instant in UTC) and its state. A de-identified export names no staff
 * (signer and changer null), drops the internal id and the data hash, and shifts the instants by
 * the patient's offset.
 */
export type ExportSignature = {
  id: number | null;
  entity_type: "patient" | "visit";
  visit_id: number | null;
  visit_number: number | null;
  visit_type: string | null;
  signer_id: number | null;
  signer_name: string | null;
  meaning: string;
  meaning_text: string;
  signed_at: string;
  data_hash: string | null;
  state: "valid" | "invalidated";
  invalidated_at: string | null;
  /** Who made the change that invalidated it (a user id). */
  invalidated_by_user: number | null;
  invalidated_by: ExportSignatureCause | null;
};

/** What the zip's review files read of one patient: its code, its review state, its visits' and its queries. */
export type ExportReviewPatient = {
  id: number;
  code: string;
  review: ExportReview;
  visits: { id: number; visit_number: number; visit_type: string; review: ExportReview }[];
  queries: ExportQuery[];
  /** Read only for the signatures.csv pass (decision 0032). */
  signatures?: ExportSignature[];
};

/** One audit row about a patient or one of its visits (ODM AuditRecord), oldest first. */
export type ExportAuditEvent = {
  entity_type: "patient" | "visit";
  entity_id: number;
  action: string;
  user_id: number | null;
  user_email: string | null;
  timestamp: string;
  ip_address: string | null;
  reason: string | null;
  new_values: Record<string, unknown> | null;
};
