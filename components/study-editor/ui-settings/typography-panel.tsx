"use client";

import { useTranslations } from "next-intl";
// The preview shows the chosen fonts as the study area will: the same self-hosted files.
import "@/components/study-area/web-fonts";
import {
  FONT_CHOICES,
  FONT_SIZE_CHOICES,
  fontChoiceFor,
  fontSizeChoiceFor,
  RADIUS_CHOICES,
  radiusChoiceFor,
  readableTextColour,
  THEME_DEFAULTS,
  themeVariables,
} from "@/lib/theme/study-theme";
import { SelectField, withSetting, type PanelProps } from "./settings-fields";

const SIZE_OPTIONS = FONT_SIZE_CHOICES.map((size) => ({ value: size, label: size }));
const RADIUS_OPTIONS = RADIUS_CHOICES.map((radius) => ({ value: radius, label: radius }));

export function TypographyPanel({ settings, onChange }: PanelProps) {
  const t = useTranslations("editorSettings.typography");
  // Font names are names; only the system default is said in words.
  const fontOptions = FONT_CHOICES.map(({ value, label }) => ({
    value,
    label: value === "system" ? t("systemDefault") : label,
  }));
  const body = fontChoiceFor(settings.font_family) ?? FONT_CHOICES[0];
  // Headings follow the body font until they get their own choice (as in themeVariables).
  const heading = fontChoiceFor(settings.heading_font_family) ?? body;
  const size = fontSizeChoiceFor(settings.font_size_base) ?? THEME_DEFAULTS.font_size_base;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("fontFamily")}
          value={body.value}
          options={fontOptions}
          onChange={(value) => onChange(withSetting(settings, "font_family", value))}
        />
        <SelectField
          label={t("headingFontFamily")}
          value={heading.value}
          options={fontOptions}
          onChange={(value) => onChange(withSetting(settings, "heading_font_family", value))}
        />
        <SelectField
          label={t("baseFontSize")}
          value={size}
          options={SIZE_OPTIONS}
          onChange={(value) => onChange(withSetting(settings, "font_size_base", value))}
        />
      </div>
      <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <figcaption className="sr-only">{t("preview")}</figcaption>
        <p style={{ fontFamily: heading.stack }} className="text-lg font-semibold text-slate-900">
          {t("sampleHeading")}
        </p>
        <p style={{ fontFamily: body.stack, fontSize: size }} className="mt-1 text-slate-700">
          {t("sampleText")}
        </p>
      </figure>
    </div>
  );
}

export function LayoutPanel({ settings, onChange }: PanelProps) {
  const t = useTranslations("editorSettings.typography");
  const radius = radiusChoiceFor(settings.border_radius) ?? THEME_DEFAULTS.border_radius;
  const primary = themeVariables(settings)["--study-primary"] ?? THEME_DEFAULTS.primary_color;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <SelectField
        label={t("borderRadius")}
        value={radius}
        options={RADIUS_OPTIONS}
        onChange={(value) => onChange(withSetting(settings, "border_radius", value))}
      />
      <figure>
        <figcaption className="sr-only">{t("radiusPreview")}</figcaption>
        <div
          data-testid="radius-preview"
          style={{ borderRadius: radius }}
          className="flex h-24 items-center justify-center border-2 border-slate-300 bg-white text-sm text-slate-600"
        >
          <span
            style={{ borderRadius: radius, backgroundColor: primary, color: readableTextColour(primary) }}
            className="px-3 py-1.5"
          >
            {radius}
          </span>
        </div>
      </figure>
    </div>
  );
}
