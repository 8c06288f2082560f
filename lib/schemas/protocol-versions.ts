/**
 * Protocol versions (spec §3, §4, §7; decision 0013): the amendment calls and their answers. Pure:
 * the browser's forms and the server validate with the same schemas.
 */
import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { StudyConfigSchema } from "./study-config-rules";
import { StudyConfigShape } from "./study-config";
import { messageRef } from "@/lib/i18n/message-ref";
import { idOf } from "./patients";

/**
 * The reason the server records for a study's first version (it is a record, kept in English);
 * the Version History tab shows the catalogue's words for it (`editorVersions.firstVersionReason`,
 * decision 0021).
 */
export const FIRST_VERSION_REASON = "Protocol in force when versioning began";

export const PROTOCOL_VERSION_STATUS_VALUES = [
  "draft",
  "pending_approval",
  "active",
  "superseded",
  "rejected",
] as const;
export type ProtocolVersionStatusValue = (typeof PROTOCOL_VERSION_STATUS_VALUES)[number];

/** Message references (docs/decisions/0021): put into words by the API or `useWords` on screen. */
export const PROTOCOL_VERSION_MESSAGES = {
  reasonRequired: messageRef("api.protocolVersions.reasonRequired"),
  effectiveFromRequired: messageRef("api.protocolVersions.effectiveFromRequired"),
  dateFormat: messageRef("api.protocolVersions.dateFormat"),
  rejectionReasonRequired: messageRef("api.protocolVersions.rejectionReasonRequired"),
  onlyDrafts: (status: string) => messageRef("api.protocolVersions.onlyDrafts", { status }),
  versionNotFound: messageRef("api.protocolVersions.versionNotFound"),
  breakingSave: (count: number) => messageRef("api.protocolVersions.breakingSave", { count }),
} as const;

/**
 * The browser recognizes the governance refusal by the words the server uses for it, in either
 * language (messages/<locale>/api.json `protocolVersions.breakingSave`; tests/unit hold them to it).
 */
export const BREAKING_SAVE_MARKS = [
  "Create an amendment in the Version History tab",
  "Crea un emendamento nella scheda Cronologia versioni",
] as const;

export function isBreakingSaveDetail(detail: unknown): boolean {
  return typeof detail === "string" && BREAKING_SAVE_MARKS.some((mark) => detail.includes(mark));
}

// The one date rule (lib/dates/calendar-date.ts): Date.parse used to accept 2024-02-31.
const IsoDate = z
  .string({ error: PROTOCOL_VERSION_MESSAGES.effectiveFromRequired })
  .refine((value) => isCalendarDate(value), PROTOCOL_VERSION_MESSAGES.dateFormat);

/** The day a version takes effect defaults to today (spec §5, Amendment), in UTC. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A new amendment: always a draft numbered latest + 1 by the server (a sent version_number or status
 * is accepted for the spec's call shape but not trusted).
 */
export const ProtocolVersionCreateBody = z.object({
  version_number: z.number().int().positive().optional(),
  version_label: z.string().trim().max(100).nullish(),
  version_date: IsoDate.optional(),
  effective_from: IsoDate,
  amendment_reason: z
    .string({ error: PROTOCOL_VERSION_MESSAGES.reasonRequired })
    .trim()
    .min(1, PROTOCOL_VERSION_MESSAGES.reasonRequired)
    .max(5000),
  config: StudyConfigSchema,
  status: z.literal("draft").optional(),
});
export type ProtocolVersionCreateBody = z.infer<typeof ProtocolVersionCreateBody>;

/** Approve sends approved true; reject sends approved false plus rejection_reason (spec §4). */
export const ProtocolVersionApproveBody = z
  .object({
    approved: z.boolean({ error: "approved must be true or false" }),
    rejection_reason: z.string().trim().max(5000).nullish(),
  })
  .refine((body) => body.approved || !!body.rejection_reason, {
    message: PROTOCOL_VERSION_MESSAGES.rejectionReasonRequired,
    path: ["rejection_reason"],
  });
export type ProtocolVersionApproveBody = z.infer<typeof ProtocolVersionApproveBody>;

export const ProtocolVersionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  versionId: idOf(messageRef("api.labels.versionId")),
});

export const ProtocolVersionResponse = z.object({
  id: z.number().int(),
  study_id: z.number().int(),
  version_number: z.number().int(),
  version_label: z.string().nullable(),
  version_date: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  amendment_reason: z.string(),
  config: StudyConfigShape,
  status: z.enum(PROTOCOL_VERSION_STATUS_VALUES),
  is_active: z.boolean(),
  rejection_reason: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  /** Live patients / visits whose visits were entered under this version. */
  patient_count: z.number().int(),
  visit_count: z.number().int(),
});
export type ProtocolVersionResponse = z.infer<typeof ProtocolVersionResponse>;

export const ProtocolVersionListResponse = z.object({
  versions: z.array(ProtocolVersionResponse),
  active_version_id: z.number().int().nullable(),
});
export type ProtocolVersionListResponse = z.infer<typeof ProtocolVersionListResponse>;

export const CompatibilityIssue = z.object({
  kind: z.string(),
  entity: z.enum(["patient", "visit", "study"]),
  /** The field, option owner, visit type code or calculation name the change is about. */
  target: z.string(),
  message: z.string(),
  affected_patients: z.number().int(),
  affected_visits: z.number().int(),
});
export type CompatibilityIssue = z.infer<typeof CompatibilityIssue>;

export const CompatibilityResult = z.object({
  compatible: z.boolean(),
  affected_patients: z.number().int(),
  affected_visits: z.number().int(),
  breaking_changes: z.array(CompatibilityIssue),
  warnings: z.array(CompatibilityIssue),
});
export type CompatibilityResult = z.infer<typeof CompatibilityResult>;
