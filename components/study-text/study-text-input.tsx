"use client";

import { useTranslations } from "next-intl";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { storedText, textByLanguage, type StudyText } from "@/lib/schemas/study-text";
import { useContentLanguage } from "./content-language";

/** A language's name as a box's own label: capitalised ("Inglese"), as it is mid-sentence not. */
const upperFirst = (name: string) => name.charAt(0).toLocaleUpperCase() + name.slice(1);

type Props = {
  /** The id of the first input (a label elsewhere may point at it); the other gets `-<locale>`. */
  id: string;
  /** What the text is ("Label", "Help text"): the group's legend. */
  label: string;
  value: StudyText | undefined;
  onChange: (next: StudyText) => void;
  required?: boolean;
  multiline?: boolean;
  /** The message of a rule the text breaks (already in words). */
  error?: string;
  onBlur?: () => void;
};

/**
 * One study text in both languages side by side, the study's default language first (decision
 * 0022). What it gives back is the stored form: a plain string while only the default language has
 * words, so a single-language study's configuration is unchanged by editing it. A language left
 * blank is marked: its readers see the other language's text.
 *
 * Names: the group is the text ("Label"); the default language's box is named by it, as the one box
 * was before, and the other language's box by its language inside the group ("English"), each
 * described by its language and any fallback note.
 */
export function StudyTextInput({ id, label, value, onChange, required, multiline, error, onBlur }: Props) {
  const t = useTranslations("editor.studyText");
  const tl = useTranslations("common.languageName");
  const contentLanguage = useContentLanguage();
  const texts = textByLanguage(value, contentLanguage);
  const order: Locale[] = [contentLanguage, ...LOCALES.filter((l) => l !== contentLanguage)];
  const inputId = (locale: Locale) => (locale === contentLanguage ? id : `${id}-${locale}`);
  const set = (locale: Locale, text: string) =>
    onChange(storedText({ ...texts, [locale]: text }, contentLanguage));
  return (
    <fieldset className="min-w-0">
      <legend id={`${id}-legend`} className="mb-1 text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {order.map((locale) => {
          const other = order.find((l) => l !== locale)!;
          const untranslated = texts[locale].trim() === "" && texts[other].trim() !== "";
          const common = {
            id: inputId(locale),
            lang: locale,
            value: texts[locale],
            "aria-invalid": error ? true : undefined,
            "aria-labelledby": locale === contentLanguage ? `${id}-legend` : `${inputId(locale)}-language`,
            "aria-describedby": [
              locale === contentLanguage ? `${inputId(locale)}-language` : `${id}-legend`,
              error ? `${id}-error` : "",
              untranslated ? `${inputId(locale)}-fallback` : "",
            ]
              .filter(Boolean)
              .join(" "),
            onBlur,
          };
          return (
            <div key={locale} className="min-w-0">
              <label
                id={`${inputId(locale)}-language`}
                htmlFor={inputId(locale)}
                className="mb-0.5 block text-xs text-slate-600"
              >
                {upperFirst(tl(locale))}
                {locale === contentLanguage && <span className="text-slate-500"> · {t("defaultMark")}</span>}
              </label>
              {multiline ? (
                <textarea
                  {...common}
                  rows={2}
                  className={CONTROL_CLASS}
                  onChange={(e) => set(locale, e.target.value)}
                />
              ) : (
                <Input {...common} onChange={(e) => set(locale, e.target.value)} />
              )}
              {untranslated && (
                <p id={`${inputId(locale)}-fallback`} className="mt-0.5 text-xs text-amber-800">
                  {t("notTranslated", { language: tl(locale), other: tl(other) })}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error && <FieldError id={id} error={error} />}
    </fieldset>
  );
}
