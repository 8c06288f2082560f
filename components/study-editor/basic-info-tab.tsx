"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { StudyBasics } from "@/lib/client/studies";
import { isLocale } from "@/lib/i18n/locales";
import { STUDY_LIMITS } from "@/lib/schemas/studies";

type Props = {
  basics: StudyBasics;
  onChange: (next: StudyBasics) => void;
  isCreate: boolean;
  errors: Partial<Record<keyof StudyBasics, string>>;
};

export function BasicInfoTab({ basics, onChange, isCreate, errors }: Props) {
  const t = useTranslations("editor.basic");
  const languages = useTranslations("common.language");
  const words = useWords();
  const set = <K extends keyof StudyBasics>(key: K, value: StudyBasics[K]) =>
    onChange({ ...basics, [key]: value });
  const text = (
    key: "code" | "name" | "disease" | "domain",
    label: string,
    extra: { required?: boolean; disabled?: boolean; hint?: string; placeholder?: string } = {},
  ) => (
    <div>
      <Label htmlFor={`study-${key}`}>
        {label}
        {extra.required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      <Input
        id={`study-${key}`}
        value={basics[key]}
        maxLength={STUDY_LIMITS[key]}
        disabled={extra.disabled}
        placeholder={extra.placeholder}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `study-${key}-error` : extra.hint ? `study-${key}-hint` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {errors[key] ? (
        <FieldError id={`study-${key}`} error={errors[key] && words(errors[key])} />
      ) : (
        extra.hint && (
          <p id={`study-${key}-hint`} className="mt-1 text-xs text-slate-500">
            {extra.hint}
          </p>
        )
      )}
    </div>
  );

  return (
    <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
      {text("code", t("code"), {
        required: true,
        disabled: !isCreate,
        hint: isCreate ? t("codeHintCreate") : t("codeHintEdit"),
      })}
      {text("name", t("name"), { required: true })}
      {text("disease", t("disease"), { required: true })}
      {text("domain", t("domain"), {
        hint: t("domainHint"),
        placeholder: basics.code || t("domainPlaceholder"),
      })}
      <div className="sm:col-span-2">
        <Label htmlFor="study-description">{t("description")}</Label>
        <textarea
          id="study-description"
          rows={3}
          maxLength={STUDY_LIMITS.description}
          value={basics.description}
          onChange={(e) => set("description", e.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      <div>
        <Label htmlFor="study-default-language">{t("defaultLanguage")}</Label>
        {/* The study pages' language for a reader who chose none (decision 0021). */}
        <select
          id="study-default-language"
          value={basics.default_language}
          aria-describedby="study-default-language-hint"
          onChange={(e) => set("default_language", isLocale(e.target.value) ? e.target.value : "")}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        >
          <option value="">{t("defaultLanguageBrowser")}</option>
          <option value="it" lang="it">
            {languages("it")}
          </option>
          <option value="en" lang="en">
            {languages("en")}
          </option>
        </select>
        <p id="study-default-language-hint" className="mt-1 text-xs text-slate-500">
          {t("defaultLanguageHint")}
        </p>
      </div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          checked={basics.is_active}
          onChange={(e) => set("is_active", e.target.checked)}
        />
        {t("active")}
      </label>
    </div>
  );
}
