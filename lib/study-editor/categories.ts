/**
 * Pure helpers behind the Categories editor (spec §2, §3, §5). Categories belong to one entity
 * (patient or visit); codes are unique per entity, as the config check keys them. A category's
 * code is what data fields point at, so it never changes after creation: only the label does.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import {
  CategorySchema,
  type CategoryDocument,
  type DataFieldDocument,
  type FieldEntity,
} from "@/lib/schemas/study-config";
import type { Locale } from "@/lib/i18n/locales";
import { requiredText, type StudyText } from "@/lib/schemas/study-text";
import { nextOrder, sortByOrder, swapWithNeighbour, type Direction } from "./order";
import { typedText } from "./study-texts";

export const CATEGORY_MESSAGES = {
  required: MESSAGES.categoryRequired,
  unique: MESSAGES.categoryUnique,
} as const;

/** The label is a study text, in one or both languages (decision 0022). */
export type CategoryDraft = { code: string; label: StudyText };
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
export function categoriesForEntity(
  categories: readonly CategoryDocument[],
  entity: FieldEntity,
): CategoryDocument[] {
  return sortByOrder(categories.filter((c) => c.entity === entity));
}

/** The entity's fields that sit in the category, in field order. */
export function fieldsInCategory(
  dataFields: readonly DataFieldDocument[],
  entity: FieldEntity,
  code: string,
): DataFieldDocument[] {
  return sortByOrder(dataFields.filter((f) => f.entity === entity && f.category === code));
}

/**
 * The rules of a new category in the dialog: the config's `CategorySchema` with what the config
 * check (`studyConfigIssues`) asks of each entry on save, in its messages (docs/decisions/0020):
 * code and label present, the code not taken within the entity. Values are normalized first
 * (`categoryDraftToEntry`).
 */
/**
 * A category's label: the config's `CategorySchema` label with words in some language (the config
 * check's message).
 */
export const categoryLabelSchema = requiredText(CATEGORY_MESSAGES.required);

/** The inline rename's rule (the code is fixed, so only the label can be missing). */
export const categoryRenameSchema = CategorySchema.pick({ label: true }).extend({
  label: categoryLabelSchema,
});

export function categoryEntrySchema(categories: readonly CategoryDocument[], entity: FieldEntity) {
  return CategorySchema.pick({ code: true, label: true }).extend({
    code: CategorySchema.shape.code
      .min(1, CATEGORY_MESSAGES.required)
      .refine(
        (code) => !categories.some((c) => c.entity === entity && c.code === code),
        CATEGORY_MESSAGES.unique,
      ),
    label: categoryLabelSchema,
  });
}

/**
 * What a draft stands for: the code normalized, both parts trimmed (each language of the label).
 * `language` is the study's default language (decision 0022).
 */
export const categoryDraftToEntry = (draft: CategoryDraft, language: Locale): CategoryDraft => ({
  code: normalizeCategoryCode(draft.code.trim()),
  label: typedText(draft.label, language),
});

/** Checks a new category (see `categoryEntrySchema`): the first message, or the entry. */
export function validateNewCategory(
  draft: CategoryDraft,
  categories: readonly CategoryDocument[],
  entity: FieldEntity,
  language: Locale,
): CategoryValidation {
  const parsed = categoryEntrySchema(categories, entity).safeParse(categoryDraftToEntry(draft, language));
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]!.message };
}

/** Checks a renamed label (the code is fixed, so only the label can be missing). */
export function validateCategoryLabel(
  label: StudyText,
  language: Locale,
): { ok: true; value: StudyText } | { ok: false; error: string } {
  const parsed = categoryLabelSchema.safeParse(typedText(label, language));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]!.message };
}

/** Appends a category to its entity, after that entity's last one. Validate first. */
export function addCategory(
  categories: readonly CategoryDocument[],
  entity: FieldEntity,
  draft: CategoryDraft,
): CategoryDocument[] {
  const order = nextOrder(categories.filter((c) => c.entity === entity));
  return [...categories, { code: draft.code, label: draft.label, order, entity }];
}

/** Changes only the label: the code stays, so the fields that point at it stay in it. */
export function renameCategory(
  categories: readonly CategoryDocument[],
  entity: FieldEntity,
  code: string,
  label: StudyText,
): CategoryDocument[] {
  return categories.map((c) => (c.entity === entity && c.code === code ? { ...c, label } : c));
}

/**
 * Moves a category one step within its entity by swapping order values with its neighbour. Other
 * entries keep their place in the list; only order values change.
 */
export function moveCategory(
  categories: readonly CategoryDocument[],
  entity: FieldEntity,
  code: string,
  direction: Direction,
): CategoryDocument[] {
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
  categories: readonly CategoryDocument[],
  dataFields: readonly DataFieldDocument[],
  entity: FieldEntity,
  code: string,
): { categories: CategoryDocument[]; dataFields: DataFieldDocument[] } {
  return {
    categories: categories.filter((c) => !(c.entity === entity && c.code === code)),
    dataFields: dataFields.map((f) =>
      f.entity === entity && f.category === code ? { ...f, category: null } : f,
    ),
  };
}
