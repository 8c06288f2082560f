"use client";

import { useTranslations } from "next-intl";
import type { CSSProperties } from "react";
import type { UiSettings } from "@/lib/schemas/study-config";
import { readableTextColour, THEME_DEFAULTS, themeVariables } from "@/lib/theme/study-theme";
import { ColourField, withSetting, type PanelProps } from "./settings-fields";

type ColourKey =
  "primary_color" | "secondary_color" | "accent_color" | "sidebar_bg_color" | "header_bg_color";

const COLOUR_FIELDS: readonly ColourKey[] = [
  "primary_color",
  "secondary_color",
  "accent_color",
  "sidebar_bg_color",
  "header_bg_color",
];

export function ColorsPanel({ settings, onChange }: PanelProps) {
  const t = useTranslations("editorSettings.colors");
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-4 sm:grid-cols-2">
        {COLOUR_FIELDS.map((key) => (
          <ColourField
            key={key}
            label={t(key)}
            value={settings[key]}
            fallback={THEME_DEFAULTS[key]}
            onChange={(value) => onChange(withSetting(settings, key, value))}
          />
        ))}
      </div>
      <ColourPreview settings={settings} />
    </div>
  );
}

/** Uses the same variables the study area gets, so the preview cannot drift from the real theme. */
function ColourPreview({ settings }: { settings: UiSettings }) {
  const t = useTranslations("editorSettings.colors");
  const variables = themeVariables(settings);
  const colour = (name: string) => variables[name] ?? "#ffffff";
  const swatch = (name: string): CSSProperties => ({
    backgroundColor: colour(name),
    color: readableTextColour(colour(name)),
  });
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-sm">
      <figcaption className="sr-only">{t("preview")}</figcaption>
      <div style={swatch("--study-header-bg")} className="border-b border-slate-200 px-3 py-2 font-semibold">
        {t("header")}
      </div>
      <div className="flex min-h-32">
        <div style={swatch("--study-sidebar-bg")} className="w-24 p-2 text-xs">
          {t("sidebar")}
        </div>
        <div className="flex flex-1 flex-col items-start gap-2 p-3">
          <span
            data-testid="preview-primary"
            style={swatch("--study-primary")}
            className="rounded-md px-3 py-1.5"
          >
            {t("primary")}
          </span>
          <span style={swatch("--study-secondary")} className="rounded-md px-3 py-1.5">
            {t("secondary")}
          </span>
          <span style={swatch("--study-accent")} className="rounded-full px-2 py-0.5 text-xs">
            {t("accent")}
          </span>
        </div>
      </div>
    </figure>
  );
}
