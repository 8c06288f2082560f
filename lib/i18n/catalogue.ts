/**
 * The message catalogues (docs/decisions/0021): `messages/<locale>/<namespace>.json`, English the
 * reference. Only the active locale's catalogue is loaded, and a client component tree receives
 * only the namespaces it names (`pickNamespaces`), so the sign-in page carries no admin text.
 */
import "server-only";
import type english from "@/messages/en";
import { env } from "@/lib/env";
import type { Locale } from "./locales";

export type Messages = typeof english;
export type Namespace = keyof Messages;

const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import("@/messages/en").then((m) => m.default),
  it: () => import("@/messages/it").then((m) => m.default),
};

/** Opens and closes every message of the pseudo-locale. */
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/**
 * The pseudo-locale (decision 0021, "How we prove it"): English with every message wrapped in
 * ⟦…⟧, ICU placeholders and tags untouched inside, so a browser test can tell catalogue text from
 * text written in a component. Served for every language, only when the server runs with
 * REGISTRY_PSEUDO_LOCALE=1 (a variable for tests/e2e/pseudo-locale.spec.ts's own server, never set
 * where people work); derived from the English catalogue when first loaded, so it cannot go stale.
 */
function pseudo<T>(value: T): T {
  if (typeof value === "string") return `${PSEUDO_OPEN}${value}${PSEUDO_CLOSE}` as T;
  if (Array.isArray(value)) return value.map(pseudo) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudo(v)])) as T;
  return value;
}

let pseudoCatalogue: Promise<Messages> | undefined;

export function loadCatalogue(locale: Locale): Promise<Messages> {
  if (env().REGISTRY_PSEUDO_LOCALE === "1") return (pseudoCatalogue ??= LOADERS.en().then(pseudo));
  return LOADERS[locale]();
}

export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]])) as Partial<Messages>;
}
