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
