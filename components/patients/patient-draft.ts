import { bodyIssues } from "@/lib/client/apply-server-errors";
import { UnreadNumber } from "@/components/forms/number-input";
import { PATIENT_COLUMNS, type PatientCreateBody } from "@/lib/schemas/patients";

/**
 * The fixed part of the add-patient dialog (spec §3 Patient, §5 Add patient): code, birth date and
 * sex required, height and weight optional numbers, the two naive flags as SI/NO, unanswered (null)
 * until the user answers (docs/decisions/0023: never a default "No"). The spec words the
 * dialog in Italian (§1): those are its Italian labels, English has their equivalents
 * (`patients.add.labels`, docs/decisions/0021); the rules and their messages are the API's
 * `PatientCreateBody` (docs/decisions/0020).
 */
/** The fixed fields a refusal can name, as the body calls them (and their catalogue labels). */
export const BASE_FIELDS = ["code", ...PATIENT_COLUMNS, "medical_group_id"] as const;

export type BaseKey = (typeof BASE_FIELDS)[number];
export const NAIVE_FLAGS = ["naive_systemic", "naive_biologic"] as const;

export type PatientDraft = {
  code: string;
  birth_date: string;
  sex: "" | "M" | "F";
  /** As the capture forms' NumberInput holds a number typed in the reader's language (decision 0021). */
  height_cm: TypedMeasure;
  weight_kg: TypedMeasure;
  naive_systemic: boolean | null;
  naive_biologic: boolean | null;
  /** The chosen medical group's id as the select holds it; "" when none (docs/decisions/0028). */
  medical_group_id: string;
};

/** A measure as typed: nothing, its number, or text that is not a number in the reader's language. */
export type TypedMeasure = number | UnreadNumber | undefined;

export const EMPTY_DRAFT: PatientDraft = {
  code: "",
  birth_date: "",
  sex: "",
  height_cm: undefined,
  weight_kg: undefined,
  naive_systemic: null,
  naive_biologic: null,
  medical_group_id: "",
};

/**
 * An empty box is no answer; text that is not a number stays one (NaN), which the schema refuses
 * with its "must be a number", never a silent blank.
 */
export const typedMeasure = (value: TypedMeasure) => (value instanceof UnreadNumber ? Number.NaN : value);

/**
 * The request body the draft stands for, before the schema checks it. `naiveInForm` names the naive
 * flags the study defines as patient fields: those are answered in the study's form (where their
 * conditions live) and travel in custom_fields, so they are left out here.
 */
export function draftBody(
  draft: PatientDraft,
  studyId: number,
  naiveInForm: ReadonlySet<string>,
): Record<keyof PatientCreateBody, unknown> {
  return {
    study_id: studyId,
    code: draft.code,
    birth_date: draft.birth_date || undefined,
    sex: draft.sex || undefined,
    height_cm: typedMeasure(draft.height_cm),
    weight_kg: typedMeasure(draft.weight_kg),
    naive_systemic: naiveInForm.has("naive_systemic") ? undefined : draft.naive_systemic,
    naive_biologic: naiveInForm.has("naive_biologic") ? undefined : draft.naive_biologic,
    custom_fields: {},
    medical_group_id: draft.medical_group_id === "" ? undefined : Number(draft.medical_group_id),
    // Sent only by the confirm step of a refused save (decision 0024).
    confirmed_warnings: undefined,
    missing: {},
  };
}

/** A refused create's messages about the study's fields, by field name (first per field). */
export function customFieldIssues(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { loc, msg } of bodyIssues(error)) {
    const [, key, field] = loc;
    if (key === "custom_fields" && typeof field === "string") result[field] ??= msg;
  }
  return result;
}
