/**
 * The API's error answer (spec §7, decision 0002): `{ detail }`, a sentence or, for 422, the list of
 * field issues with `loc` (`["body", key, ...]`), `msg` and `type`; a few refusals add a `type` of
 * their own (a taken study code). Pure: the browser reads refusals
 * with it, and component tests build their error fixtures with it.
 */
import { z } from "zod";

export const ApiIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  /**
   * A soft plausibility warning (`type: "plausibility_warning"`) names itself by a stable code
   * (`visit_date_order`, `age_over_110`, `soft_range:<field>`): resend it in the body's
   * `confirmed_warnings` to confirm it (decision 0024).
   */
  code: z.string().optional(),
});
export type ApiIssue = z.infer<typeof ApiIssue>;

export const ApiErrorResponse = z.object({
  detail: z.union([z.string(), z.array(ApiIssue)]),
  /** Some refusals name what they are about in a word no language changes (`study_code_taken`). */
  type: z.string().optional(),
});
export type ApiErrorResponse = z.infer<typeof ApiErrorResponse>;
