"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import type { Condition, ConditionOperator, FieldCondition } from "@/lib/schemas/study-config";
import {
  CONDITION_OPERATORS,
  OPERATOR_LABELS,
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

export type ConditionsEditorProps = {
  /** "Show if", "Required if", "Enable if". */
  label: string;
  value: Condition | undefined;
  onChange: (next: Condition | undefined) => void;
  /** The other fields of the entity, the ones a condition may look at. */
  targets: readonly ConditionTarget[];
};

const SMALL = "px-2 py-1 text-xs";

/**
 * One condition of a field: a comparison, or and/or groups nested to any depth. Every edit goes out
 * as the config the form engine evaluates; an untouched tree is passed through as it came.
 */
export function ConditionsEditor({ label, value, onChange, targets }: ConditionsEditorProps) {
  const id = useId();
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
          <span className="text-sm text-slate-500">No condition: always.</span>
          <Button
            variant="secondary"
            className={SMALL}
            disabled={targets.length === 0}
            onClick={() => onChange(newComparison(targets))}
          >
            Add condition
          </Button>
          <Button
            variant="secondary"
            className={SMALL}
            disabled={targets.length === 0}
            onClick={() => onChange({ and: [newComparison(targets)] })}
          >
            Add group
          </Button>
          {targets.length === 0 && (
            <span className="text-xs text-slate-500">Add another field first to build a condition.</span>
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
  const where =
    path.length === 0 ? props.rootLabel : `${props.rootLabel} item ${path.map((p) => p + 1).join(".")}`;
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
        {path.length === 0 && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className={SMALL}
              onClick={() => onAppend(path, newComparison(targets))}
            >
              Add condition
            </Button>
            <Button
              variant="secondary"
              className={SMALL}
              onClick={() => onAppend(path, { or: [newComparison(targets)] })}
            >
              Add group
            </Button>
          </div>
        )}
      </div>
    );

  const list = children(node);
  return (
    <div
      role="group"
      aria-label={`${where} group`}
      className={cn(
        "space-y-2 rounded-md border-l-4 py-1 pl-3",
        kind === "and" ? "border-brand-600/50" : "border-amber-400",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-xs font-medium text-slate-600" htmlFor={selectId}>
          Match
        </label>
        <select
          id={selectId}
          aria-label={`${where} match`}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={kind}
          onChange={(e) => onReplace(path, setGroupKind(node, e.target.value as "and" | "or"))}
        >
          <option value="and">all of (and)</option>
          <option value="or">any of (or)</option>
        </select>
        <Button
          variant="destructive"
          className={SMALL}
          aria-label={`Remove ${where} group`}
          onClick={() => onReplace(path, null)}
        >
          Remove group
        </Button>
      </div>
      {list.length === 0 && <p className="text-xs text-slate-500">Empty group: always true.</p>}
      {list.map((child, index) => (
        <ConditionNode key={index} {...props} node={child} path={[...path, index]} />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className={SMALL}
          aria-label={`Add condition to ${where}`}
          onClick={() => onAppend(path, newComparison(targets))}
        >
          Add condition
        </Button>
        <Button
          variant="secondary"
          className={SMALL}
          aria-label={`Add group to ${where}`}
          onClick={() =>
            onAppend(path, { [kind === "and" ? "or" : "and"]: [newComparison(targets)] } as Condition)
          }
        >
          Add group
        </Button>
      </div>
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
  const target = targets.find((t) => t.name === condition.field);
  const kind = valueKind(condition.operator, target);
  // A list typed as text keeps the user's spelling while they type ("1, " before "1, 2").
  const [listDraft, setListDraft] = useState<string | null>(null);
  const knownTarget = !!target || condition.field === "";

  return (
    <div className="flex flex-wrap items-start gap-2" role="group" aria-label={`${where} comparison`}>
      <select
        aria-label={`${where} field`}
        className={cn(CONTROL_CLASS, "w-auto min-w-32 flex-1 py-1 text-xs")}
        value={condition.field}
        onChange={(e) => {
          const next = targets.find((t) => t.name === e.target.value);
          onChange(withFittingValue({ ...condition, field: e.target.value }, next));
          setListDraft(null);
        }}
      >
        {!knownTarget && <option value={condition.field}>{condition.field} (missing field)</option>}
        {targets.map((t) => (
          <option key={t.name} value={t.name}>
            {t.label} ({t.name})
          </option>
        ))}
      </select>
      <select
        aria-label={`${where} operator`}
        className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
        value={condition.operator}
        onChange={(e) => {
          onChange(withFittingValue({ ...condition, operator: e.target.value as ConditionOperator }, target));
          setListDraft(null);
        }}
      >
        {CONDITION_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </select>
      {kind === "number" && (
        <input
          type="number"
          step="any"
          aria-label={`${where} value`}
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
          aria-label={`${where} value`}
          className={cn(CONTROL_CLASS, "w-40 py-1 text-xs")}
          value={typeof condition.value === "string" ? condition.value : ""}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
        />
      )}
      {kind === "boolean" && (
        <select
          aria-label={`${where} value`}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={String(condition.value === true)}
          onChange={(e) => onChange({ ...condition, value: e.target.value === "true" })}
        >
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      )}
      {kind === "option" && (
        <select
          aria-label={`${where} value`}
          className={cn(CONTROL_CLASS, "w-auto py-1 text-xs")}
          value={typeof condition.value === "string" ? condition.value : ""}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
        >
          {target?.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {kind === "option-list" && (
        <fieldset className="flex flex-wrap gap-2" aria-label={`${where} values`}>
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
                {o.label}
              </label>
            );
          })}
        </fieldset>
      )}
      {kind === "text-list" && (
        <input
          type="text"
          aria-label={`${where} values (comma separated)`}
          placeholder="a, b, c"
          className={cn(CONTROL_CLASS, "w-40 py-1 text-xs")}
          value={listDraft ?? listText(condition.value)}
          onChange={(e) => {
            setListDraft(e.target.value);
            onChange({ ...condition, value: parseListText(e.target.value, target) });
          }}
          onBlur={() => setListDraft(null)}
        />
      )}
      <Button
        variant="destructive"
        className={SMALL}
        aria-label={`Remove ${where} comparison`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </div>
  );
}
