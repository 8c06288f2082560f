import "server-only";
import {
  unconfirmedWarnings,
  warningIssue,
  type PlausibilityResult,
  type PlausibilityWarning,
} from "@/lib/forms/plausibility";
import { readConfirmedWarnings, type ConfirmedWarning } from "@/lib/schemas/plausibility";
import { validationError } from "../api/errors";

/**
 * The server's verdict on a write's plausibility (docs/decisions/0024): hard errors refuse it (422,
 * field by field); a soft warning the user has not confirmed refuses it too, as a 422 entry of
 * `type: "plausibility_warning"` with its `code`. What is returned is stored in the row's
 * `confirmed_warnings` and so in the write's audit entry: only warnings that arise, so confirming
 * a code that does not apply stores nothing.
 *
 * A warning stored with the row stays confirmed while it arises again with the same message (the
 * same value): editing another field of a visit does not ask again about its confirmed date.
 */
export function enforcePlausibility(
  result: PlausibilityResult,
  confirmedCodes: readonly string[] | undefined,
  stored: unknown = [],
): ConfirmedWarning[] {
  if (result.errors.length > 0) throw validationError(result.errors);
  // Most writes raise no warning: nothing stored need be read then (an import checks millions).
  if (result.warnings.length === 0) return [];
  const already = readConfirmedWarnings(stored);
  const stillConfirmed = (warning: PlausibilityWarning) =>
    already.some((old) => old.code === warning.code && old.msg === warning.msg);
  const open = unconfirmedWarnings(result.warnings, confirmedCodes).filter((w) => !stillConfirmed(w));
  if (open.length > 0) throw validationError(open.map(warningIssue));
  return result.warnings.map(({ code, loc, msg }) => ({ code, loc, msg }));
}

/**
 * An update's audit diff with the confirmed warnings always named when there are any: the entry
 * of the write says what the user accepted even when the same warnings were stored before.
 */
export function withConfirmedWarnings(
  diff: { oldValues: Record<string, unknown>; newValues: Record<string, unknown> },
  before: unknown,
  confirmed: ConfirmedWarning[],
): { oldValues: Record<string, unknown>; newValues: Record<string, unknown> } {
  if (confirmed.length === 0 || Object.hasOwn(diff.newValues, "confirmed_warnings")) return diff;
  return {
    oldValues: { ...diff.oldValues, confirmed_warnings: before },
    newValues: { ...diff.newValues, confirmed_warnings: confirmed },
  };
}
