import "server-only";

export type RequestMeta = { ip: string | null; userAgent: string | null };

/** Client address and agent, recorded on audit rows and sessions. */
export function requestMeta(headers: Headers): RequestMeta {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || headers.get("x-real-ip") || null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent: headers.get("user-agent")?.slice(0, 512) ?? null };
}

export const SYSTEM_META: RequestMeta = { ip: null, userAgent: "system" };
