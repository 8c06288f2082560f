/**
 * The form engine (lib/forms) with its messages put into words, as the screen and the API's error
 * mapper do: the engine returns catalogue references (lib/i18n/message-ref.ts), these wrappers read
 * them with a translator of one language's catalogue (English unless told), so the engine's tests
 * keep asserting the spec's sentences.
 */
import { createTranslator } from "next-intl";
import * as calc from "@/lib/calc";
import * as engine from "@/lib/forms";
import type { Locale } from "@/lib/i18n/locales";
import { wordsOf, type MessageValues } from "@/lib/i18n/message-ref";
import en from "@/messages/en";
import it from "@/messages/it";

const TRANSLATORS = {
  en: createTranslator({ locale: "en", messages: en }),
  it: createTranslator({ locale: "it", messages: it }),
};

/** A message in one language's words (a reference is translated, any other text is kept). */
export function words(text: string, locale: Locale = "en"): string {
  const t = TRANSLATORS[locale] as unknown as (key: string, values?: MessageValues) => string;
  return wordsOf(text, t, locale);
}

const inWords = <T extends { msg: string }>(issues: T[], locale: Locale): T[] =>
  issues.map((issue) => ({ ...issue, msg: words(issue.msg, locale) }));

const errorsInWords = (errors: Record<string, string>, locale: Locale): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, msg]) => [path, words(msg, locale)]));

export function validateFieldValue(
  ...args: Parameters<typeof engine.validateFieldValue>
): engine.FieldIssue[] {
  return inWords(engine.validateFieldValue(...args), "en");
}

export function validateSubmission(
  ...args: Parameters<typeof engine.validateSubmission>
): engine.SubmissionResult {
  const result = engine.validateSubmission(...args);
  return { ...result, issues: inWords(result.issues, "en"), errors: errorsInWords(result.errors, "en") };
}

export function validateTherapySwitch(
  ...args: Parameters<typeof engine.validateTherapySwitch>
): engine.SwitchResult {
  return therapySwitchIn("en", ...args);
}

export function therapySwitchIn(
  locale: Locale,
  ...args: Parameters<typeof engine.validateTherapySwitch>
): engine.SwitchResult {
  const result = engine.validateTherapySwitch(...args);
  return { ...result, issues: inWords(result.issues, locale), errors: errorsInWords(result.errors, locale) };
}

/** The calculations (lib/calc) with their messages in English words. */
export function runCalculations(...args: Parameters<typeof calc.runCalculations>): calc.CalculationRun {
  const run = calc.runCalculations(...args);
  return { ...run, errors: errorsInWords(run.errors, "en") };
}
