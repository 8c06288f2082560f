import "server-only";
import { env } from "@/lib/env";
import { requestProtocol } from "./request-meta";

/**
 * The headers every answer carries (decision 0008): pages get a Content-Security-Policy with a
 * fresh script nonce per request (set by proxy.ts, which Next reads to sign its own scripts), API
 * answers a policy that allows nothing. Styles keep 'unsafe-inline': study theming injects a
 * <style> element and React writes style attributes; scripts never get it.
 */
const COMMON: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const HSTS = "max-age=31536000; includeSubDomains";

/** 128 random bits, base64: unguessable and unique per response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Served over https: the configured public URL says so, the socket is TLS or a declared proxy says
 * so (request-meta.ts), or an X-Forwarded-Proto claims it (it can only add headers here).
 */
export function isHttps(headers: Headers, url: string): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return (
    forwarded === "https" ||
    requestProtocol(headers) === "https" ||
    url.startsWith("https://") ||
    !!env().NEXTAUTH_URL?.startsWith("https://")
  );
}

export function pageContentSecurityPolicy(nonce: string, options: { https: boolean; dev: boolean }) {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce-bearing bootstrap load Next's chunks; dev tooling needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Images from our origin only (uploaded logos and attachments come from /api/files); data: stays
    // for the inline images custom CSS may carry (lib/theme/css-safety.ts allows data: URLs).
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function pageSecurityHeaders(nonce: string, https: boolean): Record<string, string> {
  const dev = env().NODE_ENV === "development";
  return {
    ...COMMON,
    "Content-Security-Policy": pageContentSecurityPolicy(nonce, { https, dev }),
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** JSON answers: nothing may run or be framed, and nothing is stored by caches. */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    ...COMMON,
    "Content-Security-Policy":
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "Cache-Control": "no-store",
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

export function applyHeaders(target: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) target.set(name, value);
}
