/**
 * Page routes that exist, and the rules for where a user goes. Pure: used by proxy.ts, pages and
 * tests. Add a pattern here when a screen of the spec's route map is built.
 */
export const DEFAULT_AFTER_LOGIN = "/admin/studies";

const PAGE_PATTERNS: RegExp[] = [/^\/login$/, /^\/$/, /^\/admin\/studies$/];

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

export type ProxyDecision = { redirect: string } | { next: true };

/** What proxy.ts does with a page request, given whether a session cookie is present. */
export function routePage(pathAndQuery: string, pathname: string, hasSession: boolean): ProxyDecision {
  if (pathname === "/") return { redirect: hasSession ? DEFAULT_AFTER_LOGIN : "/login" };
  if (isPublicPage(pathname)) return { next: true };
  if (!hasSession) return { redirect: loginUrl(pathAndQuery) };
  if (!isKnownPage(pathname)) return { redirect: DEFAULT_AFTER_LOGIN };
  return { next: true };
}
