/**
 * De-identification of one exported patient (decision 0016). Pure: the keyed pseudonym and the day
 * offset are computed by the server (`lib/server/exports/pseudonyms.ts`) and handed in.
 * - the code becomes the pseudonym;
 * - fields marked `identifier` are removed (patient and visit fields alike);
 * - every date moves by the patient's offset (|offset| 31–365 days, so intervals between one
 *   patient's dates are kept and no date or month stays true): birth date, enrolment, visit dates,
 *   date and month fields (also inside repeating groups), therapy-line dates, the therapy-switch
 *   answers' date fields, record timestamps;
 * - the review state (decisions 0030, 0031): verification entries and queries of identifier fields
 *   are removed with their fields; verification, completion and query times move by the same
 *   offset (so they keep their place among the patient's dates); the staff who verified, completed,
 *   were assigned or wrote a step are not named (their ids and names become null);
 * - electronic signatures (decision 0032) alike: the signer and the author of an invalidating
 *   change are not named, the internal ids and the data hash (a SHA-256 of the identified record,
 *   which would link back to it) are dropped, the instants shift by the same offset, and an
 *   invalidation names no identifier field among what changed.
 * Free text is exported as entered: a date or a name typed into a text field, or into a query's
 * step, is not found here.
 */
import type { DataField, StudyConfig, SubField } from "@/lib/schemas/study-config";
import type {
  ExportPatient,
  ExportQuery,
  ExportReview,
  ExportReviewPatient,
  ExportSignature,
  ExportTherapyLine,
  ExportVisit,
} from "./export-records";

export type PatientMask = { pseudonym: string; shiftDays: number };

/** What de-identification needs from the configuration, computed once per export. */
export type DeidentifyPlan = {
  patientFields: ReadonlyMap<string, DataField>;
  visitFields: ReadonlyMap<string, DataField>;
  switchDateFields: ReadonlySet<string>;
};

export function deidentifyPlan(config: StudyConfig): DeidentifyPlan {
  const byEntity = (entity: "patient" | "visit") =>
    new Map(
      config.data_fields.filter((field) => field.entity === entity).map((field) => [field.name, field]),
    );
  return {
    patientFields: byEntity("patient"),
    visitFields: byEntity("visit"),
    switchDateFields: new Set(
      config.therapy_switch_config.switch_fields
        .filter((field) => field.type === "date")
        .map((field) => field.name),
    ),
  };
}

export function deidentifyPatient(
  patient: ExportPatient,
  plan: DeidentifyPlan,
  mask: PatientMask,
): ExportPatient {
  const days = mask.shiftDays;
  return {
    ...patient,
    code: mask.pseudonym,
    birth_date: shiftDate(patient.birth_date, days),
    enrolled_on: patient.enrolled_on === null ? null : shiftDate(patient.enrolled_on, days),
    custom_fields: maskValues(patient.custom_fields, plan.patientFields, days),
    visits: patient.visits.map((visit) => deidentifyVisit(visit, plan, days)),
    ...(patient.review ? { review: maskReview(patient.review, plan.patientFields, days) } : {}),
    ...(patient.queries ? { queries: maskQueries(patient.queries, plan, days) } : {}),
    ...(patient.signatures ? { signatures: maskSignatures(patient.signatures, plan, days) } : {}),
  };
}

/** The zip's review files' patient (decision 0016): pseudonym, review state and queries masked alike. */
export function deidentifyReviewPatient(
  patient: ExportReviewPatient,
  plan: DeidentifyPlan,
  mask: PatientMask,
): ExportReviewPatient {
  const days = mask.shiftDays;
  return {
    ...patient,
    code: mask.pseudonym,
    review: maskReview(patient.review, plan.patientFields, days),
    visits: patient.visits.map((visit) => ({
      ...visit,
      review: maskReview(visit.review, plan.visitFields, days),
    })),
    queries: maskQueries(patient.queries, plan, days),
    ...(patient.signatures ? { signatures: maskSignatures(patient.signatures, plan, days) } : {}),
  };
}

/** Signatures keep their manifestation's meaning and state; staff, ids and hash leave, times shift. */
function maskSignatures(
  list: readonly ExportSignature[],
  plan: DeidentifyPlan,
  days: number,
): ExportSignature[] {
  return list.map((signature) => {
    const cause = signature.invalidated_by;
    const fields = cause?.entity_type === "patient" ? plan.patientFields : plan.visitFields;
    return {
      ...signature,
      id: null,
      signer_id: null,
      signer_name: null,
      data_hash: null,
      signed_at: shiftInstant(signature.signed_at, days),
      invalidated_at: signature.invalidated_at === null ? null : shiftInstant(signature.invalidated_at, days),
      invalidated_by_user: null,
      invalidated_by:
        cause === null
          ? null
          : {
              ...cause,
              entity_id: null,
              fields: cause.fields.filter((field) => fields.get(field)?.identifier !== true),
            },
    };
  });
}

function maskReview(
  review: ExportReview,
  fields: ReadonlyMap<string, DataField>,
  days: number,
): ExportReview {
  return {
    form_status: review.form_status,
    completed_at: review.completed_at === null ? null : shiftInstant(review.completed_at, days),
    completed_by: null,
    verification: review.verification
      .filter((entry) => fields.get(entry.field)?.identifier !== true)
      .map((entry) => ({
        ...entry,
        verified_by: null,
        verified_at: shiftInstant(entry.verified_at, days),
        cleared_by: null,
        cleared_at: entry.cleared_at === null ? null : shiftInstant(entry.cleared_at, days),
      })),
  };
}

/** A query about an identifier field leaves with its field; the others lose staff names, times shift. */
function maskQueries(list: readonly ExportQuery[], plan: DeidentifyPlan, days: number): ExportQuery[] {
  return list
    .filter((query) => {
      if (query.field === null) return true;
      const fields = query.entity_type === "patient" ? plan.patientFields : plan.visitFields;
      return fields.get(query.field)?.identifier !== true;
    })
    .map((query) => ({
      ...query,
      assignee_id: null,
      created_at: shiftInstant(query.created_at, days),
      closed_at: query.closed_at === null ? null : shiftInstant(query.closed_at, days),
      steps: query.steps.map((step) => ({
        ...step,
        user_id: null,
        user_name: null,
        created_at: shiftInstant(step.created_at, days),
      })),
    }));
}

function deidentifyVisit(visit: ExportVisit, plan: DeidentifyPlan, days: number): ExportVisit {
  const dataFields = maskValues(visit.data_fields, plan.visitFields, days);
  const answer = visit.data_fields.therapy_switch;
  if (answer && typeof answer === "object" && !Array.isArray(answer))
    dataFields.therapy_switch = shiftNamed(answer as Record<string, unknown>, plan.switchDateFields, days);
  return {
    ...visit,
    visit_date: shiftDate(visit.visit_date, days),
    data_fields: dataFields,
    therapy_line: visit.therapy_line ? deidentifyLine(visit.therapy_line, plan, days) : null,
    created_at: shiftInstant(visit.created_at, days),
    updated_at: shiftInstant(visit.updated_at, days),
    ...(visit.review ? { review: maskReview(visit.review, plan.visitFields, days) } : {}),
  };
}

function deidentifyLine(line: ExportTherapyLine, plan: DeidentifyPlan, days: number): ExportTherapyLine {
  return {
    ...line,
    start_date: line.start_date === null ? null : shiftDate(line.start_date, days),
    end_date: line.end_date === null ? null : shiftDate(line.end_date, days),
    switch_data: line.switch_data ? shiftNamed(line.switch_data, plan.switchDateFields, days) : null,
  };
}

/** Values of configured fields: identifiers dropped, dates shifted; keys the config does not know are kept. */
function maskValues(
  values: Record<string, unknown>,
  fields: ReadonlyMap<string, DataField>,
  days: number,
): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.get(name);
    if (field?.identifier === true) continue;
    masked[name] = field ? shiftTyped(field.type, value, days, field.schema) : value;
  }
  return masked;
}

function shiftTyped(
  type: string,
  value: unknown,
  days: number,
  schema: Record<string, SubField> | undefined,
): unknown {
  if (typeof value === "string" && type === "date") return shiftDate(value, days);
  if (typeof value === "string" && type === "month") return shiftMonth(value, days);
  if (type === "array" && Array.isArray(value) && schema)
    return value.map((row) => {
      if (!row || typeof row !== "object" || Array.isArray(row)) return row;
      const shifted: Record<string, unknown> = {};
      for (const [key, cell] of Object.entries(row as Record<string, unknown>)) {
        const sub = schema[key];
        shifted[key] = sub ? shiftTyped(sub.type, cell, days, undefined) : cell;
      }
      return shifted;
    });
  return value;
}

function shiftNamed(values: Record<string, unknown>, dateFields: ReadonlySet<string>, days: number) {
  const shifted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    shifted[key] = dateFields.has(key) && typeof value === "string" ? shiftDate(value, days) : value;
  return shifted;
}

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;

/** `YYYY-MM-DD` moved by whole days (UTC arithmetic: no time zone or DST in play). */
export function shiftDate(date: string, days: number): string {
  const match = CALENDAR_DATE.exec(date);
  // Not a calendar date (typed under an older rule): nothing true may leak, so it is withheld.
  if (!match) return "";
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** `YYYY-MM`: the 15th of the month moved by the offset; with |offset| ≥ 31 the month always changes. */
export function shiftMonth(month: string, days: number): string {
  const match = CALENDAR_MONTH.exec(month);
  if (!match) return "";
  return shiftDate(`${match[1]}-${match[2]}-15`, days).slice(0, 7);
}

function shiftInstant(instant: string, days: number): string {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? "" : new Date(ms + days * DAY_MS).toISOString();
}
