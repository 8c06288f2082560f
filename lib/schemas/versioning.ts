import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";

/**
 * Optimistic concurrency for every versioned record (studies now; patients and visits next): an
 * update names the version it was based on, and a stale one is refused with this message. Pure, so
 * the browser recognizes the refusal by the same rule the server words it with.
 */
export const BasedOnVersion = z
  .number({ error: messageRef("api.common.versionRequired") })
  .positive(messageRef("api.common.versionPositive"))
  // Versions are PostgreSQL integers; a larger number cannot be a version any record has.
  .max(2_147_483_647, messageRef("api.common.versionMax"))
  .int(messageRef("api.common.versionWhole"));

/**
 * What every stale-write refusal says, in each language (messages/<locale>/api.json
 * `common.staleWrite`; a unit test holds the catalogues to it): the browser gets the refusal in its
 * reader's words and recognizes it by these.
 */
export const STALE_MARKS = [
  "was changed by someone else since you opened it",
  "da qualcun altro da quando l'hai aperto",
] as const;

/** `entity`: user, role assignment, medical group, visit, patient or study (named in each language). */
export function staleWriteMessage(entity: string, basedOn: number, current: number): string {
  return messageRef("api.common.staleWrite", { entity, basedOn: String(basedOn), current: String(current) });
}

/** True for the detail of a 409 that refused a stale write (not, say, a duplicate code). */
export function isStaleWriteDetail(detail: unknown): boolean {
  return typeof detail === "string" && STALE_MARKS.some((mark) => detail.includes(mark));
}
