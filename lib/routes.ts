/**
 * Page routes that exist, and the rules for where a user goes. Pure: used by proxy.ts, pages and
 * tests. Add a pattern here when a screen of the spec's route map is built.
 */
export const DEFAULT_AFTER_LOGIN = "/admin/studies";

const PAGE_PATTERNS: RegExp[] = [
  /^\/login$/,
  /^\/$/,
  /^\/admin\/studies$/,
  /^\/admin\/studies\/new$/,
  /^\/admin\/studies\/\d+(\/edit)?$/,
  // The study area: /{studyCode}, except the reserved first segments of spec §2 (the shell answers
  // 'Study Not Found' for unknown codes).
  /^\/(?!(?:admin|users|login|logout)$)[a-z0-9_-]+$/,
];

const PUBLIC_PAGES = new Set(["/login"]);

export function isKnownPage(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname);
}

/** Only same-site relative paths are followed after sign-in (no open redirect). */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return DEFAULT_AFTER_LOGIN;
  if (value.startsWith("/login")) return DEFAULT_AFTER_LOGIN;
  return value;
}

export function loginUrl(returnPath: string): string {
  return `/login?returnUrl=${encodeURIComponent(returnPath)}`;
}

/** First path segments that never name a study (spec §2, study resolution). */
export const RESERVED_SEGMENTS = new Set(["admin", "users", "login", "logout", "api", "patients", "_next"]);

/**
 * Which study a request is about: the `study` query parameter, else the first path segment unless it
 * is reserved, else the subdomain (handled by proxy.ts, which rewrites to the path form).
 */
export function studyKeyFromPath(pathname: string, searchParams: URLSearchParams): string | null {
  const fromQuery = searchParams.get("study");
  if (fromQuery) return fromQuery;
  const first = pathname.split("/")[1] ?? "";
  return first && !RESERVED_SEGMENTS.has(first) ? first : null;
}

/**
 * The study subdomain of a host such as `psoriasis.localhost:3000` or `psoriasis.registry.example.org`
 * (given the base domain), or null.
 */
export function studySubdomain(host: string | null, baseDomain: string | undefined): string | null {
  if (!host) return null;
  const hostname = host.split(":")[0]!.toLowerCase();
  const bases = ["localhost", ...(baseDomain ? [baseDomain.toLowerCase().replace(/^\./, "")] : [])];
  for (const base of bases) {
    if (!hostname.endsWith(`.${base}`)) continue;
    const sub = hostname.slice(0, -(base.length + 1));
    if (/^[a-z0-9_-]+$/.test(sub) && sub !== "www" && !RESERVED_SEGMENTS.has(sub)) return sub;
  }
  return null;
}

/** On a study subdomain, the root and the study-area pages map onto the path form `/{code}/…`. */
export function subdomainRewrite(pathname: string, subdomain: string): string | null {
  const first = pathname.split("/")[1] ?? "";
  if (first === subdomain || (first && RESERVED_SEGMENTS.has(first) && first !== "patients")) return null;
  if (pathname === "/") return `/${subdomain}`;
  if (first === "patients") return `/${subdomain}${pathname}`;
  return null;
}

export type ProxyDecision = { redirect: string } | { next: true };

/** What proxy.ts does with a page request, given whether a session cookie is present. */
export function routePage(pathAndQuery: string, pathname: string, hasSession: boolean): ProxyDecision {
  if (pathname === "/") return { redirect: hasSession ? DEFAULT_AFTER_LOGIN : "/login" };
  if (isPublicPage(pathname)) return { next: true };
  if (!hasSession) return { redirect: loginUrl(pathAndQuery) };
  if (!isKnownPage(pathname)) return { redirect: DEFAULT_AFTER_LOGIN };
  return { next: true };
}
