import { loginUrl } from "@/lib/routes";

/** An API error carrying the server's `detail` (string, or the 422 list of field issues). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
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
  if (response.status === 401 && typeof window !== "undefined") {
    window.location.assign(loginUrl(window.location.pathname + window.location.search));
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const detail = payload && typeof payload === "object" && "detail" in payload ? payload.detail : null;
    throw new ApiClientError(response.status, detail ?? `Request failed (${response.status})`);
  }
  return payload as T;
}
