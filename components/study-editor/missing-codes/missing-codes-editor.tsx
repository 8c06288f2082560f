"use client";

import { useLocale, useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DEFAULT_MISSING_CODES, type MissingCodeDocument } from "@/lib/schemas/study-config";
import type { Locale } from "@/lib/i18n/locales";
import { wordsIn } from "@/lib/schemas/study-text";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { useEditorReadOnly } from "../editor-read-only";

type Props = {
  /** The document's list; undefined = the study offers the five standard codes (decision 0023). */
  codes: MissingCodeDocument[] | undefined;
  onChange: (next: MissingCodeDocument[] | undefined) => void;
  /** Config issues of the last save attempt (only `missing_codes` paths are read). */
  issues?: readonly PathIssue[];
};

const CODE_MAX = 16;

/**
 * The study's missing-data codes (docs/decisions/0023): code and label in both languages, added,
 * edited, removed and reordered. A study without its own list offers the standard codes; editing
 * copies them into the document, "Use the standard codes" takes the list out again. The codes are
 * checked by the configuration's own rules on save (unique, capitals: study-config-rules.ts).
 */
export function MissingCodesEditor({ codes, onChange, issues = [] }: Props) {
  const t = useTranslations("missing.editor");
  const readOnly = useEditorReadOnly();
  const words = useWords();
  const locale = useLocale() as Locale;
  const issueAt = (index: number) =>
    issues.find((issue) => issue.path[0] === "missing_codes" && issue.path[1] === index)?.message;

  const set = (index: number, next: MissingCodeDocument) =>
    onChange((codes ?? []).map((entry, i) => (i === index ? next : entry)));
  const move = (index: number, by: -1 | 1) => {
    const list = [...(codes ?? [])];
    const [entry] = list.splice(index, 1);
    list.splice(index + by, 0, entry!);
    onChange(list);
  };

  return (
    <section
      aria-labelledby="missing-codes-title"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="missing-codes-title" className="text-base font-semibold text-slate-900">
        {t("title")}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {codes === undefined ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{t("defaults")}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t("title")}>
            {DEFAULT_MISSING_CODES.map((entry) => (
              <li
                key={entry.code}
                className="rounded border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs text-amber-900"
              >
                <span className="font-semibold">{entry.code}</span> · {wordsIn(entry.label, locale)}
              </li>
            ))}
          </ul>
          {!readOnly && (
            <Button
              variant="secondary"
              onClick={() =>
                onChange(
                  DEFAULT_MISSING_CODES.map((entry) => ({ code: entry.code, label: { ...entry.label } })),
                )
              }
            >
              {t("customize")}
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {codes.length === 0 && <p className="text-sm text-slate-600">{t("empty")}</p>}
          <ol className="space-y-3">
            {codes.map((entry, index) => {
              const id = `missing-code-${index}`;
              const error = issueAt(index);
              return (
                <li
                  key={index}
                  className="rounded-md border border-slate-200 bg-slate-50 p-3"
                  data-testid={id}
                >
                  <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
                    <div>
                      <Label htmlFor={id}>{t("code")}</Label>
                      <Input
                        id={id}
                        value={entry.code}
                        maxLength={CODE_MAX}
                        autoComplete="off"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : `${id}-hint`}
                        onChange={(event) => set(index, { ...entry, code: event.target.value.toUpperCase() })}
                      />
                      {error ? (
                        <FieldError id={id} error={words(error)} />
                      ) : (
                        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                          {t("codeHint")}
                        </p>
                      )}
                    </div>
                    <StudyTextInput
                      id={`${id}-label`}
                      label={t("label")}
                      required
                      value={entry.label}
                      onChange={(label) => set(index, { ...entry, label })}
                    />
                  </div>
                  {!readOnly && (
                    <div className="mt-2 flex flex-wrap justify-end gap-2">
                      <Button
                        variant="secondary"
                        className="px-2 py-1 text-xs"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={t("moveUp", { code: entry.code })}
                      >
                        <span aria-hidden="true">↑</span>
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-2 py-1 text-xs"
                        disabled={index === codes.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("moveDown", { code: entry.code })}
                      >
                        <span aria-hidden="true">↓</span>
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-xs"
                        onClick={() => onChange(codes.filter((_, i) => i !== index))}
                        aria-label={t("removeLabel", { code: entry.code })}
                      >
                        {t("remove")}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {!readOnly && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => onChange([...codes, { code: "", label: "" }])}>
                {t("add")}
              </Button>
              <Button variant="secondary" onClick={() => onChange(undefined)}>
                {t("reset")}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
