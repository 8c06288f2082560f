"use client";

import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { missingCodesOf, missingCodeText } from "@/lib/forms";
import type { Locale } from "@/lib/i18n/locales";
import type { MissingCode } from "@/lib/schemas/study-config";
import { missingPath } from "./missing-values";

type Props = {
  name: string;
  /** The id of the field's own label: the control's buttons are described by it. */
  labelId: string;
  /** The "Missing…" button's id: Alt+M in the field presses it (missingShortcut). */
  buttonId: string;
  codes: readonly MissingCode[];
  disabled: boolean;
};

/** The study's missing-data codes in the reader's language (decision 0023). */
export function useStudyMissingCodes(config: Parameters<typeof missingCodesOf>[0]): MissingCode[] {
  const locale = useLocale() as Locale;
  const list = config.missing_codes;
  return useMemo(() => missingCodesOf({ missing_codes: list }, locale), [list, locale]);
}

/** Alt+M anywhere in a field opens its missing-data code list (the button is out of the Tab order). */
export function missingShortcut(buttonId: string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey || event.code !== "KeyM") return;
    const button = document.getElementById(buttonId);
    if (!button) return;
    event.preventDefault();
    button.click();
  };
}

/** The code given for a field, if any (the form's `__missing` map). */
export function useMissingCode(name: string): string | undefined {
  const { control } = useFormContext();
  const code: unknown = useWatch({ control, name: missingPath(name) });
  return typeof code === "string" && code !== "" ? code : undefined;
}

/**
 * The visible way to answer a field with a missing-data code (docs/decisions/0023): a small
 * "Missing…" button opens a list of the study's codes; a chosen code clears the field's value (the
 * input beside it is disabled while the code stands) and shows the code with its label; clearing
 * the code gives the input back. Plain buttons and a native select: keyboard reachable as they are.
 */
export function MissingCodeControl({ name, labelId, buttonId, codes, disabled }: Props) {
  const t = useTranslations("missing.control");
  const { setValue } = useFormContext();
  const code = useMissingCode(name);
  const [choosing, setChoosing] = useState(false);
  const selectId = `${useId()}-missing`;
  if (codes.length === 0) return null;

  function choose(next: string) {
    setChoosing(false);
    if (!next) return;
    // The value goes: a code and a value for one field are refused (lib/forms/validate-submission.ts).
    setValue(name, undefined, { shouldDirty: true });
    setValue(missingPath(name), next, { shouldDirty: true, shouldValidate: false });
  }

  function clear() {
    setValue(missingPath(name), undefined, { shouldDirty: true });
  }

  if (code) {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2" data-testid={`missing-${name}`}>
        <span className="inline-flex items-center gap-1 rounded border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
          <span className="sr-only">{t("coded")}: </span>
          {missingCodeText(codes, code)}
        </span>
        {!disabled && (
          <button
            type="button"
            onClick={clear}
            // Named by its words, described by the field's label: a field's label stays the name
            // of its input alone (getByLabel finds one control).
            aria-describedby={labelId}
            className="rounded px-1.5 py-0.5 text-xs text-slate-600 underline hover:text-slate-900 focus:outline-none focus:ring-2 focus:ring-blue-600/40"
          >
            {t("clear")}
          </button>
        )}
      </div>
    );
  }
  if (disabled) return null;
  if (choosing) {
    return (
      <div className="mt-1">
        <label htmlFor={selectId} className="sr-only">
          {t("coded")}
        </label>
        <select
          id={selectId}
          aria-describedby={labelId}
          autoFocus
          defaultValue=""
          onChange={(event) => choose(event.target.value)}
          onBlur={() => setChoosing(false)}
          onKeyDown={(event) => {
            if (event.key === "Escape") setChoosing(false);
          }}
          className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
        >
          <option value="">{t("choose")}</option>
          {codes.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {missingCodeText(codes, entry.code)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    // Out of the Tab order: a form of twenty fields must not cost twenty more Tab presses for
    // the rare missing value. Alt+M in the field presses it; a pointer reaches it as it is.
    <button
      id={buttonId}
      type="button"
      tabIndex={-1}
      title={t("shortcut")}
      aria-keyshortcuts="Alt+M"
      onClick={() => setChoosing(true)}
      aria-describedby={labelId}
      className="mt-1 rounded px-1.5 py-0.5 text-xs text-slate-500 underline decoration-dotted hover:text-slate-800 focus:outline-none focus:ring-2 focus:ring-blue-600/40"
    >
      {t("open")}
    </button>
  );
}
