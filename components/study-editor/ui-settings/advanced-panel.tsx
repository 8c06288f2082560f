"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Label } from "@/components/ui/label";
import { CUSTOM_CSS_MAX_LENGTH, DEFAULT_STUDY_SCOPE, scopedCustomCss } from "@/lib/theme/study-theme";
import { withSetting, type PanelProps } from "./settings-fields";

/** What custom CSS looks like (code, the same in every language). */
const CSS_EXAMPLE = ":root { --study-primary: #1d4ed8; }\n.card { box-shadow: none; }";

export function AdvancedPanel({ settings, onChange }: PanelProps) {
  const id = useId();
  const t = useTranslations("editorSettings.advanced");
  const fmt = useFormat();
  const css = settings.custom_css ?? "";
  // Shows the author what the study area will really receive (scoped, unsafe parts removed).
  const scoped = useMemo(() => scopedCustomCss(css, DEFAULT_STUDY_SCOPE), [css]);

  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-css`}>{t("customCss")}</Label>
        <textarea
          id={`${id}-css`}
          value={css}
          maxLength={CUSTOM_CSS_MAX_LENGTH}
          rows={14}
          spellCheck={false}
          autoComplete="off"
          placeholder={CSS_EXAMPLE}
          aria-describedby={`${id}-note ${id}-count`}
          onChange={(event) => onChange(withSetting(settings, "custom_css", event.target.value))}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-2 text-xs text-slate-600">
        <p id={`${id}-note`} className="max-w-prose">
          {t("note")}
        </p>
        <p id={`${id}-count`} className={css.length >= CUSTOM_CSS_MAX_LENGTH ? "text-red-700" : undefined}>
          {t("count", { count: fmt.number(css.length), max: fmt.number(CUSTOM_CSS_MAX_LENGTH) })}
        </p>
      </div>
      {css.trim() !== "" && (
        <details className="rounded-md border border-slate-200 bg-white p-3 text-xs">
          <summary className="cursor-pointer font-medium text-slate-700">{t("applied")}</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap font-mono text-slate-700">
            {scoped || t("nothing")}
          </pre>
        </details>
      )}
    </div>
  );
}
