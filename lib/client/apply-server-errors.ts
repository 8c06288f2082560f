import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiIssue } from "@/lib/schemas/api-errors";
import { ApiClientError } from "./api-fetch";

export type { ApiIssue as ServerIssue };

/** A 422 issue with its place in the request body as a dotted form path ("fields.0.name"). */
export type BodyIssue = ApiIssue & { path: string };

/**
 * The issues of a refused call, when it is a 422 with the API's `detail` list; empty for any other
 * error. Malformed entries are skipped (the whole-form message still shows them via `error.message`).
 */
export function serverIssues(error: unknown): ApiIssue[] {
  if (!(error instanceof ApiClientError) || error.status !== 422 || !Array.isArray(error.detail)) return [];
  return error.detail.flatMap((entry: unknown) => {
    const parsed = ApiIssue.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The 422 issues that point into the request body, each with its dotted path below `body`. */
export function bodyIssues(error: unknown): BodyIssue[] {
  return serverIssues(error)
    .filter((issue) => issue.loc[0] === "body" && issue.loc.length > 1)
    .map((issue) => ({ ...issue, path: issue.loc.slice(1).join(".") }));
}

/**
 * Puts each 422 issue on the react-hook-form field it names (the body key, or a nested path such as
 * `settings.url`), the first message per field, and returns the message for the whole form:
 * - every issue landed on a field shown: null (the fields say it);
 * - an issue for a path the form does not show: its path and message, so nothing is lost;
 * - any other refusal: the server's `detail` text, else `fallback` (the screen's "Failed to ...").
 * `fields` lists the paths the form shows.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fallback: string,
): string | null {
  const issues = serverIssues(error);
  if (issues.length === 0) {
    const detail = error instanceof ApiClientError ? error.detail : null;
    return typeof detail === "string" && detail ? detail : fallback;
  }
  const shown = new Set<string>(fields);
  const placed = new Set<string>();
  const unplaced: string[] = [];
  for (const issue of issues) {
    const path = issue.loc[0] === "body" ? issue.loc.slice(1).join(".") : "";
    if (!shown.has(path)) {
      unplaced.push(path ? `${path}: ${issue.msg}` : issue.msg);
      continue;
    }
    if (placed.has(path)) continue;
    setError(
      path as FieldPath<T>,
      { type: "server", message: issue.msg },
      { shouldFocus: placed.size === 0 },
    );
    placed.add(path);
  }
  return unplaced.length > 0 ? unplaced.join("; ") : null;
}
