/** Calling a route of the route table by its contract, as Next would (role matrix, audit coverage). */
import path from "node:path";
import type { ApiContract } from "@/lib/schemas/api-contracts";
import { BASE } from "./helpers";

export type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type CallRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload of one file part named `file`. */
  file?: { name: string; bytes: Uint8Array };
  /** The text fields of that multipart form (an import's format and mode). */
  fields?: Record<string, string>;
};

/** "METHOD path", the key of a contract in the tests' tables. */
export const routeKey = (c: Pick<ApiContract, "method" | "path">) => `${c.method} ${c.path}`;

/** /api/studies/{id} → app/api/studies/[id]/route.ts */
export const routeFile = (contractPath: string) =>
  path.resolve(`app${contractPath.replace(/\{([^}]+)\}/g, "[$1]")}/route.ts`);

export async function handlerOf(contract: Pick<ApiContract, "method" | "path">): Promise<Handler> {
  const mod = (await import(routeFile(contract.path))) as Record<string, Handler>;
  return mod[contract.method]!;
}

const fillPath = (template: string, params: Record<string, string> = {}) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? "0");

/** Calls `handler` for the path template filled with the request's params; JSON answers parsed. */
export async function callRoute(
  handler: Handler,
  method: string,
  pathTemplate: string,
  headers: Record<string, string>,
  request: CallRequest,
) {
  const url = new URL(`${BASE}${fillPath(pathTemplate, request.params)}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const init: RequestInit = { method, headers: { ...headers } };
  if (request.file) {
    const form = new FormData();
    form.set("file", new File([request.file.bytes as Uint8Array<ArrayBuffer>], request.file.name));
    for (const [name, value] of Object.entries(request.fields ?? {})) form.set(name, value);
    init.body = form;
  } else if (request.body !== undefined) {
    init.body = JSON.stringify(request.body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await handler(new Request(url, init), {
    params: Promise.resolve(request.params ?? {}),
  });
  const text = await response.text();
  // The CSV export answers text; everything else JSON.
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  return { status: response.status, json: text && isJson ? (JSON.parse(text) as unknown) : text || null };
}
