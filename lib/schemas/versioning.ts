import { z } from "zod";

/**
 * Optimistic concurrency for every versioned record (studies now; patients and visits next): an
 * update names the version it was based on, and a stale one is refused with this message. Pure, so
 * the browser recognizes the refusal by the same rule the server words it with.
 */
export const BasedOnVersion = z
  .number({ error: "version is required: send the version of the record your change is based on" })
  .positive("version must be a positive number")
  // Versions are PostgreSQL integers; a larger number cannot be a version any record has.
  .max(2_147_483_647, "version must be at most 2147483647")
  .int("version must be a whole number");

const STALE_MARK = "was changed by someone else since you opened it";

export function staleWriteMessage(entity: string, basedOn: number, current: number): string {
  return `This ${entity} ${STALE_MARK} (version ${basedOn}, now ${current}). Reload to see their changes.`;
}

/** True for the detail of a 409 that refused a stale write (not, say, a duplicate code). */
export function isStaleWriteDetail(detail: unknown): boolean {
  return typeof detail === "string" && detail.includes(STALE_MARK);
}
