import "server-only";

export type RequestMeta = { ip: string | null; userAgent: string | null };

/**
 * Client address and agent, recorded on audit rows and sessions and used to throttle sign-ins.
 * The address is the RIGHTMOST X-Forwarded-For entry: the one added by the nearest proxy (or by
 * `next start` itself from the socket when the header is absent). Entries to its left are whatever
 * the client sent and would let it pick its own address. See docs/decisions/0010.
 */
export function requestMeta(headers: Headers): RequestMeta {
  const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  const ip = forwarded || headers.get("x-real-ip")?.trim() || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent: headers.get("user-agent")?.slice(0, 512) ?? null };
}

export const SYSTEM_META: RequestMeta = { ip: null, userAgent: "system" };
