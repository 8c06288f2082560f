/** Visit API contracts (spec §3 Visit, §5 Add visit, §7 /visits). Pure. */
import { z } from "zod";
import { CalendarDate, ChangeReason, FieldValues, idOf } from "./patients";
import { BasedOnVersion } from "./versioning";

export const VISIT_MESSAGES = {
  notFound: "Visit not found",
  numberMin: "Visit number must be at least 1",
  typeRequired: "Visit type is required",
  unknownType: (type: string) => `Visit type "${type}" is not one of this study's visit types`,
  numberTaken: (n: number) => `Visit number ${n} already exists for this patient`,
  locked: (n: number) =>
    `Visit ${n} is locked and cannot be changed: a principal investigator must unlock it first`,
  alreadyLocked: (n: number) => `Visit ${n} is already locked`,
  notLocked: (n: number) => `Visit ${n} is not locked`,
  unlockRole: "Only a principal investigator or a platform administrator can unlock a visit",
  lineNotFound: "Therapy line not found for this patient",
  switchNeedsEarlierVisit:
    "A therapy switch is recorded on a follow-up visit: this patient has no earlier visit",
  switchImmutable:
    "The therapy switch of a visit cannot be changed once recorded (it closed one therapy line and opened the next)",
  switchVisitDelete: (n: number) =>
    `Visit ${n} switched the patient's therapy line and cannot be deleted; correct it with a reasoned update instead`,
} as const;

const VisitNumber = z
  .number({ error: VISIT_MESSAGES.numberMin })
  .int("Visit number must be a whole number")
  .min(1, VISIT_MESSAGES.numberMin)
  .max(100_000, "Visit number is out of range");

const VisitType = z
  .string({ error: VISIT_MESSAGES.typeRequired })
  .trim()
  .min(1, VISIT_MESSAGES.typeRequired)
  .max(50);

export const VisitCreateBody = z.object({
  patient_id: idOf("patient_id"),
  therapy_line_id: idOf("therapy_line_id").nullable().optional(),
  visit_number: VisitNumber,
  visit_date: CalendarDate("Visit date"),
  visit_type: VisitType,
  data_fields: FieldValues.default({}),
});
export type VisitCreateBody = z.infer<typeof VisitCreateBody>;

export const VisitUpdateBody = z.object({
  version: BasedOnVersion,
  reason: ChangeReason,
  visit_number: VisitNumber.optional(),
  visit_date: CalendarDate("Visit date").optional(),
  visit_type: VisitType.optional(),
  data_fields: FieldValues.optional(),
});
export type VisitUpdateBody = z.infer<typeof VisitUpdateBody>;

export const VisitIdParams = z.object({ id: idOf("Visit id") });
export const VisitPatientParams = z.object({ patientId: idOf("Patient id") });

export const VisitListQuery = z
  .object({ patient_id: idOf("patient_id").optional(), therapy_line_id: idOf("therapy_line_id").optional() })
  .refine((q) => (q.patient_id === undefined) !== (q.therapy_line_id === undefined), {
    message: "Give exactly one of patient_id or therapy_line_id",
    path: ["patient_id"],
  });
export type VisitListQuery = z.infer<typeof VisitListQuery>;

export const VisitResponse = z.object({
  id: z.number(),
  study_id: z.number(),
  patient_id: z.number(),
  therapy_line_id: z.number().nullable(),
  visit_number: z.number(),
  visit_date: z.string(),
  visit_type: z.string(),
  data_fields: FieldValues,
  /** The study's calculations, computed by the server with configuration `config_version`. */
  calculated_values: FieldValues,
  config_version: z.number().nullable(),
  /** The protocol version in force when the visit was entered (its fields: GET …/protocol-versions). */
  protocol_version_id: z.number().nullable(),
  is_locked: z.boolean(),
  locked_at: z.string().nullable(),
  locked_by: z.number().nullable(),
  created_by: z.number().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VisitResponse = z.infer<typeof VisitResponse>;

export const VisitListResponse = z.array(VisitResponse);
