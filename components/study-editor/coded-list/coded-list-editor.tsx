"use client";

import { useLocale } from "next-intl";
import type { ReactNode } from "react";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/lib/i18n/locales";
import { wordsIn, type StudyText, type TextByLanguage } from "@/lib/schemas/study-text";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { useEditorReadOnly } from "../editor-read-only";

/** One entry of a coded list: its identifier under the property `K` and its words in both languages. */
export type CodedEntry<K extends string> = Record<K, string> & { label: StudyText };

/**
 * The list's catalogue namespace, as the list's own editor resolves it. The identifier's property
 * name is also the key of its field label, `<K>Hint` the key of its hint, and the value name in the
 * button labels ("Move {code} up", "Move {key} up").
 */
export type CodedListTranslate<K extends string> = (
  key: CodedListMessage | K | `${K}Hint`,
  // One signature with optional values: a translator is not assignable to overloads.
  values?: Record<K, string>,
) => string;
type CodedListMessage =
  | "title"
  | "intro"
  | "defaults"
  | "label"
  | "add"
  | "customize"
  | "reset"
  | "remove"
  | "removeLabel"
  | "moveUp"
  | "moveDown"
  | "empty";

/** What tells one coded list from another; each list's editor holds its own as a constant. */
export type CodedListSpec<K extends string> = {
  idProperty: K;
  /** What a typed identifier becomes (the configuration's pattern takes one case only). */
  normalizeId: (typed: string) => string;
  idMaxLength: number;
  /** The grid's columns, identifier first: a literal class, so Tailwind finds it. */
  columnsClassName: string;
  /** What a study without its own list offers; "Edit the list" copies it into the document. */
  defaults: readonly (Record<K, string> & { label: TextByLanguage })[];
  /** Where the list sits in the configuration: its config issues are read below this path. */
  issuePath: readonly string[];
  /** An entry's element id is `<idBase>-<index>`; the list's title is `<idBase>s-title`. */
  idBase: string;
  /** 3: a card of its own in the tab; 4: a part of another setting's card. */
  headingLevel: 3 | 4;
};

type Props<K extends string> = {
  spec: CodedListSpec<K>;
  t: CodedListTranslate<K>;
  /** The document's list; undefined = the study offers the spec's defaults. */
  entries: CodedEntry<K>[] | undefined;
  onChange: (next: CodedEntry<K>[] | undefined) => void;
  issues: readonly PathIssue[];
};

/**
 * A study's list of coded entries (an identifier and its words in both languages), added, edited,
 * removed and reordered; until the study makes it its own, the standard list is shown and the
 * document keeps no copy. Shared because the missing-data codes (docs/decisions/0023) and the
 * signature meanings (docs/decisions/0032) are the same list, with their own identifier rule,
 * words, defaults and place in the configuration (`CodedListSpec`). A locked study
 * (docs/decisions/0034) shows the list without any button that would change it.
 */
export function CodedListEditor<K extends string>({ spec, t, entries, onChange, issues }: Props<K>) {
  const readOnly = useEditorReadOnly();
  const locale = useLocale() as Locale;
  const { idProperty, idBase } = spec;
  const titleId = `${idBase}s-title`;
  const depth = spec.issuePath.length;
  const inList = (issue: PathIssue) => spec.issuePath.every((part, i) => issue.path[i] === part);
  const listIssue = issues.find((issue) => inList(issue) && issue.path.length === depth)?.message;
  const issueAt = (index: number, property: string) =>
    issues.find((issue) => inList(issue) && issue.path[depth] === index && issue.path[depth + 1] === property)
      ?.message;

  const set = (index: number, next: CodedEntry<K>) =>
    onChange((entries ?? []).map((entry, i) => (i === index ? next : entry)));
  const move = (index: number, by: -1 | 1) => {
    const list = [...(entries ?? [])];
    const [entry] = list.splice(index, 1);
    list.splice(index + by, 0, entry!);
    onChange(list);
  };
  // A computed key widens to an index signature; the object has exactly the one property.
  const named = (id: string) => ({ [idProperty]: id }) as Record<K, string>;

  const content = (
    <>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {entries === undefined ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{t("defaults")}</p>
          <ul className="flex flex-wrap gap-2" aria-labelledby={titleId}>
            {spec.defaults.map((entry) => (
              <li
                key={entry[idProperty]}
                className="rounded border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs break-words text-amber-900"
              >
                <span className="font-semibold">{entry[idProperty]}</span> · {wordsIn(entry.label, locale)}
              </li>
            ))}
          </ul>
          {!readOnly && (
            <Button
              variant="secondary"
              onClick={() =>
                onChange(
                  spec.defaults.map((entry) => ({ ...named(entry[idProperty]), label: { ...entry.label } })),
                )
              }
            >
              {t("customize")}
            </Button>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {entries.length === 0 && <p className="text-sm text-slate-600">{t("empty")}</p>}
          <FieldError id={`${idBase}s`} error={listIssue} />
          <ol className="space-y-3" aria-labelledby={titleId}>
            {entries.map((entry, index) => {
              const id = `${idBase}-${index}`;
              const idError = issueAt(index, idProperty);
              return (
                <li
                  key={index}
                  className="rounded-md border border-slate-200 bg-slate-50 p-3"
                  data-testid={id}
                >
                  <div className={`grid gap-3 ${spec.columnsClassName}`}>
                    <div className="min-w-0">
                      <Label htmlFor={id}>{t(idProperty)}</Label>
                      <Input
                        id={id}
                        value={entry[idProperty]}
                        maxLength={spec.idMaxLength}
                        autoComplete="off"
                        aria-invalid={idError ? true : undefined}
                        aria-describedby={idError ? `${id}-error` : `${id}-hint`}
                        onChange={(event) =>
                          set(index, { ...entry, ...named(spec.normalizeId(event.target.value)) })
                        }
                      />
                      {idError ? (
                        <FieldError id={id} error={idError} />
                      ) : (
                        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                          {t(`${idProperty}Hint`)}
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
                        aria-label={t("moveUp", named(entry[idProperty]))}
                      >
                        <span aria-hidden="true">↑</span>
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-2 py-1 text-xs"
                        disabled={index === entries.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("moveDown", named(entry[idProperty]))}
                      >
                        <span aria-hidden="true">↓</span>
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-xs"
                        onClick={() => onChange(entries.filter((_, i) => i !== index))}
                        aria-label={t("removeLabel", named(entry[idProperty]))}
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
              <Button variant="secondary" onClick={() => onChange([...entries, { ...named(""), label: "" }])}>
                {t("add")}
              </Button>
              <Button variant="secondary" onClick={() => onChange(undefined)}>
                {t("reset")}
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  );
  return <Card level={spec.headingLevel} titleId={titleId} title={t("title")} content={content} />;
}

function Card({
  level,
  titleId,
  title,
  content,
}: {
  level: 3 | 4;
  titleId: string;
  title: string;
  content: ReactNode;
}) {
  if (level === 4)
    return (
      <div className="mt-4">
        <h4 id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        {content}
      </div>
    );
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {content}
    </section>
  );
}
