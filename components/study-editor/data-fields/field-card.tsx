"use client";

import { useTranslations } from "next-intl";
import { memo, useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  FIELD_TYPES,
  type CategoryDocument,
  type Condition,
  type DataFieldDocument,
  type FieldValidation,
} from "@/lib/schemas/study-config";
import type { ConditionTarget } from "@/lib/study-editor/conditions";
import {
  OPTION_FIELD_TYPES,
  applyLabel,
  changeType,
  optionLinesIn,
  optionsFromLines,
} from "@/lib/study-editor/data-fields";
import { LOCALES } from "@/lib/i18n/locales";
import { isBlankText } from "@/lib/schemas/study-text";
import { useContentLanguage, useStudyWords } from "@/components/study-text/content-language";
import { StudyTextInput } from "@/components/study-text/study-text-input";
import { StudyTextView } from "@/components/study-text/study-text-view";
import { ArraySchemaEditor } from "./array-schema-editor";
import { ConditionsEditor } from "./conditions-editor";
import { ReadOnlyFields, useEditorReadOnly } from "../editor-read-only";

export type FieldCardProps = {
  uid: string;
  field: DataFieldDocument;
  /** Messages by property ("" for the card as a whole); undefined when the card is fine. */
  errors: Record<string, string> | undefined;
  expanded: boolean;
  highlighted: boolean;
  selected: boolean;
  /** Fields a condition may look at; only passed while expanded, so typing elsewhere skips this card. */
  targets: readonly ConditionTarget[];
  categories: readonly CategoryDocument[];
  /** Added in this draft: its name follows the label while it is the generated one. */
  isNew: boolean;
  /** Shown when the field holds data under a name it is about to lose. */
  dataWarning: string | null;
  onChange: (uid: string, next: DataFieldDocument) => void;
  onDelete: (uid: string) => void;
  onToggle: (uid: string) => void;
  onSelect: (uid: string, selected: boolean) => void;
};

const TEXT_TYPES: ReadonlySet<string> = new Set(["text", "textarea", "email"]);
const CONDITION_KEYS = [
  ["show_if", "showIf"],
  ["required_if", "requiredIf"],
  ["enable_if", "enableIf"],
] as const;
/** What a pattern looks like (a regular expression, the same in every language). */
const PATTERN_EXAMPLE = "^[A-Z]{2}\\d+$";

function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * One data field. Memoised: the editor keeps every other field's object (and every callback) the
 * same while one card is edited, so with hundreds of fields only the card being typed in renders.
 */
export const FieldCard = memo(function FieldCard(props: FieldCardProps) {
  const { uid, field, errors, expanded, highlighted, selected, dataWarning } = props;
  const id = useId();
  const t = useTranslations("editorFields.card");
  const tc = useTranslations("common.actions");
  const readOnly = useEditorReadOnly();
  const tl = useTranslations("common.languageName");
  const tp = useTranslations("plausibility");
  // The plausible range (decision 0024) sits beside the hard one: outside it, a save asks to confirm.
  const numberBoundLabel = (key: "min" | "max" | "soft_min" | "soft_max") =>
    ({ min: t("min"), max: t("max"), soft_min: tp("softMin"), soft_max: tp("softMax") })[key];
  const words = useWords();
  const studyWords = useStudyWords();
  const contentLanguage = useContentLanguage();
  const otherLanguage = LOCALES.find((locale) => locale !== contentLanguage)!;
  const label = studyWords(field.label);
  const set = (next: DataFieldDocument) => props.onChange(uid, next);
  const setValidation = (patch: Partial<FieldValidation>) => {
    const validation: FieldValidation = { ...field.validation, ...patch };
    for (const key of Object.keys(validation) as (keyof FieldValidation)[])
      if (validation[key] === undefined || validation[key] === "") delete validation[key];
    set({ ...field, validation });
  };
  const setCondition = (key: (typeof CONDITION_KEYS)[number][0], condition: Condition | undefined) => {
    const next = { ...field };
    if (condition) next[key] = condition;
    else delete next[key];
    set(next);
  };

  // Options are typed one per line, in the default language and, beside it, their translations
  // (decision 0022); the texts are kept as typed (a blank line while typing) and re-read from the
  // field when the field changes elsewhere.
  const linesIn = (locale: typeof contentLanguage) => optionLinesIn(field.options, locale, contentLanguage);
  const [optionsText, setOptionsText] = useState(() => linesIn(contentLanguage));
  const [translatedText, setTranslatedText] = useState(() => linesIn(otherLanguage));
  const [unknownTranslations, setUnknownTranslations] = useState<string[]>([]);
  const [seenOptions, setSeenOptions] = useState(field.options);
  if (seenOptions !== field.options) {
    setSeenOptions(field.options);
    const typed = optionsFromLines(optionsText, translatedText, contentLanguage).options;
    if (JSON.stringify(typed) !== JSON.stringify(field.options ?? [])) {
      setOptionsText(linesIn(contentLanguage));
      setTranslatedText(linesIn(otherLanguage));
    }
  }
  const setOptionLines = (defaultLines: string, translatedLines: string) => {
    setOptionsText(defaultLines);
    setTranslatedText(translatedLines);
    const { options, unknown } = optionsFromLines(defaultLines, translatedLines, contentLanguage);
    setUnknownTranslations(unknown);
    set({ ...field, options });
  };

  const errorText = (key: string) => (
    <FieldError id={`${id}-${key}`} error={errors?.[key] && words(errors[key])} />
  );
  const invalid = (key: string) =>
    errors?.[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${key}-error` } : {};
  const shownKeys = new Set([
    "name",
    "label",
    "type",
    "options",
    "schema",
    "validation",
    ...CONDITION_KEYS.map(([key]) => key),
  ]);
  const otherErrors = Object.entries(errors ?? {}).filter(([key]) => !shownKeys.has(key));
  const v = field.validation ?? {};

  return (
    <li
      id={`field-card-${uid}`}
      data-field-name={field.name}
      aria-label={t("region", { label })}
      className={cn(
        "scroll-mt-24 rounded-lg border bg-white transition-shadow duration-300",
        errors ? "border-red-400" : "border-slate-200",
        highlighted && "ring-4 ring-amber-300",
      )}
    >
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        <input
          type="checkbox"
          aria-label={t("select", { label })}
          checked={selected}
          onChange={(e) => props.onSelect(uid, e.target.checked)}
        />
        {/* At least 10rem for the title: on a phone the buttons wrap below rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-40">
          <h3 className="truncate font-medium text-slate-900">
            {label ? <StudyTextView text={field.label} /> : t("noLabel")}
          </h3>
          <p className="truncate text-xs text-slate-500">
            <code className="font-mono">{field.name}</code>
            {field.validation?.required && t("requiredMark")}
            {field.show_if && t("conditionalMark")}
          </p>
        </div>
        {/* One group: on a narrow screen it wraps below the title as a whole. */}
        <div className="ml-auto flex items-center gap-2">
          <Badge tone="muted">{field.type}</Badge>
          {errors && <span className="text-xs font-medium text-red-700">{t("hasErrors")}</span>}
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-expanded={expanded}
            aria-controls={`${id}-body`}
            aria-label={
              expanded ? t("collapseLabel", { label }) : t(readOnly ? "showLabel" : "editLabel", { label })
            }
            onClick={() => props.onToggle(uid)}
          >
            {expanded ? t("collapse") : t(readOnly ? "show" : "edit")}
          </Button>
          {!readOnly && (
            <Button
              variant="destructive"
              className="px-2 py-1 text-xs"
              aria-label={t("deleteLabel", { label })}
              onClick={() => props.onDelete(uid)}
            >
              {tc("delete")}
            </Button>
          )}
        </div>
      </div>
      {dataWarning && (
        <p role="status" className="mx-3 mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {dataWarning}
        </p>
      )}
      {expanded && (
        <ReadOnlyFields>
          <div id={`${id}-body`} className="space-y-3 border-t border-slate-100 px-3 py-3">
            {otherErrors.length > 0 && (
              <ul className="list-disc pl-5 text-sm text-red-600">
                {otherErrors.map(([key, message]) => (
                  <li key={key}>
                    {key ? `${key}: ` : ""}
                    {words(message)}
                  </li>
                ))}
              </ul>
            )}
            <StudyTextInput
              id={`${id}-label`}
              label={t("label")}
              value={field.label}
              onChange={(next) => set(applyLabel(field, next, contentLanguage, props.isNew))}
              error={errors?.label && words(errors.label)}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label htmlFor={`${id}-name`}>{t("name")}</Label>
                <Input
                  id={`${id}-name`}
                  value={field.name}
                  maxLength={50}
                  className="font-mono"
                  onChange={(e) => set({ ...field, name: e.target.value })}
                  {...invalid("name")}
                />
                {errorText("name")}
              </div>
              <div>
                <Label htmlFor={`${id}-type`}>{t("type")}</Label>
                <select
                  id={`${id}-type`}
                  className={CONTROL_CLASS}
                  value={field.type}
                  onChange={(e) => set(changeType(field, e.target.value))}
                  {...invalid("type")}
                >
                  {!(FIELD_TYPES as readonly string[]).includes(field.type) && (
                    <option value={field.type}>{field.type}</option>
                  )}
                  {FIELD_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
                {errorText("type")}
              </div>
              <div>
                <Label htmlFor={`${id}-category`}>{t("category")}</Label>
                <select
                  id={`${id}-category`}
                  className={CONTROL_CLASS}
                  value={field.category ?? ""}
                  onChange={(e) => set({ ...field, category: e.target.value || null })}
                >
                  <option value="">{t("uncategorized")}</option>
                  {field.category && !props.categories.some((c) => c.code === field.category) && (
                    <option value={field.category}>{t("missingCategory", { code: field.category })}</option>
                  )}
                  {props.categories.map((c) => (
                    <option key={c.code} value={c.code}>
                      {studyWords(c.label)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <StudyTextInput
              id={`${id}-description`}
              label={t("description")}
              multiline
              value={field.description}
              onChange={(description) => {
                const next: DataFieldDocument = { ...field, description };
                if (isBlankText(description)) delete next.description;
                set(next);
              }}
            />
            {(OPTION_FIELD_TYPES.has(field.type) || errors?.options) && (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="min-w-0">
                  <Label htmlFor={`${id}-options`}>{t("options")}</Label>
                  <textarea
                    id={`${id}-options`}
                    lang={contentLanguage}
                    rows={4}
                    className={CONTROL_CLASS}
                    value={optionsText}
                    placeholder={t("optionsPlaceholder")}
                    onChange={(e) => setOptionLines(e.target.value, translatedText)}
                    aria-describedby={[`${id}-options-hint`, errors?.options ? `${id}-options-error` : ""]
                      .filter(Boolean)
                      .join(" ")}
                    aria-invalid={errors?.options ? true : undefined}
                  />
                  <p id={`${id}-options-hint`} className="mt-1 text-xs text-slate-500">
                    {t("optionsIn", { language: tl(contentLanguage) })} {t("optionsHint")}
                  </p>
                  {errorText("options")}
                </div>
                <div className="min-w-0">
                  <Label htmlFor={`${id}-options-${otherLanguage}`}>
                    {t("optionTranslations", { language: tl(otherLanguage) })}
                  </Label>
                  <textarea
                    id={`${id}-options-${otherLanguage}`}
                    lang={otherLanguage}
                    rows={4}
                    className={CONTROL_CLASS}
                    value={translatedText}
                    aria-describedby={`${id}-options-${otherLanguage}-hint`}
                    onChange={(e) => setOptionLines(optionsText, e.target.value)}
                  />
                  <p id={`${id}-options-${otherLanguage}-hint`} className="mt-1 text-xs text-slate-500">
                    {t("optionTranslationsHint", { language: tl(otherLanguage), other: tl(contentLanguage) })}
                  </p>
                  {unknownTranslations.length > 0 && (
                    <p role="alert" className="mt-1 text-xs text-amber-800">
                      {t("optionTranslationsUnknown", { values: unknownTranslations.join(", ") })}
                    </p>
                  )}
                </div>
              </div>
            )}
            <fieldset className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">{t("validation")}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <label className="col-span-2 flex items-center gap-2 text-sm sm:col-span-3">
                  <input
                    type="checkbox"
                    checked={v.required === true}
                    onChange={(e) => setValidation({ required: e.target.checked || undefined })}
                  />
                  {t("required")}
                </label>
                {field.type === "number" &&
                  (["min", "max", "soft_min", "soft_max"] as const).map((key) => (
                    <div key={key}>
                      <Label htmlFor={`${id}-${key}`}>{numberBoundLabel(key)}</Label>
                      <Input
                        id={`${id}-${key}`}
                        type="number"
                        step="any"
                        value={v[key] ?? ""}
                        onChange={(e) => setValidation({ [key]: numberOrUndefined(e.target.value) })}
                      />
                    </div>
                  ))}
                {TEXT_TYPES.has(field.type) && (
                  <>
                    {(["min_length", "max_length"] as const).map((key) => (
                      <div key={key}>
                        <Label htmlFor={`${id}-${key}`}>
                          {key === "min_length" ? t("minLength") : t("maxLength")}
                        </Label>
                        <Input
                          id={`${id}-${key}`}
                          type="number"
                          min={0}
                          step={1}
                          value={v[key] ?? ""}
                          onChange={(e) => {
                            const n = numberOrUndefined(e.target.value);
                            setValidation({
                              [key]: n === undefined ? undefined : Math.max(0, Math.trunc(n)),
                            });
                          }}
                        />
                      </div>
                    ))}
                    <div className="col-span-2 sm:col-span-1">
                      <Label htmlFor={`${id}-pattern`}>{t("pattern")}</Label>
                      <Input
                        id={`${id}-pattern`}
                        className="font-mono"
                        placeholder={PATTERN_EXAMPLE}
                        value={v.pattern ?? ""}
                        onChange={(e) => setValidation({ pattern: e.target.value || undefined })}
                      />
                    </div>
                  </>
                )}
              </div>
              {errorText("validation")}
            </fieldset>
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={field.show_in_table === true}
                  onChange={(e) => set({ ...field, show_in_table: e.target.checked })}
                />
                {t("showInTable")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={field.show_in_form !== false}
                  onChange={(e) => set({ ...field, show_in_form: e.target.checked })}
                />
                {t("showInForm")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={field.identifier === true}
                  onChange={(e) => {
                    const { identifier: _previous, ...rest } = field;
                    set(e.target.checked ? { ...rest, identifier: true } : rest);
                  }}
                />
                {t("identifier")}
              </label>
              {/* 'SDV required' (decision 0031): stored only when set, as `identifier` is (decision 0016),
                so a document without the flag stays byte for byte what it was. */}
              <div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={field.sdv_required === true}
                    aria-describedby={`${id}-sdv-hint`}
                    onChange={(e) => {
                      const { sdv_required: _previous, ...rest } = field;
                      set(e.target.checked ? { ...rest, sdv_required: true } : rest);
                    }}
                  />
                  {t("sdvRequired")}
                </label>
                <p id={`${id}-sdv-hint`} className="mt-0.5 text-xs text-slate-500">
                  {t("sdvRequiredHint")}
                </p>
              </div>
              <div className="w-24">
                <Label htmlFor={`${id}-order`}>{t("order")}</Label>
                <Input
                  id={`${id}-order`}
                  type="number"
                  step={1}
                  value={field.order ?? ""}
                  onChange={(e) => {
                    const next = { ...field, order: numberOrUndefined(e.target.value) };
                    if (next.order === undefined) delete next.order;
                    set(next);
                  }}
                />
              </div>
            </div>
            {field.type === "array" && (
              <div>
                <ArraySchemaEditor
                  fieldLabel={label}
                  schema={field.schema ?? {}}
                  onChange={(schema) => set({ ...field, schema })}
                />
                {errorText("schema")}
              </div>
            )}
            <div className="space-y-2">
              {CONDITION_KEYS.map(([key, label]) => (
                <div key={key}>
                  <ConditionsEditor
                    label={t(label)}
                    value={field[key]}
                    targets={props.targets}
                    onChange={(condition) => setCondition(key, condition)}
                  />
                  {errorText(key)}
                </div>
              ))}
            </div>
          </div>
        </ReadOnlyFields>
      )}
    </li>
  );
});
