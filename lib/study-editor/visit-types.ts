/**
 * Pure helpers behind the Visit Types editor (spec §2, §5): validation with the spec's messages,
 * add / update / delete, and reordering by swapping order values. The config-level check
 * (`studyConfigIssues`) runs again on save and on the server; these give the dialog its inline
 * messages before that.
 */
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { SCHEDULE_RULE_MESSAGES, visitTypeWindowIssue } from "@/lib/schedule/schedule-rules";
import {
  CODE_PATTERN,
  configMessage,
  VisitTypeSchema,
  type VisitTypeDocument,
} from "@/lib/schemas/study-config";
import type { Locale } from "@/lib/i18n/locales";
import { isBlankText, type StudyText } from "@/lib/schemas/study-text";
import { nextOrder, sortByOrder, swapWithNeighbour, type Direction } from "./order";
import { typedText } from "./study-texts";
import { visitTypeScheduleShape } from "./visit-type-schedule";

export { VISIT_SCHEDULE_TEMPLATES, applyVisitScheduleTemplate } from "./visit-schedule-templates";
export type { VisitScheduleTemplate, VisitScheduleTemplateId } from "./visit-schedule-templates";

export const VISIT_TYPE_MESSAGES = {
  codeRequired: configMessage("codeRequired"),
  codeFormat: MESSAGES.visitTypeCode,
  codeUnique: MESSAGES.visitTypeUnique,
  labelRequired: configMessage("labelRequired"),
  // VisitTypeSchema's own texts (the dialog's resolver is that schema), named for tests and docs.
  orderNumber: configMessage("orderNumber"),
  orderWhole: configMessage("orderWhole"),
  orderMin: configMessage("orderMin"),
  // Reordering swaps order values (spec §2): two entries sharing one would have no defined order
  // between them, so the dialog refuses a value another entry already has.
  orderUnique: configMessage("orderUnique"),
} as const;

/**
 * What the dialog holds: text as typed, order as typed (an input's value is a string). Label and
 * description are study texts, in one or both languages (decision 0022).
 */
export type VisitTypeDraft = {
  code: string;
  label: StudyText;
  order: string | number;
  description?: StudyText;
  /** The visit schedule (decision 0025): blank is "not scheduled" / "no window". */
  day_offset?: string | number;
  window_before?: string | number;
  window_after?: string | number;
};
export type VisitTypeErrors = Partial<
  Record<"code" | "label" | "order" | "day_offset" | "window_before" | "window_after", string>
>;

const SCHEDULE_KEYS = ["day_offset", "window_before", "window_after"] as const;

/** A typed number of days: blank is absent, anything else a number (NaN when it is none). */
function draftDays(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number") return value;
  const text = value.trim();
  return text === "" ? undefined : Number(text);
}
export type VisitTypeValidation =
  { ok: true; value: VisitTypeDocument } | { ok: false; errors: VisitTypeErrors };

export const sortVisitTypes = (visitTypes: readonly VisitTypeDocument[]): VisitTypeDocument[] =>
  sortByOrder(visitTypes);

export const nextVisitTypeOrder = (visitTypes: readonly VisitTypeDocument[]): number => nextOrder(visitTypes);

export function emptyVisitTypeDraft(visitTypes: readonly VisitTypeDocument[]): VisitTypeDraft {
  return {
    code: "",
    label: "",
    order: String(nextVisitTypeOrder(visitTypes)),
    description: "",
    day_offset: "",
    window_before: "",
    window_after: "",
  };
}

export function visitTypeToDraft(visitType: VisitTypeDocument): VisitTypeDraft {
  const days = (value: number | undefined) => (value === undefined ? "" : String(value));
  return {
    ...visitType,
    order: String(visitType.order),
    description: visitType.description ?? "",
    day_offset: days(visitType.day_offset),
    window_before: days(visitType.window_before),
    window_after: days(visitType.window_after),
  };
}

/**
 * The rules of one visit type in the dialog: the config's own `VisitTypeSchema` (label, order and
 * their messages, docs/decisions/0020) plus what only the list can tell, with the messages the
 * config check (`studyConfigIssues`) uses on save: a code that is present, well formed and not
 * taken, and an order no other entry has. `originalCode` is the code of the entry being edited (it
 * may keep its own code and order); null when adding. Each rule sits on its own property so all
 * the fields' messages show at once.
 */
export function visitTypeEntrySchema(
  visitTypes: readonly VisitTypeDocument[],
  originalCode: string | null = null,
) {
  const others = visitTypes.filter((vt) => vt.code !== originalCode);
  return VisitTypeSchema.extend({
    code: VisitTypeSchema.shape.code.superRefine((code, ctx) => {
      if (!code) ctx.addIssue({ code: "custom", message: VISIT_TYPE_MESSAGES.codeRequired });
      else if (!CODE_PATTERN.test(code))
        ctx.addIssue({ code: "custom", message: VISIT_TYPE_MESSAGES.codeFormat });
      else if (others.some((vt) => vt.code === code))
        ctx.addIssue({ code: "custom", message: VISIT_TYPE_MESSAGES.codeUnique });
    }),
    order: VisitTypeSchema.shape.order.refine(
      (order) => !others.some((vt) => vt.order === order),
      VISIT_TYPE_MESSAGES.orderUnique,
    ),
    ...visitTypeScheduleShape(others),
  }).superRefine((entry, ctx) => {
    const field = visitTypeWindowIssue(entry);
    if (field)
      ctx.addIssue({ code: "custom", path: [field], message: SCHEDULE_RULE_MESSAGES.windowNeedsOffset });
  });
}

/**
 * The entry a draft stands for: text trimmed (each language of a study text), the order as a
 * number (blank is no number). `language` is the study's default language (decision 0022).
 */
export function draftToVisitType(
  draft: VisitTypeDraft,
  language: Locale,
): Record<keyof VisitTypeDocument, unknown> {
  const order = typeof draft.order === "number" ? String(draft.order) : draft.order.trim();
  const description = typedText(draft.description, language);
  return {
    code: draft.code.trim(),
    label: typedText(draft.label, language),
    order: order === "" ? Number.NaN : Number(order),
    description: isBlankText(description) ? undefined : description,
    day_offset: draftDays(draft.day_offset),
    window_before: draftDays(draft.window_before),
    window_after: draftDays(draft.window_after),
  };
}

/** Checks a draft against the rest of the list (see `visitTypeEntrySchema`). */
export function validateVisitType(
  draft: VisitTypeDraft,
  visitTypes: readonly VisitTypeDocument[],
  language: Locale,
  originalCode: string | null = null,
): VisitTypeValidation {
  const parsed = visitTypeEntrySchema(visitTypes, originalCode).safeParse(draftToVisitType(draft, language));
  if (parsed.success) return { ok: true, value: withoutAbsentKeys(parsed.data) };
  const errors: VisitTypeErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof VisitTypeErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The entry as stored: no description key when blank, no schedule key that was left empty. */
export function withoutAbsentKeys(entry: VisitTypeDocument): VisitTypeDocument {
  const { description, ...rest } = entry;
  for (const key of SCHEDULE_KEYS) if (rest[key] === undefined) delete rest[key];
  return { ...rest, ...(isBlankText(description) ? {} : { description }) };
}

export function addVisitType(
  visitTypes: readonly VisitTypeDocument[],
  visitType: VisitTypeDocument,
): VisitTypeDocument[] {
  return sortVisitTypes([...visitTypes, visitType]);
}

/** Replaces the entry whose code was `originalCode` (the code itself may change). */
export function updateVisitType(
  visitTypes: readonly VisitTypeDocument[],
  originalCode: string,
  visitType: VisitTypeDocument,
): VisitTypeDocument[] {
  return sortVisitTypes(visitTypes.map((vt) => (vt.code === originalCode ? visitType : vt)));
}

export function deleteVisitType(visitTypes: readonly VisitTypeDocument[], code: string): VisitTypeDocument[] {
  return visitTypes.filter((vt) => vt.code !== code);
}

/** Moves one entry up or down by swapping order values with its neighbour; unchanged at an end. */
export function moveVisitType(
  visitTypes: readonly VisitTypeDocument[],
  code: string,
  direction: Direction,
): VisitTypeDocument[] {
  const sorted = sortVisitTypes(visitTypes);
  return (
    swapWithNeighbour(
      sorted,
      sorted.findIndex((vt) => vt.code === code),
      direction,
    ) ?? sorted
  );
}
