"use client";

import { useId, useState } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { UiSettings } from "@/lib/schemas/study-config";
import { HEX_COLOUR_MESSAGE } from "@/lib/schemas/study-config";
import { isHexColour, toRgbHex } from "@/lib/theme/study-theme";

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
  const invalid = value !== undefined && value !== "" && !isHexColour(value);

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
          aria-label={`${label} hex value`}
          value={value ?? ""}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value.trim() || undefined)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="w-36 font-mono"
        />
      </div>
      <FieldError id={id} error={invalid ? HEX_COLOUR_MESSAGE : null} />
    </div>
  );
}

const DIMENSION_MESSAGE = "Enter a whole number between 1 and 2000";

/** "" → undefined (use the suggestion), a whole 1–2000 → number, anything else → null (invalid). */
function parseDimension(raw: string): number | undefined | null {
  const text = raw.trim();
  if (text === "") return undefined;
  if (!/^\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 2000 ? value : null;
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
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === undefined ? "" : String(value));
  const invalid = draft !== null && parseDimension(draft) === null;

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
          if (parsed !== null) onChange(parsed);
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="w-32"
      />
      <FieldError id={id} error={invalid ? DIMENSION_MESSAGE : null} />
    </div>
  );
}
