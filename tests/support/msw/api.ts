import { http, HttpResponse, type HttpHandler, type JsonBodyType } from "msw";
import type { z } from "zod";
import { API_CONTRACTS } from "@/lib/schemas/api-contracts";
import { ApiErrorResponse } from "@/lib/schemas/api-errors";
import { server } from "./server";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One call the components made, with its JSON body when it had one. */
export type ApiCall = { method: Method; url: URL; params: Record<string, string>; body: unknown };

/** What a handler answers: a success checked by the route's response schema, or a refusal. */
export type Reply =
  | { kind: "ok"; schema: z.ZodType | null; body: unknown; status: number }
  | { kind: "error"; body: ApiErrorResponse; status: number };

/**
 * A success answer. The fixture is typed by the response schema (`z.input`) and parsed by it when
 * sent, and the schema must be the one the route declares in API_CONTRACTS: an API change breaks
 * the test instead of the component meeting an answer the server no longer gives.
 */
export function ok<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Reply {
  return { kind: "ok", schema, body, status };
}

/** 204 No Content (deletes). */
export const noContent = (): Reply => ({ kind: "ok", schema: null, body: null, status: 204 });

/** A refusal with the API's `{ detail }` (a sentence). */
export function refuse(status: number, detail: string): Reply {
  return { kind: "error", body: ApiErrorResponse.parse({ detail }), status };
}

/** A refusal with a whole `{ detail }` body (a sentence or the 422 list), checked by the error schema. */
export function replyError(status: number, body: unknown): Reply {
  return { kind: "error", body: ApiErrorResponse.parse(body), status };
}

/** A 422 with field issues, located as the server locates them (`["body", key, ...]`). */
export function invalid(...issues: { loc: (string | number)[]; msg: string; type?: string }[]): Reply {
  return {
    kind: "error",
    body: ApiErrorResponse.parse({ detail: issues.map((i) => ({ type: "custom", ...i })) }),
    status: 422,
  };
}

/** Every call made since the test started, in order (cleared after each test). */
export const apiCalls: ApiCall[] = [];

const contractOf = (method: Method, path: string) => {
  const contract = API_CONTRACTS.find((c) => c.method === method && c.path === path);
  if (!contract) throw new Error(`No API route ${method} ${path} in API_CONTRACTS`);
  return contract;
};

/**
 * An MSW handler for one route of API_CONTRACTS, by its OpenAPI path (`/api/studies/{id}`); it
 * fails at once for a route that does not exist. `answer` receives the call (its JSON body parsed)
 * and returns a Reply; the call is recorded in `apiCalls`.
 */
export function route(
  method: Method,
  path: string,
  answer: (call: ApiCall) => Reply | Promise<Reply>,
): HttpHandler {
  const contract = contractOf(method, path);
  const pattern = path.replace(/\{(\w+)\}/g, ":$1");
  const verb = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[
    method
  ];
  return verb(pattern, async ({ request, params }) => {
    const text = method === "GET" ? "" : await request.text();
    const type = request.headers.get("content-type") ?? "";
    const call: ApiCall = {
      method,
      url: new URL(request.url),
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      body: text && type.includes("application/json") ? JSON.parse(text) : text || undefined,
    };
    apiCalls.push(call);
    const reply = await answer(call);
    if (reply.kind === "error") return HttpResponse.json(reply.body, { status: reply.status });
    if (reply.status === 204) return new HttpResponse(null, { status: 204 });
    if (reply.schema !== contract.response)
      throw new Error(`${method} ${path}: the fixture is not typed by the route's response schema`);
    const body = reply.schema ? reply.schema.parse(reply.body) : reply.body;
    return HttpResponse.json(body as JsonBodyType, { status: reply.status });
  });
}

/** Installs handlers for this test (they are reset after each test). */
export function serveApi(...handlers: HttpHandler[]) {
  server.use(...handlers);
  return apiCalls;
}

/** The calls of one method and path (`/api/admin/users`), in order. */
export const callsTo = (method: Method, pathname: string) =>
  apiCalls.filter((c) => c.method === method && c.url.pathname === pathname);
