"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { useStudyWords } from "@/components/study-text/content-language";
import type { Condition, ConditionOperator, FieldCondition } from "@/lib/schemas/study-config";
import {
  CONDITION_OPERATORS,
  appendAt,
  children,
  groupKind,
  listText,
  newComparison,
  parseListText,
  replaceAt,
  setGroupKind,
  valueKind,
  withFittingValue,
  type ConditionPath,
  type ConditionTarget,
} from "@/lib/study-editor/conditions";
import { useEditorReadOnly } from "../editor-read-only";

export type ConditionsEditorProps = {
  /** "Show if", "Required if", "Enable if". */
  label: string;
  value: Condition | undefined;
  onChange: (next: Condition | undefined) => void;
  /** The other fields of the entity, the ones a condition may look at. */
  targets: readonly ConditionTarget[];
};

const SMALL = "px-2 py-1 text-xs";
/** What a list looks like when typed (a format, the same in every language). */
const LIST_EXAMPLE = "a, b, c";

/**
 * One condition of a field: a comparison, or and/or groups nested to any depth. Every edit goes out
 * as the config the form engine evaluates; an untouched tree is passed through as it came.
 */
export function ConditionsEditor({ label, value, onChange, targets }: ConditionsEditorProps) {
  const id = useId();
  const t = useTranslations("editorFields.conditions");
  const readOnly = useEditorReadOnly();
  const change = (path: ConditionPath, next: Condition | null) => {
    if (!value) return;
    onChange(replaceAt(value, path, next) ?? undefined);
  };
  const append = (path: ConditionPath, node: Condition) => value && onChange(appendAt(value, path, node));

  return (
    <fieldset className="rounded-md border border-slate-200 p-3" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="px-1 text-sm font-medium text-slate-700">
        {label}
      </legend>
      {!value ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-500">{t("none")}</span>
          {!readOnly && (
            <>
              <Button
                variant="secondary"
                className={SMALL}
                disabled={targets.length === 0}
                onClick={() => onChange(newComparison(targets))}
              >
                {t("addCondition")}
              </Button>
              <Button
                variant="secondary"
                className={SMALL}
                disabled={targets.length === 0}
                onClick={() => onChange({ and: [newComparison(targets)] })}
              >
                {t("addGroup")}
              </Button>
            </>
          )}
          {targets.length === 0 && !readOnly && (
            <span className="text-xs text-slate-500">{t("needTargets")}</span>
          )}
        </div>
      ) : (
        <ConditionNode
          node={value}
          path={[]}
          targets={targets}
          onReplace={change}
          onAppend={append}
          rootLabel={label}
        />
      )}
    </fieldset>
  );
}

type NodeProps = {
  node: Condition;
  path: ConditionPath;
  targets: readonly ConditionTarget[];
  onReplace: (path: ConditionPath, next: Condition | null) => void;
  onAppend: (path: ConditionPath, node: Condition) => void;
  rootLabel: string;
};

function ConditionNode(props: NodeProps) {
  const { node, path, targets, onReplace, onAppend } = props;
  const kind = groupKind(node);
  const selectId = useId();
  const t = useTranslations("editorFields.conditions");
  const readOnly = useEditorReadOnly();
  const where =
    path.length === 0
      ? props.rootLabel
      : t("item", { where: props.rootLabel, path: path.map((p) => p + 1).join(".") });
  if (!kind)
    return (
      <div className="space-y-2">
        <Comparison
          condition={node as FieldCondition}
          targets={targets}
          where={where}
          onChange={(next) => onReplace(path, next)}
          onRemove={() => onReplace(path, null)}
        />
        {path.length === 0 && !readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className={SMALL}
              onClick={() => onAppend(path, newComparison(targets))}
            >
              {t("addCondition")}
            </Button>
            <Button
              variant="secondary"
              className={SMALL}
              onClick={() => onAppend(path, { or: [newComparison(targets)] })}
            >
              {t("addGroup")}
            </Button>
          </div>
        )}
      </div>
    );

  const list = children(node);
  return (
    <div
      role="group"
      aria-label={t("group", { where })}
      className={cn(
        "space-y-2 rounded-md border-l-4 py-1 pl-3",
        kind === "and" ? "border-brand-600/50" : "border-amber-400",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-xs font-medium text-slate-600" htmlFor={selectId}>
          {t("match")}
        </label>
        <select
          id={selectId}
          aria-label={t("matchLabel", { where })}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={kind}
          onChange={(e) => onReplace(path, setGroupKind(node, e.target.value as "and" | "or"))}
        >
          <option value="and">{t("all")}</option>
          <option value="or">{t("any")}</option>
        </select>
        {!readOnly && (
          <Button
            variant="destructive"
            className={SMALL}
            aria-label={t("removeGroupLabel", { where })}
            onClick={() => onReplace(path, null)}
          >
            {t("removeGroup")}
          </Button>
        )}
      </div>
      {list.length === 0 && <p className="text-xs text-slate-500">{t("emptyGroup")}</p>}
      {list.map((child, index) => (
        <ConditionNode key={index} {...props} node={child} path={[...path, index]} />
      ))}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className={SMALL}
            aria-label={t("addConditionTo", { where })}
            onClick={() => onAppend(path, newComparison(targets))}
          >
            {t("addCondition")}
          </Button>
          <Button
            variant="secondary"
            className={SMALL}
            aria-label={t("addGroupTo", { where })}
            onClick={() =>
              onAppend(path, { [kind === "and" ? "or" : "and"]: [newComparison(targets)] } as Condition)
            }
          >
            {t("addGroup")}
          </Button>
        </div>
      )}
    </div>
  );
}

function Comparison({
  condition,
  targets,
  where,
  onChange,
  onRemove,
}: {
  condition: FieldCondition;
  targets: readonly ConditionTarget[];
  where: string;
  onChange: (next: FieldCondition) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("editorFields.conditions");
  const readOnly = useEditorReadOnly();
  const studyWords = useStudyWords();
  const target = targets.find((candidate) => candidate.name === condition.field);
  const kind = valueKind(condition.operator, target);
  // A list typed as text keeps the user's spelling while they type ("1, " before "1, 2").
  const [listDraft, setListDraft] = useState<string | null>(null);
  const knownTarget = !!target || condition.field === "";

  return (
    <div className="flex flex-wrap items-start gap-2" role="group" aria-label={t("comparison", { where })}>
      <select
        aria-label={t("field", { where })}
        className={cn(CONTROL_CLASS, "w-auto min-w-32 flex-1 py-1 text-xs")}
        value={condition.field}
        onChange={(e) => {
          const next = targets.find((candidate) => candidate.name === e.target.value);
          onChange(withFittingValue({ ...condition, field: e.target.value }, next));
          setListDraft(null);
        }}
      >
        {!knownTarget && (
          <option value={condition.field}>{t("missingField", { name: condition.field })}</option>
        )}
        {targets.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {studyWords(candidate.label)} ({candidate.name})
          </option>
        ))}
      </select>
      <select
        aria-label={t("operator", { where })}
        className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
        value={condition.operator}
        onChange={(e) => {
          onChange(withFittingValue({ ...condition, operator: e.target.value as ConditionOperator }, target));
          setListDraft(null);
        }}
      >
        {CONDITION_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {t(`operators.${op}`)}
          </option>
        ))}
      </select>
      {kind === "number" && (
        <input
          type="number"
          step="any"
          aria-label={t("value", { where })}
          className={cn(CONTROL_CLASS, "w-28 py-1 text-xs")}
          value={typeof condition.value === "number" ? condition.value : ""}
          onChange={(e) =>
            onChange({ ...condition, value: e.target.value === "" ? 0 : Number(e.target.value) })
          }
        />
      )}
      {kind === "text" && (
        <input
          type="text"
          aria-label={t("value", { where })}
          className={cn(CONTROL_CLASS, "w-40 py-1 text-xs")}
          value={typeof condition.value === "string" ? condition.value : ""}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
        />
      )}
      {kind === "boolean" && (
        <select
          aria-label={t("value", { where })}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={String(condition.value === true)}
          onChange={(e) => onChange({ ...condition, value: e.target.value === "true" })}
        >
          <option value="true">{t("yes")}</option>
          <option value="false">{t("no")}</option>
        </select>
      )}
      {kind === "option" && (
        <select
          aria-label={t("value", { where })}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={typeof condition.value === "string" ? condition.value : ""}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
        >
          {target?.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {studyWords(o.label)}
            </option>
          ))}
        </select>
      )}
      {kind === "option-list" && (
        <fieldset className="flex flex-wrap gap-2" aria-label={t("values", { where })}>
          {target?.options?.map((o) => {
            const list = Array.isArray(condition.value) ? condition.value : [];
            const checked = list.includes(o.value);
            return (
              <label key={o.value} className="flex items-center gap-1 text-xs">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    onChange({
                      ...condition,
                      value: checked ? list.filter((v) => v !== o.value) : [...list, o.value],
                    })
                  }
                />
                {studyWords(o.label)}
              </label>
            );
          })}
        </fieldset>
      )}
      {kind === "text-list" && (
        <input
          type="text"
          aria-label={t("listValues", { where })}
          placeholder={LIST_EXAMPLE}
          className={cn(CONTROL_CLASS, "w-40 py-1 text-xs")}
          value={listDraft ?? listText(condition.value)}
          onChange={(e) => {
            setListDraft(e.target.value);
            onChange({ ...condition, value: parseListText(e.target.value, target) });
          }}
          onBlur={() => setListDraft(null)}
        />
      )}
      {!readOnly && (
        <Button
          variant="destructive"
          className={SMALL}
          aria-label={t("removeLabel", { where })}
          onClick={onRemove}
        >
          {t("remove")}
        </Button>
      )}
    </div>
  );
}
