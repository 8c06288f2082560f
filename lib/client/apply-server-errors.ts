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

/** Where a refusal's messages go: the first message per field shown, and the whole form's message. */
export type PlacedErrors = { fields: Record<string, string>; form: string | null };

/**
 * Reads a refusal for a form that shows `fields` (body paths such as `reason` or `settings.url`):
 * - every 422 issue on a field shown: its message under that field (the first per field), no form message;
 * - an issue for a path the form does not show: its path and message in the form message (never lost);
 * - any other refusal: the server's `detail` text, else `fallback` (the screen's "Failed to ...").
 * Pure, so a form whose refusal comes from its parent can read it while rendering.
 */
export function placeServerErrors(error: unknown, fields: readonly string[], fallback: string): PlacedErrors {
  const issues = serverIssues(error);
  if (issues.length === 0) {
    const detail = error instanceof ApiClientError ? error.detail : null;
    return { fields: {}, form: typeof detail === "string" && detail ? detail : fallback };
  }
  const shown = new Set<string>(fields);
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const path = issue.loc[0] === "body" ? issue.loc.slice(1).join(".") : "";
    if (!shown.has(path)) unplaced.push(path ? `${path}: ${issue.msg}` : issue.msg);
    else placed[path] ??= issue.msg;
  }
  return { fields: placed, form: unplaced.length > 0 ? unplaced.join("; ") : null };
}

/**
 * Puts each 422 issue on the react-hook-form field it names (the body key, or a nested path such as
 * `settings.url`), focusing the first, and returns the message for the whole form, as
 * `placeServerErrors` reads them. `fields` lists the paths the form shows.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fallback: string,
): string | null {
  const placed = placeServerErrors(error, fields, fallback);
  Object.entries(placed.fields).forEach(([path, message], index) =>
    setError(path as FieldPath<T>, { type: "server", message }, { shouldFocus: index === 0 }),
  );
  return placed.form;
}
