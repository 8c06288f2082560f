import { serverIssues } from "@/lib/client/apply-server-errors";
import { ApiClientError } from "@/lib/client/api-fetch";
import type { PatientCreateBody } from "@/lib/schemas/patients";

/**
 * The fixed part of the add-patient dialog (spec §3 Patient, §5 Add patient): code, birth date and
 * sex required, height and weight optional numbers, the two naive flags as SI/NO. The dialog is one
 * of the screens the spec has in Italian (§1), hence the labels and messages.
 */
export const BASE_LABELS = {
  code: "Codice Paziente",
  birth_date: "Data di Nascita",
  sex: "Sesso",
  height_cm: "Altezza (cm)",
  weight_kg: "Peso (kg)",
  naive_systemic: "Naive a terapie sistemiche convenzionali",
  naive_biologic: "Naive a terapie biologiche",
} as const;

export type BaseKey = keyof typeof BASE_LABELS;
export const NAIVE_FLAGS = ["naive_systemic", "naive_biologic"] as const;

export type PatientDraft = {
  code: string;
  birth_date: string;
  sex: "" | "M" | "F";
  height_cm: string;
  weight_kg: string;
  naive_systemic: boolean;
  naive_biologic: boolean;
};

export const EMPTY_DRAFT: PatientDraft = {
  code: "",
  birth_date: "",
  sex: "",
  height_cm: "",
  weight_kg: "",
  naive_systemic: false,
  naive_biologic: false,
};

export type DraftErrors = Partial<Record<BaseKey, string>>;

const required = (key: BaseKey) => `${BASE_LABELS[key]} è obbligatorio`;

function measure(value: string, key: BaseKey, errors: DraftErrors): number | null | undefined {
  if (value.trim() === "") return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    errors[key] = `${BASE_LABELS[key]} deve essere un numero maggiore di 0`;
  return number;
}

/**
 * The draft's errors, or the request body's fixed part. `naiveInForm` names the naive flags the
 * study defines as patient fields: those are answered in the study's form (where their conditions
 * live) and travel in custom_fields, so they are left out here.
 */
export function checkDraft(
  draft: PatientDraft,
  naiveInForm: ReadonlySet<string>,
):
  | { ok: true; body: Omit<PatientCreateBody, "study_id" | "custom_fields"> }
  | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  if (!draft.code.trim()) errors.code = required("code");
  if (!draft.birth_date) errors.birth_date = required("birth_date");
  if (draft.sex === "") errors.sex = required("sex");
  const height = measure(draft.height_cm, "height_cm", errors);
  const weight = measure(draft.weight_kg, "weight_kg", errors);
  if (Object.keys(errors).length > 0 || draft.sex === "") return { ok: false, errors };
  const body: Omit<PatientCreateBody, "study_id" | "custom_fields"> = {
    code: draft.code.trim(),
    birth_date: draft.birth_date,
    sex: draft.sex,
    ...(height !== undefined && { height_cm: height }),
    ...(weight !== undefined && { weight_kg: weight }),
  };
  for (const flag of NAIVE_FLAGS) if (!naiveInForm.has(flag)) body[flag] = draft[flag];
  return { ok: true, body };
}

export type ServerErrors = {
  /** Messages for the fixed fields, shown under them. */
  base: DraftErrors;
  /** Messages for the study's fields, by field name (the form engine already checks these first). */
  custom: Record<string, string>;
};

/** Maps a refused create onto the fields: 422 `loc` paths, and the duplicate-code 409. */
export function serverErrors(error: unknown): ServerErrors {
  const result: ServerErrors = { base: {}, custom: {} };
  if (!(error instanceof ApiClientError)) return result;
  if (error.status === 409 && typeof error.detail === "string") {
    result.base.code = error.detail;
    return result;
  }
  for (const { loc, msg } of serverIssues(error)) {
    const [where, key, field] = loc;
    if (where !== "body" || typeof key !== "string") continue;
    if (key === "custom_fields" && typeof field === "string") result.custom[field] ??= msg;
    else if (key in BASE_LABELS) result.base[key as BaseKey] ??= msg;
  }
  return result;
}
