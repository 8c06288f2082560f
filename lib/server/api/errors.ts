import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string; code?: string };

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  locked: 423,
  rate_limited: 429,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** What a denial was about, so its access_denied audit row names the study and record. */
export type DenialContext = { studyId?: number; entityType?: string; entityId?: string | number };

/**
 * The one error class services throw; the route wrapper turns it into `{ detail }` with its status.
 * A detail (and each issue's `msg`) is a message reference, `messageRef("api.…")`, put into the
 * caller's words by the wrapper (docs/decisions/0021); lint refuses a literal sentence here.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | ValidationIssue[];
  readonly context: DenialContext | undefined;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  /**
   * What a refusal is about in a word no language changes (`study_code_taken`), answered as
   * `type` beside the detail, for a browser that must tell one 409 from another (decision 0021).
   */
  readonly type: string | undefined;

  constructor(
    code: ErrorCode,
    detail: string | ValidationIssue[],
    context?: DenialContext,
    headers: Record<string, string> = {},
    type?: string,
  ) {
    super(typeof detail === "string" ? detail : detail.map((d) => d.msg).join("; "));
    this.code = code;
    this.detail = detail;
    this.context = context;
    this.headers = headers;
    this.type = type;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const unauthorized = (detail = messageRef("api.common.notAuthenticated")) =>
  new ApiError("unauthorized", detail);
export const forbidden = (detail = messageRef("api.common.forbidden"), context?: DenialContext) =>
  new ApiError("forbidden", detail, context);
/** With a context, the 404 hides an object outside the actor's scope and is audited as a denial. */
export const notFound = (detail = messageRef("api.common.notFound"), context?: DenialContext) =>
  new ApiError("not_found", detail, context);
export const conflict = (detail: string, type?: string) =>
  new ApiError("conflict", detail, undefined, {}, type);
export const validationError = (issues: ValidationIssue[]) => new ApiError("validation", issues);
/** 429 with Retry-After (whole seconds, at least 1). */
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new ApiError("rate_limited", detail, undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const fieldError = (loc: (string | number)[], msg: string, type = "value_error") =>
  validationError([{ loc, msg, type }]);

/** PostgreSQL constraint violations that bad input can still reach (races past service checks). */
export function fromDatabaseError(error: unknown): ApiError | null {
  const pgError = findPgError(error);
  if (!pgError) return null;
  switch (pgError.code) {
    case "23505":
      return conflict(
        pgError.constraint
          ? messageRef("api.database.duplicate", { constraint: pgError.constraint })
          : messageRef("api.database.duplicateKey"),
      );
    case "23503":
      return conflict(messageRef("api.database.referenced"));
    case "23514":
    case "23502":
    case "22P02":
    case "22007":
    case "22008":
    case "22003":
      return new ApiError("validation", [
        { loc: ["body"], msg: messageRef("api.database.invalidValue"), type: "value_error" },
      ]);
    // NUL or bytes the database encoding cannot hold; the wrapper refuses NUL earlier, naming the
    // field, so this is the backstop for text that arrives another way.
    case "22021":
    case "22P05":
      return new ApiError("validation", [
        { loc: ["body"], msg: messageRef("api.database.unstorableText"), type: "string_unstorable" },
      ]);
    // Serialization failure / deadlock: nothing was written; the same request may well succeed.
    case "40001":
    case "40P01":
      return conflict(messageRef("api.database.concurrentChange"));
    default:
      return null;
  }
}

function findPgError(error: unknown): { code: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}
