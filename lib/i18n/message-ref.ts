/**
 * A message given by code that does not know the reader's language: a pure module (lib/forms,
 * lib/schemas: a zod issue's message) or a service's error `detail` (docs/decisions/0021). It is
 * the catalogue key and its values in one string, so it travels wherever only a string fits, and
 * is put into words where the reader's language is known: the API's error mapper (by the request's
 * language) and the screen (`useMessage`). Text that is not a reference passes through unchanged
 * (a study's own words, which are not in our catalogues).
 *
 *   messageRef("forms.required", { label: "Sesso" })  →  "i18n:forms.required?label=Sesso"
 */
import { LOCALES, type Locale } from "./locales";

const PREFIX = "i18n:";

export type MessageValues = Record<string, string | number>;
export type MessageRef = { key: string; values: MessageValues };

export function messageRef(key: string, values: MessageValues = {}): string {
  // A number's name is marked with "#" (never part of an argument name) so it comes back a number.
  const query = new URLSearchParams(
    Object.entries(values).map(([name, value]) =>
      typeof value === "number" ? [`#${name}`, String(value)] : [name, value],
    ),
  ).toString();
  return `${PREFIX}${key}${query ? `?${query}` : ""}`;
}

export function readMessageRef(text: string): MessageRef | null {
  if (!text.startsWith(PREFIX)) return null;
  const [key = "", query = ""] = text.slice(PREFIX.length).split(/\?(.*)/s, 2);
  const values: MessageValues = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (name.startsWith("#")) values[name.slice(1)] = Number(value);
    else values[name] = value;
  }
  return { key, values };
}

/**
 * A study's text in both languages (decision 0022) where code that does not know the reader needs
 * one string (a field label inside a validation message on the server): put into words, it is the
 * reader's language's text, else the other's.
 */
const STUDY_TEXT_KEY = "@study-text";

export function studyTextRef(texts: Readonly<Record<Locale, string>>): string {
  return messageRef(STUDY_TEXT_KEY, { ...texts });
}

/** How deep references may nest (a list of messages nests one level per item). */
const MAX_DEPTH = 32;

/**
 * Messages joined with "; " as one message, each put into words on its own (a plain sentence, a
 * reference, or a mix): `messageList([a, b, c])` is `{first: a, rest: {first: b, rest: c}}`.
 */
export function messageList(texts: readonly string[]): string {
  const items = texts.slice(0, MAX_DEPTH - 2);
  if (items.length === 0) return "";
  return items.reduceRight((rest, first) => messageRef("api.common.list", { first, rest }));
}

type Translate = (key: string, values?: MessageValues) => string;

/**
 * Puts a message into words with a translator of the reader's language (next-intl's `t` for
 * `locale`). A value that is itself a reference (a label such as "Birth date", a message quoted
 * inside another) is put into words first.
 */
export function wordsOf(text: string, t: Translate, locale: Locale): string {
  return wordsAt(text, t, locale, 0);
}

function wordsAt(text: string, t: Translate, locale: Locale, depth: number): string {
  const ref = readMessageRef(text);
  if (!ref) return text;
  if (ref.key === STUDY_TEXT_KEY) {
    const own = ref.values[locale];
    const other = LOCALES.map((l) => ref.values[l]).find((v) => typeof v === "string" && v.trim() !== "");
    return String(typeof own === "string" && own.trim() !== "" ? own : (other ?? ""));
  }
  if (depth >= MAX_DEPTH) return t(ref.key, ref.values);
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(ref.values))
    values[name] = typeof value === "string" ? wordsAt(value, t, locale, depth + 1) : value;
  return t(ref.key, values);
}
