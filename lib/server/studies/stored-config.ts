import "server-only";
import { messageList, messageRef } from "@/lib/i18n/message-ref";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { ApiError, conflict } from "../api/errors";
import { logError } from "../api/log";
import type { StudyRow } from "./study-queries";

export type StoredConfig = { ok: true; config: StudyConfigDocument } | { ok: false; error: ApiError };

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
  // Each problem as "path: message", the message put into the reader's words on its own.
  const problems = messageList(
    issues.slice(0, MAX_LISTED_PROBLEMS).map((issue) =>
      messageRef("api.studies.configProblem", {
        path: issue.path.join(" › ") || "configuration",
        message: issue.message,
      }),
    ),
  );
  const more = Math.max(0, issues.length - MAX_LISTED_PROBLEMS);
  return {
    ok: false,
    error: conflict(
      messageRef(more > 0 ? "api.studies.configUnreadableMore" : "api.studies.configUnreadable", {
        code: row.code,
        problems,
        more: String(more),
        id: String(row.id),
        version: String(row.version),
      }),
    ),
  };
}

/** The configuration, or the loud 409 for an unreadable one. */
export function readConfig(row: Pick<StudyRow, "id" | "code" | "version" | "config">): StudyConfigDocument {
  const stored = readStoredConfig(row);
  if (!stored.ok) throw stored.error;
  return stored.config;
}
