import "server-only";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { ApiError, conflict } from "../api/errors";
import { logError } from "../api/log";
import type { StudyRow } from "./study-queries";

export type StoredConfig = { ok: true; config: StudyConfig } | { ok: false; error: ApiError };

const MAX_LISTED_PROBLEMS = 5;

/**
 * A study's stored configuration, migrated forward (old documents still open). One that fails
 * validation is never replaced by a default, which the next save would persist over the real one:
 * it is logged (study id and paths, no values) and answered as a 409 that says what is wrong.
 */
export function readStoredConfig(row: Pick<StudyRow, "id" | "code" | "version" | "config">): StoredConfig {
  const parsed = StudyConfigSchema.safeParse(row.config);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issues = parsed.error.issues;
  logError(
    `Study ${row.id}: the stored configuration cannot be read (${issues.length} problem(s) at ${issues
      .slice(0, MAX_LISTED_PROBLEMS)
      .map((issue) => issue.path.join(".") || "(root)")
      .join(", ")})`,
  );
  const problems = issues
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((issue) => `${issue.path.join(" › ") || "configuration"}: ${issue.message}`)
    .join("; ");
  const more = issues.length > MAX_LISTED_PROBLEMS ? `; and ${issues.length - MAX_LISTED_PROBLEMS} more` : "";
  return {
    ok: false,
    error: conflict(
      `The stored configuration of study "${row.code}" cannot be read (${problems}${more}). ` +
        `It has not been changed, and no save may overwrite it by accident: to repair it, replace it ` +
        `with a complete valid configuration (PUT /api/studies/${row.id} with "config" and "version": ${row.version}).`,
    ),
  };
}

/** The configuration, or the loud 409 for an unreadable one. */
export function readConfig(row: Pick<StudyRow, "id" | "code" | "version" | "config">): StudyConfig {
  const stored = readStoredConfig(row);
  if (!stored.ok) throw stored.error;
  return stored.config;
}
