import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request id of the call being served, so every log line can name it, and the cookies a
 * service asked to set where the handler cannot reach the answer itself (next-auth's sign-in).
 */
type RequestContext = { requestId: string; cookies: string[] };

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = "x-request-id";

export function newRequestId(): string {
  return randomUUID();
}

/** Runs `fn` with `requestId` as the current request's id (read by the logger). */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId, cookies: [] }, fn);
}

/** Queues a Set-Cookie value for the answer of the current request (see withResponseCookies). */
export function setResponseCookie(value: string): void {
  const store = storage.getStore();
  if (!store) throw new Error("setResponseCookie called outside a request");
  store.cookies.push(value);
}

/** The queued Set-Cookie values of the current request. */
export function responseCookies(): readonly string[] {
  return storage.getStore()?.cookies ?? [];
}

export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/**
 * Only ids that proxy.ts could have made are trusted from a request header (pages); anything else
 * (a client's own header, a forged value with newlines) is replaced, so log lines cannot be forged.
 */
export function trustedRequestId(value: string | null): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) ? value : null;
}

/**
 * Runs `fn` outside any request: timers it starts (the audit checkpoint) belong to no request, and
 * their log lines must not carry the id of whichever request happened to schedule them.
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}
