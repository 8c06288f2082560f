/**
 * Unsaved drafts kept in this tab's sessionStorage across a trip to /login (a session that ended
 * while someone was editing). Per tab and gone with it; nothing is sent anywhere.
 */
const PREFIX = "registry.draft:";

export function keepDraft(key: string, value: unknown): void {
  window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
}

/** The kept draft, or null (also for storage that cannot be read: then there is nothing to restore). */
export function readDraft(key: string): unknown {
  if (typeof window === "undefined") return null;
  try {
    const text = window.sessionStorage.getItem(PREFIX + key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function discardDraft(key: string): void {
  if (typeof window !== "undefined") window.sessionStorage.removeItem(PREFIX + key);
}
