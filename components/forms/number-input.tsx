"use client";

import { useLocale } from "next-intl";
import { useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { useController, useFormContext } from "react-hook-form";
import { parseTypedNumber } from "@/lib/forms";
import { exactNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

/** The spec's number input step: the arrow keys add or take 0.1. */
const STEP_TENTHS = 1;

/**
 * A number field typed in the reader's language (docs/decisions/0021): "1,5" in Italian is the
 * number 1.5. A text box, not `type="number"`: a browser's number input reads only its own UI
 * language's separator and hands the page an empty value for anything else, so "1,5" typed in an
 * English browser would be lost without a word. The form holds the number; text that is not one
 * is held as an UnreadNumber, which the engine's rule (parseNumber) refuses with its message, never
 * a silent blank. (Not the text itself: the engine would read Italian "1.500" as 1.5.)
 */
export function NumberInput({
  path,
  ...inputProps
}: { path: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type">) {
  const locale = useLocale();
  const { getValues } = useFormContext();
  const {
    field: { ref, name, onBlur, onChange },
  } = useController({ name: path });
  // The form's own value: the controller's falls back to the default when it is undefined, which
  // would put a cleared field's old number back.
  const value: unknown = getValues(path);
  const [text, setText] = useState(() => textOf(value, locale));
  // What was typed, while it still stands for the form's value; a value set from elsewhere (a
  // reset, another language) is written out afresh.
  const shown = sameValue(valueOf(text, locale), value) ? text : textOf(value, locale);

  function change(next: string) {
    setText(next);
    onChange(valueOf(next, locale));
  }

  function step(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    const current = parseTypedNumber(shown, locale) ?? 0;
    // In tenths, snapped to the step as a browser's number input does (1.23 goes up to 1.3).
    const tenths = current * 10;
    const next =
      event.key === "ArrowUp"
        ? Math.floor(tenths + 1e-9) + STEP_TENTHS
        : Math.ceil(tenths - 1e-9) - STEP_TENTHS;
    event.preventDefault();
    change(exactNumber(next / 10, locale));
  }

  return (
    <input
      {...inputProps}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      ref={ref}
      name={name}
      value={shown}
      onChange={(event) => change(event.target.value)}
      onBlur={onBlur}
      onKeyDown={step}
    />
  );
}

/** Typed text that is not a number in the reader's language: never a number to the engine. */
export class UnreadNumber {
  constructor(readonly text: string) {}
}

/** The form's value for typed text: nothing, a number, or the text held apart when it is not one. */
function valueOf(text: string, locale: Locale): number | UnreadNumber | undefined {
  if (text.trim() === "") return undefined;
  return parseTypedNumber(text, locale) ?? new UnreadNumber(text);
}

function sameValue(typed: number | UnreadNumber | undefined, value: unknown): boolean {
  if (typed instanceof UnreadNumber) return value instanceof UnreadNumber && value.text === typed.text;
  return Object.is(typed, value ?? undefined);
}

function textOf(value: unknown, locale: Locale): string {
  if (typeof value === "number") return exactNumber(value, locale);
  if (value instanceof UnreadNumber) return value.text;
  // A stored value that is numeric text ("3") is shown as it is.
  return typeof value === "string" ? value : "";
}
