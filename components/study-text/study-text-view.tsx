"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { StudyText } from "@/lib/schemas/study-text";
import { useStudyText } from "./content-language";

/**
 * A study text in the editor's lists: the reader's language, else the other language's text marked
 * with that language's code (and `lang`, so a screen reader reads it in its own language).
 */
export function StudyTextView({ text, className }: { text: StudyText | undefined; className?: string }) {
  const t = useTranslations("editor.studyText");
  const tl = useTranslations("common.languageName");
  const locale = useLocale() as Locale;
  const shown = useStudyText()(text);
  if (!shown.fallback || !shown.language) return <span className={className}>{shown.text}</span>;
  return (
    <span className={className} lang={shown.language}>
      {shown.text}{" "}
      <abbr
        className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-900 no-underline"
        title={t("fallbackTitle", { language: tl(locale), other: tl(shown.language) })}
      >
        {t("fallbackBadge", { language: shown.language.toUpperCase() })}
      </abbr>
    </span>
  );
}
