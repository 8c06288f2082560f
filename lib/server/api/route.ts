import "server-only";
import { NextResponse } from "next/server";
import { z, type ZodType } from "zod";
import { getDb, type Db } from "@/db/client";
import { apiTokenOf, resolveActor, type Actor } from "../auth/actor";
import { apiTokenMayReach } from "../auth/api-token-reach";
import { API_TOKEN_MESSAGES } from "@/lib/schemas/api-tokens";
import { recordDenial } from "../audit/denial-aggregator";
import { MAX_JSON_BODY_BYTES, readBodyText } from "./body-limit";
import { assertSameOrigin } from "./csrf";
import type { Locale } from "@/lib/i18n/locales";
import { messageRef } from "@/lib/i18n/message-ref";
import { zodMessage } from "@/lib/schemas/zod-messages";
import { apiLocale } from "../i18n/api-locale";
import { translatorFor } from "../i18n/translator";
import {
  ApiError,
  forbidden,
  fromDatabaseError,
  unauthorized,
  validationError,
  type ValidationIssue,
} from "./errors";
import { JsonText } from "./json-text";
import { logError } from "./log";
import { unstorableTextIssues } from "./unstorable-text";
import { newRequestId, withRequestId } from "./request-context";
import { requestMeta, type RequestMeta } from "./request-meta";
import { apiSecurityHeaders, applyHeaders, isHttps } from "./security-headers";
/** Deeper bodies would only exhaust the stack of recursive validators: refuse them up front. */
const MAX_JSON_DEPTH = 64;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a user with a temporary password may still call: everything else answers 403. */
const TEMPORARY_PASSWORD_PATHS = new Set(["/api/auth/me", "/api/auth/password", "/api/auth/logout"]);
/** What a user who must enrol a second factor may still call (decision 0033). */
const SECOND_FACTOR_ENROLMENT_PATHS = new Set([
  "/api/auth/me",
  "/api/auth/logout",
  "/api/auth/totp",
  "/api/auth/totp/confirm",
]);

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type BaseContext<P, Q, B> = { req: Request; db: Db; meta: RequestMeta; params: P; query: Q; body: B };

type Schemas<P, Q, B> = {
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Status of a successful answer (default 200). */
  status?: number;
};

/**
 * The one wrapper every route handler goes through: resolves the actor (cookie or bearer), checks
 * CSRF for cookie writes, parses params, query and body with zod, runs ONE service call and maps
 * errors to `{ detail }` in the caller's language (docs/decisions/0021). Handlers stay thin; rules
 * live in lib/server/<domain>.
 */
export function apiRoute<P = undefined, Q = undefined, B = undefined>(
  spec: Schemas<P, Q, B> & { handler: (ctx: BaseContext<P, Q, B> & { actor: Actor }) => Promise<unknown> },
) {
  return wrap(
    spec,
    true,
    spec.handler as (ctx: BaseContext<P, Q, B> & { actor: Actor | null }) => Promise<unknown>,
  );
}

/** Same as apiRoute for the few calls that need no session (sign-in, refresh, OpenAPI). */
export function publicApiRoute<P = undefined, Q = undefined, B = undefined>(
  spec: Schemas<P, Q, B> & { handler: (ctx: BaseContext<P, Q, B>) => Promise<unknown> },
) {
  return wrap(spec, false, spec.handler);
}

function wrap<P, Q, B>(
  spec: Schemas<P, Q, B>,
  requireActor: boolean,
  handler: (ctx: BaseContext<P, Q, B> & { actor: Actor | null }) => Promise<unknown>,
) {
  return async (req: Request, context?: RouteContext): Promise<Response> => {
    // proxy.ts does not run for /api (it would buffer bodies): the id is made here.
    const requestId = newRequestId();
    const { response, locale } = await withRequestId(requestId, () => handle(req, context));
    return withEdgeHeaders(response, req, requestId, locale);
  };

  async function handle(
    req: Request,
    context: RouteContext | undefined,
  ): Promise<{ response: Response; locale: Locale }> {
    let meta = requestMeta(req.headers);
    let actor: Actor | null = null;
    let db: Db | undefined;
    try {
      db = await getDb();
      if (requireActor) {
        actor = await resolveActor(db, req.headers);
        if (!actor) throw unauthorized(apiTokenOf(req.headers) ? API_TOKEN_MESSAGES.invalid : undefined);
        if (actor.via === "cookie" && !SAFE_METHODS.has(req.method)) assertSameOrigin(req);
        const path = new URL(req.url).pathname;
        if (actor.apiToken) {
          // Every audit row of this request names the token (docs/decisions/0036-personal-api-tokens.md).
          meta = { ...meta, apiToken: actor.apiToken.name };
          if (!apiTokenMayReach(req.method, path)) throw forbidden(API_TOKEN_MESSAGES.routeRefused);
        }
        if (actor.mustChangePassword && !TEMPORARY_PASSWORD_PATHS.has(path))
          throw forbidden(messageRef("api.users.passwordChangeRequired"));
        if (actor.mustEnrolSecondFactor && !SECOND_FACTOR_ENROLMENT_PATHS.has(path))
          throw new ApiError(
            "forbidden",
            messageRef("api.twoFactor.enrolmentRequired"),
            undefined,
            {},
            "totp_enrolment_required",
          );
      }
      const rawParams = context ? await context.params : {};
      const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
      const rawBody = spec.body ? await readJson(req) : undefined;
      const unstorable = [
        ...unstorableTextIssues(rawParams, ["path"]),
        ...unstorableTextIssues(rawQuery, ["query"]),
      ];
      if (rawBody !== undefined) unstorable.push(...unstorableTextIssues(rawBody, ["body"]));
      if (unstorable.length > 0) throw validationError(unstorable);
      const params = parse(spec.params, rawParams, "path");
      const query = parse(spec.query, rawQuery, "query");
      const body = spec.body ? parse(spec.body, rawBody, "body") : (undefined as B);
      const result = await handler({ req, db, meta, actor, params, query, body });
      return { response: successResponse(result, spec.status ?? 200), locale: apiLocale(req.headers, actor) };
    } catch (error) {
      const locale = apiLocale(req.headers, actor);
      return { response: await errorResponse(error, { db, actor, meta, req }, locale), locale };
    }
  }
}

function successResponse(result: unknown, status: number): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new NextResponse(null, { status: 204 });
  if (result instanceof JsonText)
    return new NextResponse(result.text, { status, headers: { "content-type": "application/json" } });
  return NextResponse.json(result, { status });
}

/**
 * Security headers, no-store, the request id and the answer's language (Content-Language, the
 * language its error details are in) on every API answer (also used by next-auth's route).
 */
export function withEdgeHeaders(
  response: Response,
  req: Request,
  requestId: string,
  locale?: Locale,
): Response {
  const apply = (headers: Headers) => {
    applyHeaders(headers, apiSecurityHeaders(isHttps(req.headers, req.url)));
    headers.set("X-Request-Id", requestId);
    if (locale && !headers.has("content-language")) headers.set("Content-Language", locale);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy into a new one.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

function parse<T>(schema: ZodType<T> | undefined, input: unknown, location: string): T {
  if (!schema) return undefined as T;
  // zod's own messages as references, put into the caller's words with the rest (decision 0021).
  const result = schema.safeParse(input, { error: zodMessage });
  if (!result.success) throw new ApiError("validation", zodIssues(result.error, location));
  return result.data;
}

function zodIssues(error: z.ZodError, location: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
}

async function readJson(req: Request): Promise<unknown> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", messageRef("api.common.bodyNotJson"));
  }
  const text = await readBodyText(req, MAX_JSON_BODY_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("validation", [
      { loc: ["body"], msg: messageRef("api.common.bodyInvalidJson"), type: "json_invalid" },
    ]);
  }
  if (jsonDepth(parsed) > MAX_JSON_DEPTH) {
    throw new ApiError("validation", [
      {
        loc: ["body"],
        msg: messageRef("api.common.bodyTooDeep", { max: MAX_JSON_DEPTH }),
        type: "json_too_deep",
      },
    ]);
  }
  return parsed;
}

/** Nesting depth of parsed JSON, measured without recursion. */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

async function errorResponse(
  error: unknown,
  ctx: { db: Db | undefined; actor: Actor | null; meta: RequestMeta; req: Request },
  locale: Locale,
): Promise<Response> {
  const { words } = await translatorFor(locale);
  const apiError = error instanceof ApiError ? error : fromDatabaseError(error);
  if (!apiError) {
    logError(`Unexpected error in ${ctx.req.method} ${new URL(ctx.req.url).pathname}`, error);
    return NextResponse.json({ detail: words(messageRef("api.common.internalError")) }, { status: 500 });
  }
  const isDenial =
    apiError.code === "forbidden" || (apiError.code === "not_found" && apiError.context !== undefined);
  if (isDenial && ctx.db && ctx.actor) await auditDenial(ctx.db, ctx.actor, ctx.meta, ctx.req, apiError);
  return NextResponse.json(
    { detail: detailInWords(apiError.detail, words), ...(apiError.type ? { type: apiError.type } : {}) },
    { status: apiError.status, headers: apiError.headers },
  );
}

/**
 * An error's detail in the reader's words: a plain detail and each validation issue's `msg` may be
 * a message reference of any namespace (api.*, forms.*), docs/decisions/0021.
 */
export function detailInWords(
  detail: string | ValidationIssue[],
  words: (text: string) => string,
): string | ValidationIssue[] {
  return typeof detail === "string"
    ? words(detail)
    : detail.map((issue) => ({ ...issue, msg: words(issue.msg) }));
}

async function auditDenial(db: Db, actor: Actor, meta: RequestMeta, req: Request, error: ApiError) {
  try {
    const route = `${req.method} ${new URL(req.url).pathname}`;
    // Repeats of the same refusal within a minute become one counted row (docs/decisions/0018).
    await recordDenial(db, {
      route,
      entityType: error.context?.entityType ?? "endpoint",
      entityId: error.context?.entityId ?? route,
      studyId: error.context?.studyId ?? null,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      // The audit trail is a record, kept in English whatever the reader's language.
      reason: `${(await translatorFor("en")).words(typeof error.detail === "string" ? error.detail : error.message)} (${route})`,
    });
  } catch (auditError) {
    logError("Could not audit a denied access", auditError);
  }
}
