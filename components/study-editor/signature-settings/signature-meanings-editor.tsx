"use client";

import { useLocale, useTranslations } from "next-intl";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_SIGNATURE_MEANINGS, type StudyConfigDocument } from "@/lib/schemas/study-config";
import { wordsIn } from "@/lib/schemas/study-text";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { useEditorReadOnly } from "../editor-read-only";

export type SignatureMeaningDocument = NonNullable<
  NonNullable<StudyConfigDocument["signatures"]>["meanings"]
>[number];

type Props = {
  /** The document's `signatures.meanings`; undefined = the three standard meanings (decision 0032). */
  meanings: SignatureMeaningDocument[] | undefined;
  onChange: (next: SignatureMeaningDocument[] | undefined) => void;
  /** Config issues of the last save attempt (only `signatures.meanings` paths are read). */
  issues?: readonly PathIssue[];
};

// SIGNATURE_MEANING_KEY allows at most 32 characters.
const KEY_MAX = 32;

/**
 * The meanings a signer chooses from (docs/decisions/0032, 21 CFR 11.50(a)(3)): key and words in
 * both languages, added, edited, removed and reordered, as the missing-data codes are (decision
 * 0023). A study without its own list offers the standard meanings; editing copies them into the
 * document, "Use the standard meanings" takes the list out again, so an untouched study keeps its
 * document byte for byte. The keys and words are checked by the configuration's schema on save.
 */
export function SignatureMeaningsEditor({ meanings, onChange, issues = [] }: Props) {
  const t = useTranslations("editorSettings.signatures.meanings");
  const readOnly = useEditorReadOnly();
  const locale = useLocale() as Locale;
  const issueAt = (index: number, property: string) =>
    issues.find(
      (issue) =>
        issue.path[0] === "signatures" &&
        issue.path[1] === "meanings" &&
        issue.path[2] === index &&
        issue.path[3] === property,
    )?.message;
  const listIssue = issues.find(
    (issue) => issue.path[0] === "signatures" && issue.path[1] === "meanings" && issue.path.length === 2,
  )?.message;

  const set = (index: number, next: SignatureMeaningDocument) =>
    onChange((meanings ?? []).map((entry, i) => (i === index ? next : entry)));
  const move = (index: number, by: -1 | 1) => {
    const list = [...(meanings ?? [])];
    const [entry] = list.splice(index, 1);
    list.splice(index + by, 0, entry!);
    onChange(list);
  };

  return (
    <div className="mt-4">
      <h4 id="signature-meanings-title" className="text-sm font-semibold text-slate-900">
        {t("title")}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {meanings === undefined ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{t("defaults")}</p>
          <ul className="flex flex-wrap gap-2" aria-labelledby="signature-meanings-title">
            {DEFAULT_SIGNATURE_MEANINGS.map((entry) => (
              <li
                key={entry.key}
                className="rounded border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs break-words text-amber-900"
              >
                <span className="font-semibold">{entry.key}</span> · {wordsIn(entry.label, locale)}
              </li>
            ))}
          </ul>
          {!readOnly && (
            <Button
              variant="secondary"
              onClick={() =>
                onChange(
                  DEFAULT_SIGNATURE_MEANINGS.map((entry) => ({ key: entry.key, label: { ...entry.label } })),
                )
              }
            >
              {t("customize")}
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {meanings.length === 0 && <p className="text-sm text-slate-600">{t("empty")}</p>}
          <FieldError id="signature-meanings" error={listIssue} />
          <ol className="space-y-3" aria-labelledby="signature-meanings-title">
            {meanings.map((entry, index) => {
              const id = `signature-meaning-${index}`;
              const keyError = issueAt(index, "key");
              return (
                <li
                  key={index}
                  className="rounded-md border border-slate-200 bg-slate-50 p-3"
                  data-testid={id}
                >
                  <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                    <div className="min-w-0">
                      <Label htmlFor={id}>{t("key")}</Label>
                      <Input
                        id={id}
                        value={entry.key}
                        maxLength={KEY_MAX}
                        autoComplete="off"
                        aria-invalid={keyError ? true : undefined}
                        aria-describedby={keyError ? `${id}-error` : `${id}-hint`}
                        onChange={(event) => set(index, { ...entry, key: event.target.value.toLowerCase() })}
                      />
                      {keyError ? (
                        <FieldError id={id} error={keyError} />
                      ) : (
                        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                          {t("keyHint")}
                        </p>
                      )}
                    </div>
                    <StudyTextInput
                      id={`${id}-label`}
                      label={t("label")}
                      required
                      value={entry.label}
                      error={issueAt(index, "label")}
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
                        aria-label={t("moveUp", { key: entry.key })}
                      >
                        <span aria-hidden="true">↑</span>
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-2 py-1 text-xs"
                        disabled={index === meanings.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("moveDown", { key: entry.key })}
                      >
                        <span aria-hidden="true">↓</span>
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-xs"
                        onClick={() => onChange(meanings.filter((_, i) => i !== index))}
                        aria-label={t("removeLabel", { key: entry.key })}
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
              <Button variant="secondary" onClick={() => onChange([...meanings, { key: "", label: "" }])}>
                {t("add")}
              </Button>
              <Button variant="secondary" onClick={() => onChange(undefined)}>
                {t("reset")}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
