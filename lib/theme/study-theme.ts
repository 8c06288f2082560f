/**
 * A study's UI settings → the CSS the study area is rendered with. Pure and shared: the server puts
 * `themeStyleText` into a <style> element, the editor uses the choice lists and the same checks.
 * Only values from closed lists or strict patterns reach CSS; anything else falls back to a default.
 */
import { HEX_COLOUR, type UiSettings } from "@/lib/schemas/study-config";
import { safeScope, scopedCustomCss } from "./scoped-css";

export { CUSTOM_CSS_MAX_LENGTH, DEFAULT_STUDY_SCOPE, safeScope, scopedCustomCss } from "./scoped-css";

export type FontChoice = { value: string; label: string; stack: string };

// No "Roboto" here: it is one of the web fonts, and naming it would download it for "System Default".
const SYSTEM_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';
const SANS_FALLBACK = 'system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';
const SERIF_FALLBACK = 'Georgia, "Times New Roman", Times, serif';

/**
 * Spec §9 font choices. The six web fonts are self-hosted (components/study-area/web-fonts.ts) and
 * load only where chosen; each stack still ends in system fonts for the moment before they arrive.
 */
export const FONT_CHOICES = [
  { value: "system", label: "System Default", stack: SYSTEM_STACK },
  { value: "Inter", label: "Inter", stack: `Inter, ${SANS_FALLBACK}` },
  { value: "Roboto", label: "Roboto", stack: `Roboto, ${SANS_FALLBACK}` },
  { value: "Open Sans", label: "Open Sans", stack: `"Open Sans", ${SANS_FALLBACK}` },
  { value: "Lato", label: "Lato", stack: `Lato, ${SANS_FALLBACK}` },
  { value: "Montserrat", label: "Montserrat", stack: `Montserrat, ${SANS_FALLBACK}` },
  { value: "Poppins", label: "Poppins", stack: `Poppins, ${SANS_FALLBACK}` },
  { value: "Arial", label: "Arial", stack: 'Arial, "Helvetica Neue", Helvetica, sans-serif' },
  { value: "Georgia", label: "Georgia", stack: `Georgia, "Times New Roman", Times, serif` },
  {
    value: "Times New Roman",
    label: "Times New Roman",
    stack: `"Times New Roman", Times, ${SERIF_FALLBACK}`,
  },
] as const satisfies readonly FontChoice[];

/** Spec §9 base font sizes and border radii, as stored in the config. */
export const FONT_SIZE_CHOICES = ["12px", "14px", "16px", "18px"] as const;
export const RADIUS_CHOICES = ["0px", "4px", "8px", "12px", "16px"] as const;
export const LOGO_SUGGESTED = { width: 120, height: 40 } as const;

export type FontSizeChoice = (typeof FONT_SIZE_CHOICES)[number];
export type RadiusChoice = (typeof RADIUS_CHOICES)[number];

/** What a study without a setting gets (the brand colours of the admin area). */
export const THEME_DEFAULTS = {
  primary_color: "#1d4ed8",
  secondary_color: "#64748b",
  accent_color: "#0ea5e9",
  sidebar_bg_color: "#0f172a",
  header_bg_color: "#ffffff",
  font_family: "system",
  font_size_base: "16px",
  border_radius: "8px",
} as const satisfies UiSettings;

/** The config schema's colour rule, as a type guard for the theme and the colour fields. */
export function isHexColour(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOUR.test(value);
}

const SYSTEM_ALIASES = new Set(["", "system", "system default", "system-ui", "default"]);

/** The font choice a stored value means; also reads `'Inter', sans-serif` or `system default`. */
export function fontChoiceFor(value: unknown): FontChoice | undefined {
  if (typeof value !== "string") return undefined;
  const first = (value.split(",")[0] ?? "").replace(/["']/g, "").trim().toLowerCase();
  if (SYSTEM_ALIASES.has(first)) return FONT_CHOICES[0];
  return FONT_CHOICES.find((choice) => choice.value.toLowerCase() === first);
}

/** `14px` or `14` → `14px` when it is one of the choices. */
export function fontSizeChoiceFor(value: unknown): FontSizeChoice | undefined {
  const px = pixelValue(value);
  return FONT_SIZE_CHOICES.find((choice) => choice === px);
}

export function radiusChoiceFor(value: unknown): RadiusChoice | undefined {
  const px = pixelValue(value);
  return RADIUS_CHOICES.find((choice) => choice === px);
}

function pixelValue(value: unknown): string | undefined {
  if (typeof value === "number") return `${value}px`;
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d{1,3})\s*(?:px)?\s*$/i.exec(value);
  return match ? `${Number(match[1])}px` : undefined;
}

const colour = (value: unknown, fallback: string) => (isHexColour(value) ? value : fallback);

/** `#rgb`, `#rgba`, `#rrggbbaa` → `#rrggbb` (what <input type="color"> accepts); invalid → fallback. */
export function toRgbHex(value: unknown, fallback: string): string {
  if (!isHexColour(value)) return fallback;
  const digits = value.slice(1);
  const rgb = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join("") : digits.slice(0, 6);
  return `#${rgb.toLowerCase()}`;
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). */
export function readableTextColour(background: string): "#000000" | "#ffffff" {
  const hex = toRgbHex(background, "#ffffff").slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.179 ? "#000000" : "#ffffff";
}

/** CSS custom properties for the study area; every value is from a closed list or a strict pattern. */
export function themeVariables(settings: UiSettings): Record<string, string> {
  const ui: UiSettings = settings && typeof settings === "object" ? settings : {};
  const body = fontChoiceFor(ui.font_family) ?? FONT_CHOICES[0];
  // Headings follow the body font unless they have their own valid choice.
  const heading = fontChoiceFor(ui.heading_font_family) ?? body;
  return {
    "--study-primary": colour(ui.primary_color, THEME_DEFAULTS.primary_color),
    "--study-secondary": colour(ui.secondary_color, THEME_DEFAULTS.secondary_color),
    "--study-accent": colour(ui.accent_color, THEME_DEFAULTS.accent_color),
    "--study-sidebar-bg": colour(ui.sidebar_bg_color, THEME_DEFAULTS.sidebar_bg_color),
    "--study-header-bg": colour(ui.header_bg_color, THEME_DEFAULTS.header_bg_color),
    "--study-font-family": body.stack,
    "--study-heading-font-family": heading.stack,
    "--study-font-size-base": fontSizeChoiceFor(ui.font_size_base) ?? THEME_DEFAULTS.font_size_base,
    "--study-radius": radiusChoiceFor(ui.border_radius) ?? THEME_DEFAULTS.border_radius,
  };
}

/**
 * The text of the study area's <style> element: the variables on the scope (plus the body and
 * heading fonts and base size, so those settings take effect without every component opting in),
 * then the scoped custom CSS. `scopeSelector` must be one selector, e.g. `[data-study-area="x"]`.
 */
export function themeStyleText(settings: UiSettings, scopeSelector: string): string {
  const scope = safeScope(scopeSelector);
  const variables = Object.entries(themeVariables(settings))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return [
    `${scope}{${variables};font-family:var(--study-font-family);font-size:var(--study-font-size-base)}`,
    `${scope} :is(h1,h2,h3,h4,h5,h6){font-family:var(--study-heading-font-family)}`,
    scopedCustomCss(settings?.custom_css ?? "", scope),
  ]
    .filter((part) => part !== "")
    .join("\n");
}
