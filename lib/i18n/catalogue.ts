/**
 * The message catalogues (docs/decisions/0021): `messages/<locale>/<namespace>.json`, English the
 * reference. Only the active locale's catalogue is loaded, and a client component tree receives
 * only the namespaces it names (`pickNamespaces`), so the sign-in page carries no admin text.
 */
import type english from "@/messages/en";
import type { Locale } from "./locales";

export type Messages = typeof english;
export type Namespace = keyof Messages;

const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import("@/messages/en").then((m) => m.default),
  it: () => import("@/messages/it").then((m) => m.default),
};

export function loadCatalogue(locale: Locale): Promise<Messages> {
  return LOADERS[locale]();
}

export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]])) as Partial<Messages>;
}
