/**
 * Page routes that exist, and the rules for where a user goes. Pure: used by proxy.ts, pages and
 * tests. Add a pattern here when a screen of the spec's route map is built.
 */
/**
 * The landing: "/" sends each signed-in user to theirs (app/page.tsx, `landingPath`): platform
 * administrators to the studies list, everyone else to My studies (docs/decisions/0029).
 */
export const DEFAULT_AFTER_LOGIN = "/";
/** A clinician's own studies, as study-area cards with their role (docs/decisions/0029). */
export const MY_STUDIES_PATH = "/my-studies";
/** Where platform administrators land (decision 0029 keeps it). */
export const ADMIN_LANDING = "/admin/studies";
/** Every signed-in user's own password change (decision 0004). */
export const CHANGE_PASSWORD_PATH = "/admin/account/password";
/** The signed-in user's second factor (decision 0033). */
export const TWO_FACTOR_PATH = "/admin/account/two-factor";
/** The signed-in user's personal API tokens (docs/decisions/0036-personal-api-tokens.md). */
export const API_TOKENS_PATH = "/admin/account/api-tokens";

const PAGE_PATTERNS: RegExp[] = [
  /^\/login$/,
  /^\/$/,
  /^\/my-studies$/,
  /^\/admin\/studies$/,
  /^\/admin\/studies\/new$/,
  /^\/admin\/studies\/\d+(\/edit)?$/,
  /^\/admin\/templates$/,
  // Users, study team and medical groups, and the password change (decision 0004).
  /^\/admin\/users$/,
  /^\/admin\/studies\/\d+\/(team|medical-groups)$/,
  // Homepage content: List View and Page Builder (decision 0014).
  /^\/admin\/studies\/\d+\/content$/,
  /^\/admin\/account\/password$/,
  // The signed-in user's second factor (decision 0033).
  /^\/admin\/account\/two-factor$/,
  // Personal API tokens (docs/decisions/0036-personal-api-tokens.md).
  /^\/admin\/account\/api-tokens$/,
  // The audit trail (decision 0015).
  /^\/admin\/audit-logs$/,
  // The study area: /{studyCode}, except the reserved first segments of spec §2 (the shell answers
  // 'Study Not Found' for unknown codes).
  /^\/(?!(?:admin|users|login|logout|my-studies)$)[a-z0-9_-]+$/,
  // Its patient list and patient detail, and the same screens with the study in `?study=` (spec §2).
  /^\/(?!(?:admin|users|login|logout|api|patients|my-studies)\/)[a-z0-9_-]+\/patients(\/\d+)?$/,
  /^\/patients(\/\d+)?$/,
  // The study data export (decision 0016).
  /^\/(?!(?:admin|users|login|logout|api|patients|my-studies)\/)[a-z0-9_-]+\/export$/,
  // The study's data queries (decision 0030).
  /^\/(?!(?:admin|users|login|logout|api|patients|my-studies)\/)[a-z0-9_-]+\/queries$/,
  // The study's source data verification (decision 0031).
  /^\/(?!(?:admin|users|login|logout|api|patients|my-studies)\/)[a-z0-9_-]+\/sdv$/,
  // The study's bulk imports (docs/decisions/0037-bulk-import.md).
  /^\/(?!(?:admin|users|login|logout|api|patients|my-studies)\/)[a-z0-9_-]+\/imports$/,
];

const PUBLIC_PAGES = new Set(["/login"]);
const RESERVED_FIRST_SEGMENTS = new Set([
  "admin",
  "users",
  "login",
  "logout",
  "api",
  "patients",
  "my-studies",
  "_next",
]);

/**
 * The study code a study-area page path belongs to (`/psoriasis/patients/3`, or `/patients?study=
 * psoriasis`), else null: the study's default language applies there (docs/decisions/0021).
 */
export function studyCodeOfPath(pathWithSearch: string): string | null {
  const url = new URL(pathWithSearch, "http://registry.invalid");
  const first = url.pathname.split("/")[1] ?? "";
  if (first === "patients") return url.searchParams.get("study");
  return /^[a-z0-9_-]+$/.test(first) && !RESERVED_FIRST_SEGMENTS.has(first) ? first : null;
}

export function isKnownPage(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname);
}

const RETURN_URL_BASE = "http://registry.invalid";

/**
 * Where to go after sign-in: a path on this site, or the landing ("/", which knows the user). The value is parsed as a URL
 * the way a browser would, and only an absolute path that stays on our origin passes, normalised.
 * Refused outright: control characters (browsers drop tab, LF and CR, so `/\t/evil.example` would
 * become `//evil.example`), backslashes (read as slashes), any non-ASCII or space (look-alike
 * slashes), anything that is `//…` once percent-decoded, and the login page itself.
 * Every returnUrl honoured goes through it: the login form's and the password page's.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return DEFAULT_AFTER_LOGIN;
  if (!/^\/[\x21-\x7e]*$/.test(value) || value.includes("\\") || value.startsWith("//"))
    return DEFAULT_AFTER_LOGIN;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(value, RETURN_URL_BASE);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== RETURN_URL_BASE || url.username || url.password) return DEFAULT_AFTER_LOGIN;
  if (decodedPath.startsWith("//") || decodedPath.includes("\\") || /[\x00-\x20\x7f]/.test(decodedPath))
    return DEFAULT_AFTER_LOGIN;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return DEFAULT_AFTER_LOGIN;
  return url.pathname + url.search + url.hash;
}

/** The password page, remembering the page it was opened from. */
export function changePasswordUrl(returnPath: string): string {
  return `${CHANGE_PASSWORD_PATH}?returnUrl=${encodeURIComponent(returnPath)}`;
}

/**
 * Where the password page leads back to: its `returnUrl`, else the page the browser came from when
 * that page is on this host, else the landing; never the password page itself (that would be a
 * loop). Both candidates pass `safeReturnUrl`.
 */
export function passwordReturnUrl(
  returnUrl: string | undefined,
  referer: string | null,
  host: string | null,
): string {
  const candidates: string[] = [];
  if (returnUrl) candidates.push(returnUrl);
  if (referer && host) {
    try {
      const from = new URL(referer);
      if (from.host === host) candidates.push(from.pathname + from.search + from.hash);
    } catch {
      // An unparsable Referer names no page to go back to.
    }
  }
  for (const candidate of candidates) {
    const safe = safeReturnUrl(candidate);
    if (safe.split(/[?#]/, 1)[0] !== CHANGE_PASSWORD_PATH) return safe;
  }
  return DEFAULT_AFTER_LOGIN;
}

export function loginUrl(returnPath: string): string {
  return `/login?returnUrl=${encodeURIComponent(returnPath)}`;
}

/** First path segments that never name a study (spec §2, study resolution). */
export const RESERVED_SEGMENTS = new Set([
  "admin",
  "users",
  "login",
  "logout",
  "api",
  "patients",
  "my-studies",
  "_next",
]);

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
  // "/" is the landing: its page knows who is signed in and where they belong (decision 0029).
  if (pathname === "/") return hasSession ? { next: true } : { redirect: "/login" };
  if (isPublicPage(pathname)) return { next: true };
  if (!hasSession) return { redirect: loginUrl(pathAndQuery) };
  if (!isKnownPage(pathname)) return { redirect: DEFAULT_AFTER_LOGIN };
  return { next: true };
}
