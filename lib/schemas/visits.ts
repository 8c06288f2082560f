/** Visit API contracts (spec §3 Visit, §5 Add visit, §7 /visits). Pure. */
import { z } from "zod";

import { CalendarDate, ChangeReason, FieldValues, idOf, MissingInput, MissingValues } from "./patients";
import { ConfirmedWarning, ConfirmedWarningCodes } from "./plausibility";
import { BasedOnVersion } from "./versioning";
import { ReviewFields } from "./data-review";
import { messageRef } from "@/lib/i18n/message-ref";

/** Message references (docs/decisions/0021): put into words by the API or `useWords` on screen. */
export const VISIT_MESSAGES = {
  notFound: messageRef("api.visits.notFound"),
  numberMin: messageRef("api.visits.numberMin"),
  typeRequired: messageRef("api.visits.typeRequired"),
  unknownType: (type: string) => messageRef("api.visits.unknownType", { type }),
  numberTaken: (n: number) => messageRef("api.visits.numberTaken", { n: String(n) }),
  locked: (n: number) => messageRef("api.visits.locked", { n: String(n) }),
  alreadyLocked: (n: number) => messageRef("api.visits.alreadyLocked", { n: String(n) }),
  notLocked: (n: number) => messageRef("api.visits.notLocked", { n: String(n) }),
  unlockRole: messageRef("api.visits.unlockRole"),
  lineNotFound: messageRef("api.visits.lineNotFoundForPatient"),
  switchNeedsEarlierVisit: messageRef("api.visits.switchNeedsEarlierVisit"),
  switchImmutable: messageRef("api.visits.switchImmutable"),
  switchVisitDelete: (n: number) => messageRef("api.visits.switchVisitDelete", { n: String(n) }),
} as const;

const VisitNumber = z
  .number({ error: VISIT_MESSAGES.numberMin })
  .int(messageRef("api.visits.numberWhole"))
  .min(1, VISIT_MESSAGES.numberMin)
  .max(100_000, messageRef("api.visits.numberRange"));

const VisitType = z
  .string({ error: VISIT_MESSAGES.typeRequired })
  .trim()
  .min(1, VISIT_MESSAGES.typeRequired)
  .max(50);

export const VisitCreateBody = z.object({
  patient_id: idOf("patient_id"),
  therapy_line_id: idOf("therapy_line_id").nullable().optional(),
  visit_number: VisitNumber,
  visit_date: CalendarDate(messageRef("api.labels.visitDate")),
  visit_type: VisitType,
  data_fields: FieldValues.default({}),
  /** Soft plausibility warnings the user confirmed (decision 0024). */
  confirmed_warnings: ConfirmedWarningCodes.optional(),
  /** Field name → missing-data code (docs/decisions/0023). */
  missing: MissingInput.default({}),
});
export type VisitCreateBody = z.infer<typeof VisitCreateBody>;

export const VisitUpdateBody = z.object({
  version: BasedOnVersion,
  reason: ChangeReason,
  visit_number: VisitNumber.optional(),
  visit_date: CalendarDate(messageRef("api.labels.visitDate")).optional(),
  visit_type: VisitType.optional(),
  data_fields: FieldValues.optional(),
  /** Soft plausibility warnings the user confirmed (decision 0024). */
  confirmed_warnings: ConfirmedWarningCodes.optional(),
  missing: MissingInput.optional(),
  /** The open data query this change answers: its audit row points at the query (decision 0030). */
  query_id: idOf("query_id").optional(),
});
export type VisitUpdateBody = z.infer<typeof VisitUpdateBody>;

export const VisitIdParams = z.object({ id: idOf(messageRef("api.labels.visitId")) });
export const VisitPatientParams = z.object({ patientId: idOf(messageRef("api.labels.patientId")) });

export const VisitListQuery = z
  .object({ patient_id: idOf("patient_id").optional(), therapy_line_id: idOf("therapy_line_id").optional() })
  .refine((q) => (q.patient_id === undefined) !== (q.therapy_line_id === undefined), {
    message: messageRef("api.visits.listQuery"),
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
  /** Field name → missing-data code given instead of a value (docs/decisions/0023). */
  missing: MissingValues,
  /** The study's calculations, computed by the server with configuration `config_version`. */
  calculated_values: FieldValues,
  /**
   * Calculation name → why it has no value, in the answer's language (Content-Language): a missing
   * input, an input answered with a missing-data code, a division by zero (decision 0023).
   */
  calculation_notes: z.record(z.string(), z.string()),
  config_version: z.number().nullable(),
  /** The protocol version in force when the visit was entered (its fields: GET …/protocol-versions). */
  protocol_version_id: z.number().nullable(),
  /** The soft plausibility warnings confirmed at the last write (decision 0024). */
  confirmed_warnings: z.array(ConfirmedWarning).default([]),
  /** Data review (decision 0031): form status, the site's completion, each field's verification. */
  ...ReviewFields,
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
