"use client";

import { useTranslations } from "next-intl";
import type { SelectHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { isLocale, type Locale } from "@/lib/i18n/locales";

/** The select's value of "every reader" (a block without a language). */
const EVERYONE = "";
/** Italian first: the registry's sites are Italian hospitals (decision 0021). */
const CHOICES: readonly Locale[] = ["it", "en"];

export const languageOfChoice = (value: string): Locale | null => (isLocale(value) ? value : null);

/**
 * Who a block or layout row is shown to: everyone, Italian readers or English readers
 * (decision 0022). Controlled by the block's `language` (null = everyone).
 */
export function ShownToSelect({
  value,
  onChange,
  className,
  ...rest
}: {
  value: Locale | null;
  onChange: (language: Locale | null) => void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange">) {
  const t = useTranslations("contents.language");
  return (
    <select
      {...rest}
      className={cn(CONTROL_CLASS, className)}
      value={value ?? EVERYONE}
      onChange={(event) => onChange(languageOfChoice(event.target.value))}
    >
      <option value={EVERYONE}>{t("options.everyone")}</option>
      {CHOICES.map((language) => (
        <option key={language} value={language}>
          {t(`options.${language}`)}
        </option>
      ))}
    </select>
  );
}

/** The badge of a block or row shown to one language's readers only ("Italian only"); none for everyone's. */
export function LanguageBadge({ language }: { language: Locale | null }) {
  const t = useTranslations("contents.language");
  if (!language) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {t(`only.${language}`)}
    </span>
  );
}
