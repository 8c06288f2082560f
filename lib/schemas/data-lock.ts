/**
 * Patient freeze and study lock (docs/decisions/0034-patient-and-study-lock.md): the refusals every
 * write meets while a record or a study is frozen, and the answer of a lock or an unlock. Pure.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";

export const DATA_LOCK_MESSAGES = {
  /** 423 on every write inside a locked study. */
  studyLocked: messageRef("dataLock.api.studyLocked"),
  /** 423 on every data write to a frozen patient or one of their visits. */
  patientFrozen: (code: string) => messageRef("dataLock.api.patientFrozen", { code }),
  patientAlreadyFrozen: (code: string) => messageRef("dataLock.api.patientAlreadyFrozen", { code }),
  patientNotFrozen: (code: string) => messageRef("dataLock.api.patientNotFrozen", { code }),
  studyAlreadyLocked: messageRef("dataLock.api.studyAlreadyLocked"),
  studyNotLocked: messageRef("dataLock.api.studyNotLocked"),
  freezeRole: messageRef("dataLock.api.freezeRole"),
} as const;

/** What a lock or an unlock answers: the record's lock state after it. */
export const LockStateResponse = z.object({
  id: z.number().int(),
  /** Since when it is frozen or locked (ISO 8601), null once unlocked. */
  locked_at: z.string().nullable(),
  locked_by: z.number().int().nullable(),
});
export type LockStateResponse = z.infer<typeof LockStateResponse>;

/** The lock state beside a patient's or a study's other fields in their responses. */
export const LockStateFields = {
  locked_at: z.string().nullable().default(null),
  locked_by: z.number().int().nullable().default(null),
};
