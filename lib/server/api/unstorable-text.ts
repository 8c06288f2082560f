import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { ValidationIssue } from "./errors";

/** Catalogue references, put into the caller's words by the error mapper (decision 0021). */
export const NUL_MESSAGE = messageRef("api.database.nulText");
export const UNPAIRED_SURROGATE_MESSAGE = messageRef("api.database.unpairedSurrogate");

/**
 * What PostgreSQL cannot store as given: NUL is refused by text and jsonb (SQLSTATE 22021 / 22P05),
 * and an unpaired UTF-16 surrogate (valid in JSON, not in UTF-8) would be silently replaced by
 * U+FFFD, so the stored value would differ from what was sent.
 */
function textIssue(text: string, loc: (string | number)[]): ValidationIssue | null {
  if (text.includes("\u0000")) return { loc, msg: NUL_MESSAGE, type: "string_nul" };
  if (!text.isWellFormed()) return { loc, msg: UNPAIRED_SURROGATE_MESSAGE, type: "string_unicode" };
  return null;
}

/**
 * Every string (and object key) PostgreSQL cannot store as sent, with its location: such input is a
 * 422 naming the field, checked before any schema or query sees it. Iterative, so deep input cannot
 * exhaust the stack.
 */
export function unstorableTextIssues(value: unknown, root: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: [unknown, (string | number)[]][] = [[value, root]];
  while (stack.length > 0 && issues.length < 20) {
    const [node, loc] = stack.pop()!;
    if (typeof node === "string") {
      const issue = textIssue(node, loc);
      if (issue) issues.push(issue);
    } else if (Array.isArray(node)) {
      node.forEach((child, index) => stack.push([child, [...loc, index]]));
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        const issue = textIssue(key, [...loc, key]);
        if (issue) issues.push(issue);
        stack.push([child, [...loc, key]]);
      }
    }
  }
  return issues;
}
