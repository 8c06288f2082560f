import "server-only";
import { currentRequestId } from "./request-context";

/**
 * The server's log lines. Each carries the request id (also sent as X-Request-Id), and errors are
 * reduced to a safe summary: a database error object carries the query's parameters (a new user's
 * password hash, clinical values), so neither its message nor its params are ever printed.
 */
export function logError(message: string, error?: unknown, requestId = currentRequestId()): void {
  console.error(formatLine(message, requestId), ...(error === undefined ? [] : [errorSummary(error)]));
}

export function logWarn(message: string, requestId = currentRequestId()): void {
  console.warn(formatLine(message, requestId));
}

function formatLine(message: string, requestId: string | null): string {
  return `[request ${requestId ?? "-"}] ${message}`;
}

export type ErrorSummary = { name: string; code?: string; message: string; stack?: string[] };

/** What may be logged of an error: names, codes, the SQL text without params, stack frames. */
export function errorSummary(error: unknown, depth = 0): ErrorSummary & { cause?: ErrorSummary } {
  if (!(error instanceof Error)) return { name: typeof error, message: "(non-Error value thrown)" };
  const candidate = error as Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };
  const code = typeof candidate.code === "string" ? candidate.code : undefined;
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>". Keep the SQL, drop params.
  const message =
    typeof candidate.query === "string"
      ? `Failed query: ${candidate.query.slice(0, 500)}`
      : isDatabaseError(candidate)
        ? `database error ${code ?? ""}`.trim()
        : error.message.split("\n")[0]!.slice(0, 300);
  const stack = error.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  const summary: ErrorSummary & { cause?: ErrorSummary } = { name: error.name, message };
  if (code) summary.code = code;
  if (stack?.length) summary.stack = stack;
  if (candidate.cause !== undefined && depth < 3) summary.cause = errorSummary(candidate.cause, depth + 1);
  return summary;
}

/**
 * PostgreSQL's own messages and details can quote the offending value ("Key (email)=(…)", "invalid
 * input syntax for type integer: "…""): print only the SQLSTATE for them.
 */
function isDatabaseError(error: { code?: unknown }): boolean {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);
}
