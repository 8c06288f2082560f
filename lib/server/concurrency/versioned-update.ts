import "server-only";
import { staleWriteMessage } from "@/lib/schemas/versioning";
import { conflict } from "../api/errors";

/**
 * The one optimistic-concurrency check of the services (studies now, patients and visits next).
 * Call it inside the write's transaction with the row read `FOR UPDATE`, so no other writer can
 * slip in between the check and the update; then write `nextVersion(current)` and filter the
 * UPDATE by the checked version too, so that a missing lock fails closed instead of overwriting.
 */
export function assertVersion(entity: string, current: { version: number }, basedOn: number): void {
  if (current.version !== basedOn) throw conflict(staleWriteMessage(entity, basedOn, current.version));
}

export const nextVersion = (current: { version: number }) => current.version + 1;
