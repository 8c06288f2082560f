import "server-only";
import type { ValidationIssue } from "./errors";

export const NUL_MESSAGE = "Text must not contain NUL characters (\\u0000)";

/**
 * Every string (and object key) holding U+0000, with its location. PostgreSQL cannot store NUL in
 * text or jsonb (SQLSTATE 22021 / 22P05): such input is a 422 naming the field, checked before any
 * schema or query sees it. Iterative, so deep input cannot exhaust the stack.
 */
export function nulIssues(value: unknown, root: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: [unknown, (string | number)[]][] = [[value, root]];
  while (stack.length > 0 && issues.length < 20) {
    const [node, loc] = stack.pop()!;
    if (typeof node === "string") {
      if (node.includes("\u0000")) issues.push({ loc, msg: NUL_MESSAGE, type: "string_nul" });
    } else if (Array.isArray(node)) {
      node.forEach((child, index) => stack.push([child, [...loc, index]]));
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes("\u0000")) issues.push({ loc: [...loc, key], msg: NUL_MESSAGE, type: "string_nul" });
        stack.push([child, [...loc, key]]);
      }
    }
  }
  return issues;
}
