/**
 * Per-field state (visible / required / enabled) and the ordering and grouping of fields that the
 * capture dialogs, the editor preview and the server share (spec §2 "grouped by category", §5).
 */
import type { Category, DataField, FieldEntity } from "@/lib/schemas/study-config";
import { evaluateCondition } from "./conditions";

export type FieldState = { visible: boolean; required: boolean; enabled: boolean };

export type FieldGroup = { category: Category | null; fields: DataField[] };

/** Shown in the form: show_in_form is not switched off and show_if holds. */
export function isFieldVisible(field: DataField, values: Record<string, unknown>): boolean {
  return field.show_in_form !== false && evaluateCondition(field.show_if, values);
}

/** Editable: enable_if holds (no enable_if → enabled). */
export function isFieldEnabled(field: DataField, values: Record<string, unknown>): boolean {
  return evaluateCondition(field.enable_if, values);
}

/**
 * required = visible && enabled && (validation.required || required_if holds).
 * A missing required_if means "not conditionally required" (unlike show_if, where missing means
 * "always shown"), so it is only evaluated when present. A disabled field is never required: the
 * user cannot fill it, and the server drops its value (see validate-submission.ts).
 */
export function fieldState(field: DataField, values: Record<string, unknown>): FieldState {
  const visible = isFieldVisible(field, values);
  const enabled = isFieldEnabled(field, values);
  const requiredByRule =
    field.validation?.required === true ||
    (field.required_if !== undefined &&
      field.required_if !== null &&
      evaluateCondition(field.required_if, values));
  return { visible, enabled, required: visible && enabled && requiredByRule };
}

/** Missing or non-finite `order` sorts after every ordered entry; ties keep config position. */
function sortKey(order: number | undefined): number {
  return typeof order === "number" && Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
}

function stableSortByOrder<T extends { order?: number }>(items: readonly T[]): T[] {
  return items
    .map((item, position) => ({ item, position }))
    .sort((a, b) => sortKey(a.item.order) - sortKey(b.item.order) || a.position - b.position)
    .map(({ item }) => item);
}

/** The entity's fields, sorted by `order` then position in the config. */
export function fieldsForEntity<F extends Pick<DataField, "entity" | "order">>(
  fields: readonly F[],
  entity: FieldEntity,
): F[] {
  return stableSortByOrder(fields.filter((field) => field.entity === entity));
}

/**
 * The entity's fields in sections, in category order. Fields without a category, or whose category
 * is unknown for this entity (spec §5: deleting a category leaves its fields uncategorized), go to a
 * trailing `null` group. Empty groups are left out. A duplicated category code keeps its first entry.
 */
export function groupFieldsByCategory(
  fields: readonly DataField[],
  categories: readonly Category[],
  entity: FieldEntity,
): FieldGroup[] {
  const groups = new Map<string, FieldGroup>();
  for (const category of stableSortByOrder(categories.filter((c) => c.entity === entity))) {
    if (!groups.has(category.code)) groups.set(category.code, { category, fields: [] });
  }
  const uncategorized: FieldGroup = { category: null, fields: [] };
  for (const field of fieldsForEntity(fields, entity)) {
    const group = typeof field.category === "string" ? groups.get(field.category) : undefined;
    (group ?? uncategorized).fields.push(field);
  }
  return [...groups.values(), uncategorized].filter((group) => group.fields.length > 0);
}
