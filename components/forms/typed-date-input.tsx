"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type InputHTMLAttributes, type Ref } from "react";
import { useController } from "react-hook-form";
import {
  dateOrderOf,
  parseTypedDate,
  parseTypedMonth,
  writeTypedDate,
  writeTypedMonth,
  type DateOrder,
} from "@/lib/dates/typed-date";

export type DateKind = "date" | "month";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "id"> & {
  id: string;
  kind: DateKind;
  /** The stored value (`YYYY-MM-DD` / `YYYY-MM`), or text that is not a date yet, or nothing. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A date or month typed in one stop (docs/decisions/0027): `15032010` or `15/03/2010` in Italian,
 * `03152010` or `03/15/2010` in English, `032010` or `03/2010` for a month; the form holds the
 * stored `YYYY-MM-DD` / `YYYY-MM` (lib/dates/typed-date.ts). A text box, not `type="date"`: the
 * browser's date box orders its parts by the browser's language, not the reader's, and wants a
 * key between the parts. Text that is not a date is held as typed, which the engine's date rule
 * refuses with its message. The format is the visible hint and part of the accessible description.
 */
export function TypedDateInput({
  id,
  kind,
  value,
  onChange,
  inputRef,
  onBlur,
  className,
  ...inputProps
}: InputProps) {
  const t = useTranslations("entry.dateFormat");
  const order = dateOrderOf(useLocale());
  const [text, setText] = useState(() => textOf(value, kind, order));
  // What was typed, while it still stands for the value; a value set from elsewhere (a reset, a
  // restored draft) is written out afresh.
  const shown = valueOf(text, kind, order) === (value ?? undefined) ? text : textOf(value, kind, order);
  const format = t(kind === "month" ? "month" : order);
  const hintId = `${id}-format`;
  const describedBy = [inputProps["aria-describedby"], hintId].filter(Boolean).join(" ");

  return (
    <>
      <input
        {...inputProps}
        id={id}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={format}
        aria-describedby={describedBy}
        className={className}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          onChange(valueOf(event.target.value, kind, order));
        }}
        onBlur={(event) => {
          // A read date is written out in full (15/03/2010) so what the eye checks is what is kept.
          const read = valueOf(shown, kind, order);
          if (read !== undefined && read !== shown.trim()) setText(textOf(read, kind, order));
          onBlur?.(event);
        }}
      />
      <span id={hintId} className="mt-1 block text-xs text-slate-500">
        {t("hint", { format })}
      </span>
    </>
  );
}

/** The same box bound to a react-hook-form field by its path. */
export function TypedDateField({
  path,
  ...props
}: { path: string } & Omit<InputProps, "value" | "onChange" | "inputRef" | "name">) {
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ name: path });
  return (
    <TypedDateInput
      {...props}
      name={name}
      inputRef={ref}
      value={typeof value === "string" ? value : undefined}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}

function parse(text: string, kind: DateKind, order: DateOrder): string | null {
  return kind === "month" ? parseTypedMonth(text) : parseTypedDate(text, order);
}

/** The value for typed text: nothing, the stored form, or the text itself when it is no date. */
function valueOf(text: string, kind: DateKind, order: DateOrder): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return parse(trimmed, kind, order) ?? trimmed;
}

function textOf(value: string | undefined, kind: DateKind, order: DateOrder): string {
  if (!value) return "";
  if (parse(value, kind, order) !== value) return value; // not a stored date: shown as it is
  return kind === "month" ? writeTypedMonth(value) : writeTypedDate(value, order);
}
