import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { auditLogs, users, type RoleLevel } from "@/db/schema";
import { openSession } from "@/lib/server/auth/auth-service";
import { hashPassword } from "@/lib/server/auth/password";
import { authSecret } from "@/lib/server/auth/secret";
import { SOCKET_ADDRESS_HEADER } from "@/lib/server/api/client-address";

export const BASE = "http://localhost:3000";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route handlers type their own params
type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response>;

/**
 * The headers server.mjs adds for a client connected from `address` (its socket's peer): the only
 * way a client address reaches the app (lib/server/api/client-address.ts).
 */
export const fromAddress = (address: string) => ({ [SOCKET_ADDRESS_HEADER]: address });

/**
 * Calls a route handler the way Next does, with a real Request. `address`: the socket peer the
 * request comes from, as server.mjs reports it.
 */
export async function call(
  handler: Handler,
  init: {
    method?: string;
    path?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    params?: Record<string, string | string[]>;
    address?: string;
  } = {},
) {
  const headers = new Headers(init.headers);
  if (init.address !== undefined) headers.set(SOCKET_ADDRESS_HEADER, init.address);
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (init.rawBody !== undefined && !headers.has("content-type"))
    headers.set("content-type", "application/json");
  const request = new Request(`${BASE}${init.path ?? "/api/test"}`, {
    method: init.method ?? "GET",
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, json: json as Record<string, unknown>, headers: response.headers };
}

let counter = 0;

export async function createUser(
  options: { roleLevel?: RoleLevel; password?: string; isActive?: boolean; isSuperuser?: boolean } = {},
) {
  const db = await getDb();
  const password = options.password ?? "correct horse battery";
  const email = `user${++counter}-${Date.now()}@example.org`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      fullName: `Test User ${counter}`,
      passwordHash: await hashPassword(password),
      roleLevel: options.roleLevel ?? "user",
      isSuperuser: options.isSuperuser ?? false,
      isActive: options.isActive ?? true,
    })
    .returning();
  return { ...user!, password };
}

/** A browser-style session: the next-auth cookie header for a fresh session row. */
export async function cookieFor(user: typeof users.$inferSelect) {
  const db = await getDb();
  const { session } = await openSession(db, user, "browser", { ip: "127.0.0.1", userAgent: "vitest" });
  const token = await encode({ token: { sub: String(user.id), sid: session.id }, secret: authSecret() });
  return { cookie: `next-auth.session-token=${token}`, sessionId: session.id };
}

export async function auditRowsFor(entityType: string, entityId: string | number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, String(entityId)))
    .then((rows) => rows.filter((r) => r.entityType === entityType));
}
