/**
 * Patient API contracts (spec §3 Patient, §5 Add patient, §7 /patients) and the pieces the visit
 * contracts share with them: ids, the change reason, calendar dates. Pure.
 */
import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { visibleIdentifier } from "./identifier-text";
import { BasedOnVersion } from "./versioning";

export const MAX_DB_INT = 2_147_483_647;

export const idOf = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive integer`)
    .max(MAX_DB_INT, `${what} is out of range`);

export const REASON_LIMITS = { min: 3, max: 500 } as const;

/**
 * Changing or deleting clinical data needs a reason (21 CFR 11.10(e)); it is kept in the audit row.
 * The reason dialog resolves over this schema, so the API and the screen say the same words.
 */
export const ChangeReason = z
  .string({ error: "Reason is required: say why this clinical data is changed" })
  .trim()
  .min(REASON_LIMITS.min, `Reason must be at least ${REASON_LIMITS.min} characters`)
  .max(REASON_LIMITS.max, `Reason must be at most ${REASON_LIMITS.max} characters`);

export const ReasonBody = z.object({ reason: ChangeReason });
export type ReasonBody = z.infer<typeof ReasonBody>;

/** A calendar date under the one date rule (lib/dates/calendar-date.ts); `message` if it fails. */
export const CalendarDate = (label: string, message = `${label} must be a date (YYYY-MM-DD)`) =>
  z.string({ error: `${label} is required` }).refine((value) => isCalendarDate(value), message);

/** Free-form study-defined values; the study's fields check them on the server. */
export const FieldValues = z.record(z.string(), z.unknown());

export const PATIENT_LIMITS = { code: 50, pageSize: 100, searchLength: 50 } as const;
/** The rows the patients screen asks for per page (the API allows up to PATIENT_LIMITS.pageSize). */
export const PATIENT_SCREEN_PAGE_SIZE = 20;

export const PATIENT_MESSAGES = {
  notFound: "Patient not found",
  codeRequired: "Patient code is required",
  codeTooLong: `Patient code must be at most ${PATIENT_LIMITS.code} characters`,
  sexRequired: "Sex is required",
  sex: "Sex must be M or F",
  codeTaken: (code: string) => `A patient with code "${code}" already exists in this study`,
  lockedVisit: (n: number) =>
    `The patient's visit ${n} is locked: a principal investigator must unlock it before the patient can be deleted`,
} as const;

const Measure = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite()
    .positive(`${label} must be greater than 0`)
    .max(1000, `${label} is out of range`)
    .nullable();

const PatientCode = z
  .string({ error: PATIENT_MESSAGES.codeRequired })
  .trim()
  .min(1, PATIENT_MESSAGES.codeRequired)
  .max(PATIENT_LIMITS.code, PATIENT_MESSAGES.codeTooLong)
  .superRefine(visibleIdentifier("Patient code"));

const Sex = z.enum(["M", "F"], {
  error: (issue) => (issue.input === undefined ? PATIENT_MESSAGES.sexRequired : PATIENT_MESSAGES.sex),
});

/** Spec §5: code, birth date and sex required; height and weight optional numbers. */
export const PatientCreateBody = z.object({
  study_id: idOf("study_id"),
  code: PatientCode,
  birth_date: CalendarDate("Birth date"),
  sex: Sex,
  height_cm: Measure("Height").optional(),
  weight_kg: Measure("Weight").optional(),
  naive_systemic: z.boolean().optional(),
  naive_biologic: z.boolean().optional(),
  custom_fields: FieldValues.default({}),
});
export type PatientCreateBody = z.infer<typeof PatientCreateBody>;

/** Every key optional but version and reason; custom_fields are merged into the stored ones. */
export const PatientUpdateBody = z.object({
  version: BasedOnVersion,
  reason: ChangeReason,
  code: PatientCode.optional(),
  birth_date: CalendarDate("Birth date").optional(),
  sex: Sex.optional(),
  height_cm: Measure("Height").optional(),
  weight_kg: Measure("Weight").optional(),
  naive_systemic: z.boolean().optional(),
  naive_biologic: z.boolean().optional(),
  custom_fields: FieldValues.optional(),
});
export type PatientUpdateBody = z.infer<typeof PatientUpdateBody>;

export const PatientIdParams = z.object({ id: idOf("Patient id") });

export const PATIENT_SORTS = ["code", "enrolled"] as const;

export const PatientListQuery = z.object({
  study_id: idOf("study_id"),
  page: z.coerce.number().int().min(1, "page must be at least 1").max(MAX_DB_INT).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, "page_size must be at least 1")
    .max(PATIENT_LIMITS.pageSize, `page_size must be at most ${PATIENT_LIMITS.pageSize}`)
    .default(20),
  sort: z.enum(PATIENT_SORTS, { error: "sort must be code or enrolled" }).default("code"),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
  search: z.string().trim().max(PATIENT_LIMITS.searchLength).optional(),
  /** `next_cursor` of the previous page: keyset paging, the same cost at any depth (page ignored). */
  cursor: z.string().max(200).optional(),
});
export type PatientListQuery = z.infer<typeof PatientListQuery>;

export const PatientResponse = z.object({
  id: z.number(),
  study_id: z.number(),
  code: z.string(),
  birth_date: z.string(),
  sex: z.enum(["M", "F"]),
  height_cm: z.number().nullable(),
  weight_kg: z.number().nullable(),
  naive_systemic: z.boolean(),
  naive_biologic: z.boolean(),
  custom_fields: FieldValues,
  medical_group_id: z.number().nullable(),
  created_by: z.number().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PatientResponse = z.infer<typeof PatientResponse>;

export const PatientListResponse = z.object({
  items: z.array(PatientResponse),
  total: z.number(),
  /** Pass as `cursor` for the next page (same sort, order, search); null on the last page. */
  next_cursor: z.string().nullable(),
});
export type PatientListResponse = z.infer<typeof PatientListResponse>;
