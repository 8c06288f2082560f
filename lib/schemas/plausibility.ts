/**
 * The API side of plausibility (docs/decisions/0024): the warning codes a write confirms and the
 * confirmed warnings a patient or visit carries. Pure.
 */
import { z } from "zod";

/** Codes of the soft warnings the user confirmed (`visit_date_order`, `soft_range:pasi_score`…). */
export const ConfirmedWarningCodes = z
  .array(z.string().trim().min(1).max(200))
  .max(100)
  .describe(
    "Codes of the soft plausibility warnings the user confirmed (the `code` of 422 entries of type plausibility_warning); codes of warnings that do not arise are ignored",
  );

/**
 * A confirmed warning as stored with its row: the code, the field it is about and the message (a
 * catalogue reference with its values, put into words where it is shown).
 */
export const ConfirmedWarning = z.object({
  code: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
});
export type ConfirmedWarning = z.infer<typeof ConfirmedWarning>;

/** A stored `confirmed_warnings` value read defensively: anything else in the column is dropped. */
export function readConfirmedWarnings(stored: unknown): ConfirmedWarning[] {
  const parsed = z.array(ConfirmedWarning).safeParse(stored);
  return parsed.success ? parsed.data : [];
}
