/**
 * Pure helpers behind the Visit Types editor (spec §2, §5): validation with the spec's messages,
 * add / update / delete, and reordering by swapping order values. The config-level check
 * (`studyConfigIssues`) runs again on save and on the server; these give the dialog its inline
 * messages before that.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { CODE_PATTERN, type VisitType } from "@/lib/schemas/study-config";
import { nextOrder, sortByOrder, swapWithNeighbour, type Direction } from "./order";

export { VISIT_SCHEDULE_TEMPLATES, applyVisitScheduleTemplate } from "./visit-schedule-templates";
export type { VisitScheduleTemplate, VisitScheduleTemplateId } from "./visit-schedule-templates";

export const VISIT_TYPE_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: MESSAGES.visitTypeCode,
  codeUnique: MESSAGES.visitTypeUnique,
  labelRequired: "Label is required",
  // The same texts as VisitTypeSchema, so the dialog and the server say the same thing.
  orderNumber: "Order must be a number",
  orderWhole: "Order must be a whole number",
  orderMin: "Order must be at least 1",
  // Reordering swaps order values (spec §2): two entries sharing one would have no defined order
  // between them, so the dialog refuses a value another entry already has.
  orderUnique: "Order must be unique",
} as const;

/** What the dialog holds: text as typed, order as typed (an input's value is a string). */
export type VisitTypeDraft = { code: string; label: string; order: string | number; description?: string };
export type VisitTypeErrors = Partial<Record<"code" | "label" | "order", string>>;
export type VisitTypeValidation = { ok: true; value: VisitType } | { ok: false; errors: VisitTypeErrors };

export const sortVisitTypes = (visitTypes: readonly VisitType[]): VisitType[] => sortByOrder(visitTypes);

export const nextVisitTypeOrder = (visitTypes: readonly VisitType[]): number => nextOrder(visitTypes);

export function emptyVisitTypeDraft(visitTypes: readonly VisitType[]): VisitTypeDraft {
  return { code: "", label: "", order: String(nextVisitTypeOrder(visitTypes)), description: "" };
}

export function visitTypeToDraft(visitType: VisitType): VisitTypeDraft {
  return { ...visitType, order: String(visitType.order), description: visitType.description ?? "" };
}

/**
 * Checks a draft against the rest of the list. `originalCode` is the code of the entry being
 * edited (it may keep its own code); null when adding.
 */
export function validateVisitType(
  draft: VisitTypeDraft,
  visitTypes: readonly VisitType[],
  originalCode: string | null = null,
): VisitTypeValidation {
  const errors: VisitTypeErrors = {};
  const code = draft.code.trim();
  const label = draft.label.trim();

  if (!code) errors.code = VISIT_TYPE_MESSAGES.codeRequired;
  else if (!CODE_PATTERN.test(code)) errors.code = VISIT_TYPE_MESSAGES.codeFormat;
  else if (visitTypes.some((vt) => vt.code === code && vt.code !== originalCode))
    errors.code = VISIT_TYPE_MESSAGES.codeUnique;

  if (!label) errors.label = VISIT_TYPE_MESSAGES.labelRequired;

  const order = parseOrder(draft.order);
  if (typeof order === "string") errors.order = order;
  else if (visitTypes.some((vt) => vt.order === order && vt.code !== originalCode))
    errors.order = VISIT_TYPE_MESSAGES.orderUnique;

  if (Object.keys(errors).length > 0 || typeof order !== "number") return { ok: false, errors };
  const description = draft.description?.trim();
  return { ok: true, value: { code, label, order, ...(description ? { description } : {}) } };
}

function parseOrder(raw: string | number): number | string {
  const text = typeof raw === "number" ? String(raw) : raw.trim();
  const value = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) return VISIT_TYPE_MESSAGES.orderNumber;
  if (!Number.isInteger(value)) return VISIT_TYPE_MESSAGES.orderWhole;
  if (value < 1) return VISIT_TYPE_MESSAGES.orderMin;
  return value;
}

export function addVisitType(visitTypes: readonly VisitType[], visitType: VisitType): VisitType[] {
  return sortVisitTypes([...visitTypes, visitType]);
}

/** Replaces the entry whose code was `originalCode` (the code itself may change). */
export function updateVisitType(
  visitTypes: readonly VisitType[],
  originalCode: string,
  visitType: VisitType,
): VisitType[] {
  return sortVisitTypes(visitTypes.map((vt) => (vt.code === originalCode ? visitType : vt)));
}

export function deleteVisitType(visitTypes: readonly VisitType[], code: string): VisitType[] {
  return visitTypes.filter((vt) => vt.code !== code);
}

/** Moves one entry up or down by swapping order values with its neighbour; unchanged at an end. */
export function moveVisitType(
  visitTypes: readonly VisitType[],
  code: string,
  direction: Direction,
): VisitType[] {
  const sorted = sortVisitTypes(visitTypes);
  return (
    swapWithNeighbour(
      sorted,
      sorted.findIndex((vt) => vt.code === code),
      direction,
    ) ?? sorted
  );
}
