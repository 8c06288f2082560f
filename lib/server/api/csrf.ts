import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { ApiError } from "./errors";
import { isHttps } from "./security-headers";

/**
 * Cookie-authenticated writes must come from our own pages: the Origin header must name this very
 * origin, scheme included (an http page on the same host is another origin and could be injected
 * into by a network attacker).
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  const host = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? req.headers.get("host");
  let sameOrigin = false;
  if (origin && host) {
    try {
      const parsed = new URL(origin);
      const scheme = isHttps(req.headers, req.url) ? "https:" : "http:";
      sameOrigin = parsed.protocol === scheme && parsed.host === host.toLowerCase();
    } catch {
      sameOrigin = false;
    }
  }
  if (!sameOrigin) throw new ApiError("forbidden", messageRef("api.common.crossSite"));
}
