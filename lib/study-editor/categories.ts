/**
 * Pure helpers behind the Categories editor (spec §2, §3, §5). Categories belong to one entity
 * (patient or visit); codes are unique per entity, as the config check keys them. A category's
 * code is what data fields point at, so it never changes after creation: only the label does.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import type { Category, DataField, FieldEntity } from "@/lib/schemas/study-config";
import { nextOrder, sortByOrder, swapWithNeighbour, type Direction } from "./order";

export const CATEGORY_MESSAGES = {
  required: MESSAGES.categoryRequired,
  unique: MESSAGES.categoryUnique,
} as const;

export type CategoryDraft = { code: string; label: string };
export type CategoryValidation = { ok: true; value: CategoryDraft } | { ok: false; error: string };

/**
 * Lowercase, and every character other than a-z or 0-9 becomes '_'. Nothing is trimmed or
 * collapsed: the editor applies this on every keystroke, and trimming would swallow the '_' a
 * user just typed between two words.
 */
export function normalizeCategoryCode(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9]/g, "_");
}

/** The entity's categories, lower order first. */
export function categoriesForEntity(categories: readonly Category[], entity: FieldEntity): Category[] {
  return sortByOrder(categories.filter((c) => c.entity === entity));
}

/** The entity's fields that sit in the category, in field order. */
export function fieldsInCategory(
  dataFields: readonly DataField[],
  entity: FieldEntity,
  code: string,
): DataField[] {
  return sortByOrder(dataFields.filter((f) => f.entity === entity && f.category === code));
}

/** Checks a new category: both parts present, code unique within its entity. */
export function validateNewCategory(
  draft: CategoryDraft,
  categories: readonly Category[],
  entity: FieldEntity,
): CategoryValidation {
  const code = normalizeCategoryCode(draft.code.trim());
  const label = draft.label.trim();
  if (!code || !label) return { ok: false, error: CATEGORY_MESSAGES.required };
  if (categories.some((c) => c.entity === entity && c.code === code))
    return { ok: false, error: CATEGORY_MESSAGES.unique };
  return { ok: true, value: { code, label } };
}

/** Checks a renamed label (the code is fixed, so only the label can be missing). */
export function validateCategoryLabel(
  label: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const trimmed = label.trim();
  return trimmed ? { ok: true, value: trimmed } : { ok: false, error: CATEGORY_MESSAGES.required };
}

/** Appends a category to its entity, after that entity's last one. Validate first. */
export function addCategory(
  categories: readonly Category[],
  entity: FieldEntity,
  draft: CategoryDraft,
): Category[] {
  const order = nextOrder(categories.filter((c) => c.entity === entity));
  return [...categories, { code: draft.code, label: draft.label, order, entity }];
}

/** Changes only the label: the code stays, so the fields that point at it stay in it. */
export function renameCategory(
  categories: readonly Category[],
  entity: FieldEntity,
  code: string,
  label: string,
): Category[] {
  return categories.map((c) => (c.entity === entity && c.code === code ? { ...c, label } : c));
}

/**
 * Moves a category one step within its entity by swapping order values with its neighbour. Other
 * entries keep their place in the list; only order values change.
 */
export function moveCategory(
  categories: readonly Category[],
  entity: FieldEntity,
  code: string,
  direction: Direction,
): Category[] {
  const sorted = categoriesForEntity(categories, entity);
  const moved = swapWithNeighbour(
    sorted,
    sorted.findIndex((c) => c.code === code),
    direction,
  );
  if (!moved) return [...categories];
  const byCode = new Map(moved.map((c) => [c.code, c]));
  return categories.map((c) => (c.entity === entity ? (byCode.get(c.code) ?? c) : c));
}

/**
 * Removes a category and leaves its fields uncategorized (`category: null`), rather than deleting
 * them or letting them point at a code that no longer exists. Only the same entity is touched: a
 * patient and a visit category may share a code.
 */
export function deleteCategory(
  categories: readonly Category[],
  dataFields: readonly DataField[],
  entity: FieldEntity,
  code: string,
): { categories: Category[]; dataFields: DataField[] } {
  return {
    categories: categories.filter((c) => !(c.entity === entity && c.code === code)),
    dataFields: dataFields.map((f) =>
      f.entity === entity && f.category === code ? { ...f, category: null } : f,
    ),
  };
}
