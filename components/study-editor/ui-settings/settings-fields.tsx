"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { UiSettingsSchema, type UiSettings } from "@/lib/schemas/study-config";
import { toRgbHex } from "@/lib/theme/study-theme";

export type PanelProps = { settings: UiSettings; onChange: (next: UiSettings) => void };

/** A copy with `key` set, or removed when the value is empty, so "cleared" means "use the default". */
export function withSetting<K extends keyof UiSettings>(
  settings: UiSettings,
  key: K,
  value: UiSettings[K] | undefined,
): UiSettings {
  const next = { ...settings };
  if (value === undefined || value === "") delete next[key];
  else next[key] = value;
  return next;
}

export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The config's own rule for a setting (`UiSettingsSchema`, docs/decisions/0020): its message for
 * `value`, or null. These fields edit the editor's draft as they are typed (not a form of their own),
 * so they read the schema directly; the config check says the same on save.
 */
function settingProblem(key: keyof UiSettings, value: unknown): string | null {
  return UiSettingsSchema.shape[key].safeParse(value).error?.issues[0]?.message ?? null;
}

/**
 * A colour picker and its hex text. What is typed goes into the settings as it is, valid or not:
 * an invalid value is marked on the field with its message, survives switching tabs, and the
 * study's config check refuses to save it, rather than being dropped while the old colour is
 * saved in its place. Empty means "use the default".
 */
export function ColourField({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string | undefined;
  fallback: string;
  onChange: (next: string | undefined) => void;
}) {
  const id = useId();
  const t = useTranslations("editorSettings.colors");
  const words = useWords();
  // Every colour setting has the one colour rule.
  const rule = value ? settingProblem("primary_color", value) : null;
  const problem = rule && words(rule);

  return (
    <div>
      <Label htmlFor={`${id}-picker`}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-picker`}
          type="color"
          value={toRgbHex(value, fallback)}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <Input
          aria-label={t("hex", { label })}
          value={value ?? ""}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value.trim() || undefined)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
          className="w-36 font-mono"
        />
      </div>
      <FieldError id={id} error={problem} />
    </div>
  );
}

/** "" → no value (use the suggestion); else the number and the config's message if it is refused. */
function parseDimension(raw: string): { value: number | undefined; problem: string | null } {
  const text = raw.trim();
  if (text === "") return { value: undefined, problem: null };
  const value = Number(text);
  return { value, problem: settingProblem("logo_width", value) };
}

/** A logo width or height, with the same draft rule as colours: only valid numbers are applied. */
export function DimensionField({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: number | undefined;
  placeholder: number;
  onChange: (next: number | undefined) => void;
}) {
  const id = useId();
  const words = useWords();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === undefined ? "" : String(value));
  const rule = draft === null ? null : parseDimension(draft).problem;
  const problem = rule && words(rule);

  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={2000}
        step={1}
        placeholder={String(placeholder)}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          const parsed = parseDimension(event.target.value);
          if (!parsed.problem) onChange(parsed.value);
        }}
        onBlur={() => {
          if (!problem) setDraft(null);
        }}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-error` : undefined}
        className="w-32"
      />
      <FieldError id={id} error={problem} />
    </div>
  );
}
