/**
 * The bodies of the data-review writes (decision 0031): verify, un-verify. Pure.
 */
import { z } from "zod";
import { REVIEW_MESSAGES } from "./data-review";
import { ChangeReason } from "./patients";

/** Field names, or "all": every answered field and the record's own columns. */
const FieldSelection = z.union(
  [z.literal("all"), z.array(z.string().trim().min(1).max(100)).min(1).max(500)],
  { error: REVIEW_MESSAGES.fieldsRequired },
);

export const VerifyBody = z.object({ fields: FieldSelection });
export type VerifyBody = z.infer<typeof VerifyBody>;

/** Un-verifying says why (it reopens a value the monitor had checked). */
export const UnverifyBody = z.object({ fields: FieldSelection, reason: ChangeReason });
export type UnverifyBody = z.infer<typeof UnverifyBody>;
