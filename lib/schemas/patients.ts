/**
 * Patient API contracts (spec §3 Patient, §5 Add patient, §7 /patients) and the pieces the visit
 * contracts share with them: ids, the change reason, calendar dates. Pure.
 */
import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { messageRef } from "@/lib/i18n/message-ref";
import { visibleIdentifier } from "./identifier-text";
import { ConfirmedWarning, ConfirmedWarningCodes } from "./plausibility";
import { BasedOnVersion } from "./versioning";
import { FORM_STATUSES, ReviewFields } from "./data-review";
import { LockStateFields } from "./data-lock";

export const MAX_DB_INT = 2_147_483_647;

/**
 * Messages are references (docs/decisions/0021): `what` is a parameter's name (`study_id`, kept as
 * it is) or a label's reference (`messageRef("api.labels.patientId")`, put into words too).
 */
export const idOf = (what: string) =>
  z.coerce
    .number({ error: messageRef("api.common.idNotNumber", { what }) })
    .int(messageRef("api.common.idNotWhole", { what }))
    .positive(messageRef("api.common.idNotPositive", { what }))
    .max(MAX_DB_INT, messageRef("api.common.idOutOfRange", { what }));

export const REASON_LIMITS = { min: 3, max: 500 } as const;

/**
 * Changing or deleting clinical data needs a reason (21 CFR 11.10(e)); it is kept in the audit row.
 * The reason dialog resolves over this schema, so the API and the screen say the same words.
 */
export const ChangeReason = z
  .string({ error: messageRef("api.patients.reasonRequired") })
  .trim()
  .min(REASON_LIMITS.min, messageRef("api.patients.reasonMin", { min: String(REASON_LIMITS.min) }))
  .max(REASON_LIMITS.max, messageRef("api.patients.reasonMax", { max: String(REASON_LIMITS.max) }));

export const ReasonBody = z.object({ reason: ChangeReason });
export type ReasonBody = z.infer<typeof ReasonBody>;

/**
 * A calendar date under the one date rule (lib/dates/calendar-date.ts); `message` if it fails.
 * `label`: a parameter's name or a label's reference (see idOf).
 */
export const CalendarDate = (label: string, message = messageRef("api.common.dateFormat", { label })) =>
  z
    .string({ error: messageRef("api.common.labelRequired", { label }) })
    .refine((value) => isCalendarDate(value), message);

/** Free-form study-defined values; the study's fields check them on the server. */
export const FieldValues = z.record(z.string(), z.unknown());

/**
 * Field name → missing-data code given instead of a value (docs/decisions/0023); `null` clears a
 * stored code on update. Which codes exist is the study's: the server's field check judges them.
 */
export const MissingInput = z.record(
  z.string(),
  z
    .string({ error: messageRef("api.missing.codeText") })
    .max(16, messageRef("api.missing.codeText"))
    .nullable(),
);
/** As answered: field name → code. */
export const MissingValues = z.record(z.string(), z.string());

/** Yes, no, or unanswered (null; decision 0023): never a default that invents an answer. */
const NaiveFlag = z.boolean({ error: messageRef("api.missing.yesNoOrNull") }).nullable();

export const PATIENT_LIMITS = { code: 50, pageSize: 100, searchLength: 50 } as const;
/** The rows the patients screen asks for per page (the API allows up to PATIENT_LIMITS.pageSize). */
export const PATIENT_SCREEN_PAGE_SIZE = 20;

/** Message references (docs/decisions/0021): put into words by the API or `useWords` on screen. */
export const PATIENT_MESSAGES = {
  notFound: messageRef("api.patients.notFound"),
  codeRequired: messageRef("api.patients.codeRequired"),
  codeTooLong: messageRef("api.patients.codeTooLong", { max: String(PATIENT_LIMITS.code) }),
  sexRequired: messageRef("api.patients.sexRequired"),
  sex: messageRef("api.patients.sex"),
  codeTaken: (code: string) => messageRef("api.patients.codeTaken", { code }),
  lockedVisit: (n: number) => messageRef("api.patients.lockedVisit", { n: String(n) }),
} as const;

const Measure = (label: string) =>
  z
    .number({ error: messageRef("api.common.notANumber", { label }) })
    .finite()
    .positive(messageRef("api.common.notPositive", { label }))
    .max(1000, messageRef("api.common.outOfRange", { label }))
    .nullable();

const PatientCode = z
  .string({ error: PATIENT_MESSAGES.codeRequired })
  .trim()
  .min(1, PATIENT_MESSAGES.codeRequired)
  .max(PATIENT_LIMITS.code, PATIENT_MESSAGES.codeTooLong)
  .superRefine(visibleIdentifier(messageRef("api.labels.patientCode")));

const Sex = z.enum(["M", "F"], {
  error: (issue) => (issue.input === undefined ? PATIENT_MESSAGES.sexRequired : PATIENT_MESSAGES.sex),
});

/** A patient's own columns besides its code and group; every other value is one of the study's fields. */
export const PATIENT_COLUMNS = [
  "birth_date",
  "sex",
  "height_cm",
  "weight_kg",
  "naive_systemic",
  "naive_biologic",
] as const;

/** Spec §5: code, birth date and sex required; height and weight optional numbers. */
export const PatientCreateBody = z.object({
  study_id: idOf("study_id"),
  code: PatientCode,
  birth_date: CalendarDate(messageRef("api.labels.birthDate")),
  sex: Sex,
  height_cm: Measure(messageRef("api.labels.height")).optional(),
  weight_kg: Measure(messageRef("api.labels.weight")).optional(),
  naive_systemic: NaiveFlag.optional(),
  naive_biologic: NaiveFlag.optional(),
  custom_fields: FieldValues.default({}),
  /**
   * The patient's medical group (docs/decisions/0028): required when the study has groups, except
   * for a sub-investigator, whose patients always join their own group (another one is refused).
   */
  medical_group_id: idOf("medical_group_id").nullable().optional(),
  /** Soft plausibility warnings the user confirmed (decision 0024). */
  confirmed_warnings: ConfirmedWarningCodes.optional(),
  missing: MissingInput.default({}),
});
export type PatientCreateBody = z.infer<typeof PatientCreateBody>;

/** Every key optional but version and reason; custom_fields are merged into the stored ones. */
export const PatientUpdateBody = z.object({
  version: BasedOnVersion,
  reason: ChangeReason,
  code: PatientCode.optional(),
  birth_date: CalendarDate(messageRef("api.labels.birthDate")).optional(),
  sex: Sex.optional(),
  height_cm: Measure(messageRef("api.labels.height")).optional(),
  weight_kg: Measure(messageRef("api.labels.weight")).optional(),
  naive_systemic: NaiveFlag.optional(),
  naive_biologic: NaiveFlag.optional(),
  custom_fields: FieldValues.optional(),
  /** Soft plausibility warnings the user confirmed (decision 0024). */
  confirmed_warnings: ConfirmedWarningCodes.optional(),
  missing: MissingInput.optional(),
  /** The open data query this change answers: its audit row points at the query (decision 0030). */
  query_id: idOf("query_id").optional(),
});
export type PatientUpdateBody = z.infer<typeof PatientUpdateBody>;

/**
 * Moving a patient to another medical group of its study (docs/decisions/0028): a reasoned change
 * (kept in the audit row) by a principal investigator or an administrator, on the version seen.
 */
export const PatientGroupMoveBody = z.object({
  version: BasedOnVersion,
  reason: ChangeReason,
  medical_group_id: idOf("medical_group_id"),
});
export type PatientGroupMoveBody = z.infer<typeof PatientGroupMoveBody>;

/** A medical group as a patient form offers it: the study's groups, for choosing one. */
export const PatientGroupChoice = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type PatientGroupChoice = z.infer<typeof PatientGroupChoice>;

/**
 * The groups as the patient screens use them: the study's groups, the reader's own group when their
 * scope is one (a sub-investigator), and the kind of that scope.
 */
export type PatientGroups = {
  choices: PatientGroupChoice[];
  own: PatientGroupChoice | null;
  scope: "all" | "group" | "own" | "none";
};

export const PatientIdParams = z.object({ id: idOf(messageRef("api.labels.patientId")) });

/**
 * `enrolled`: the enrolment date (the baseline visit's, decision 0028); `next_visit_due`: the visit
 * schedule's next planned visit (decision 0025). A patient without the date sorts last going up.
 */
export const PATIENT_SORTS = ["code", "enrolled", "next_visit_due"] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];

export const PatientListQuery = z.object({
  study_id: idOf("study_id"),
  page: z.coerce.number().int().min(1, messageRef("api.common.pageMin")).max(MAX_DB_INT).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, messageRef("api.common.pageSizeMin"))
    .max(
      PATIENT_LIMITS.pageSize,
      messageRef("api.common.pageSizeMax", { max: String(PATIENT_LIMITS.pageSize) }),
    )
    .default(20),
  sort: z.enum(PATIENT_SORTS, { error: messageRef("api.patients.sort") }).default("code"),
  order: z.enum(["asc", "desc"], { error: messageRef("api.common.order") }).optional(),
  search: z.string().trim().max(PATIENT_LIMITS.searchLength).optional(),
  /** The patient record's form status (decision 0031). */
  form_status: z.enum(FORM_STATUSES, { error: messageRef("api.patients.formStatus") }).optional(),
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
  naive_systemic: z.boolean().nullable(),
  naive_biologic: z.boolean().nullable(),
  custom_fields: FieldValues,
  missing: MissingValues,
  medical_group_id: z.number().nullable(),
  /** The soft plausibility warnings confirmed at the last write (decision 0024). */
  confirmed_warnings: z.array(ConfirmedWarning).default([]),
  created_by: z.number().nullable(),
  /** The next planned visit not yet done (decision 0025): null without a schedule or baseline. */
  next_visit_type: z.string().nullable(),
  next_visit_due: z.string().nullable(),
  next_visit_window_end: z.string().nullable(),
  /** Enrolment: the baseline visit's date, the earliest live visit's (decision 0028); null before one. */
  enrolled_on: z.string().nullable(),
  /** Data review of the patient record (decision 0031); the visits' statuses are on the visits. */
  ...ReviewFields,
  /** Frozen by a principal investigator or an admin (decision 0034): every data write answers 423. */
  ...LockStateFields,
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
