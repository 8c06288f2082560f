import { loginUrl } from "@/lib/routes";

/** An API error carrying the server's `detail` (string, or the 422 list of field issues). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    /** The refusal's `type` when the server names one (a taken study code): the same in every language. */
    readonly type: string | null = null,
  ) {
    super(
      typeof detail === "string"
        ? detail
        : Array.isArray(detail)
          ? detail.map((d) => d?.msg).join("; ")
          : `Request failed (${status})`,
    );
  }
}

type BeforeSignInRedirect = () => void;
const beforeSignInRedirect = new Set<BeforeSignInRedirect>();
let redirectingToSignIn = false;

/**
 * Runs `keep` just before a 401 sends the browser to /login, e.g. to put an unsaved draft where
 * the page can find it again after sign-in. Returns the unregister function (for effect cleanup).
 */
export function onBeforeSignInRedirect(keep: BeforeSignInRedirect): () => void {
  beforeSignInRedirect.add(keep);
  return () => beforeSignInRedirect.delete(keep);
}

/** True once a 401 has started the trip to /login: leave guards let it go (the draft was kept). */
export function isRedirectingToSignIn(): boolean {
  return redirectingToSignIn;
}

/** Sends the browser to /login after a 401 (keeping drafts first), for calls made without apiFetch. */
export function redirectToSignIn() {
  for (const keep of beforeSignInRedirect) {
    try {
      keep();
    } catch (error) {
      // One page's failed keeper must not stop the others, nor the redirect.
      console.error("Could not keep page state before sign-in", error);
    }
  }
  redirectingToSignIn = true;
  window.location.assign(loginUrl(window.location.pathname + window.location.search));
}

/**
 * The browser's one way to call /api: same-origin cookie session, JSON in and out, and any 401
 * sends the user to /login with the current path as returnUrl (spec §4, §8).
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path.startsWith("/api") ? path : `/api${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    credentials: "same-origin",
  });
  if (response.status === 401 && typeof window !== "undefined") redirectToSignIn();
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw errorOfPayload(response.status, payload);
  return payload as T;
}

/** The error of a refused call: the server's `detail` when its answer has one. */
export function errorOfPayload(status: number, payload: unknown): ApiClientError {
  const detail = payload && typeof payload === "object" && "detail" in payload ? payload.detail : null;
  const type = payload && typeof payload === "object" && "type" in payload ? payload.type : null;
  return new ApiClientError(
    status,
    detail ?? `Request failed (${status})`,
    typeof type === "string" ? type : null,
  );
}
