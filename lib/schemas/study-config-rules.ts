/**
 * Config-level rules of spec §5 that look across entries (uniqueness, references, cycles), with the
 * spec's messages, plus the forward migration of older documents. Pure; browser and server alike.
 */
import { z } from "zod";
import { orderCalculations, parseExpression } from "@/lib/calc";
import { messageRef } from "@/lib/i18n/message-ref";
import {
  CODE_PATTERN,
  configMessage,
  MAX_CONDITION_DEPTH,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  STUDY_CONFIG_VERSION,
  StudyConfigShape,
  type Condition,
  type StudyConfigDocument,
} from "./study-config";
import { visitScheduleIssues } from "@/lib/schedule/schedule-rules";
import { isBlankText } from "./study-text";

export type ConfigIssue = { path: (string | number)[]; message: string };

/**
 * The rules' messages as catalogue references (api.studyConfig.*, decision 0021): the API puts them
 * into the caller's words, the editor's dialogs into the reader's (`useWords`). The therapy switch's
 * are the spec's Italian sentences, as its schema's in study-config.ts.
 */
const ref = (key: string, values?: Record<string, string | number>) =>
  messageRef(`api.studyConfig.${key}`, values);

export const MESSAGES = {
  fieldNameRequired: ref("fieldNameRequired"),
  fieldNameFormat: ref("fieldNameFormat"),
  fieldNameTooLong: ref("fieldNameTooLong", { max: NAME_MAX_LENGTH }),
  fieldNameUnique: ref("fieldNameUnique"),
  selectNeedsOptions: ref("selectNeedsOptions"),
  subFieldRequired: ref("subFieldRequired"),
  visitTypeCode: ref("visitTypeCode"),
  visitTypeUnique: ref("visitTypeUnique"),
  categoryRequired: ref("categoryRequired"),
  categoryCode: ref("categoryCode"),
  categoryUnique: ref("categoryUnique"),
  calculationRequired: ref("calculationRequired"),
  calculationName: ref("calculationName", { max: NAME_MAX_LENGTH }),
  calculationUnique: ref("calculationUnique"),
  calculationClashesWithField: ref("calculationClashesWithField"),
  switchFieldRequired: configMessage("switchFieldRequired"),
  switchFieldUnique: configMessage("switchFieldUnique"),
  switchConditionalOnSelect: configMessage("switchConditionalOnSelect"),
  conditionTooDeep: ref("conditionTooDeep", { max: MAX_CONDITION_DEPTH }),
  missingCodeUnique: messageRef("api.missing.codeUnique"),
  signatureMeaningUnique: configMessage("signatureMeaningUnique"),
} as const;

/** Calculations that depend on each other in a circle, named in order. */
export const circularCalculations = (cycle: readonly string[]) =>
  ref("circularCalculations", { cycle: cycle.join(" → ") });

const OPTION_TYPES = new Set(["select", "multiselect"]);

export function studyConfigIssues(config: StudyConfigDocument): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });

  const seenFields = new Set<string>();
  config.data_fields.forEach((field, i) => {
    const at = ["data_fields", i];
    const name = field.name.trim();
    if (!name) add([...at, "name"], MESSAGES.fieldNameRequired);
    else if (name.length > NAME_MAX_LENGTH) add([...at, "name"], MESSAGES.fieldNameTooLong);
    else if (!NAME_PATTERN.test(name)) add([...at, "name"], MESSAGES.fieldNameFormat);
    const key = `${field.entity}:${name}`;
    if (name && seenFields.has(key)) add([...at, "name"], MESSAGES.fieldNameUnique);
    seenFields.add(key);
    if (OPTION_TYPES.has(field.type) && !(field.options?.length ?? 0))
      add([...at, "options"], MESSAGES.selectNeedsOptions);
    for (const [subName, sub] of Object.entries(field.schema ?? {})) {
      if (!subName.trim() || isBlankText(sub.label) || !NAME_PATTERN.test(subName))
        add([...at, "schema", subName], MESSAGES.subFieldRequired);
      if (OPTION_TYPES.has(sub.type) && !(sub.options?.length ?? 0))
        add([...at, "schema", subName, "options"], MESSAGES.selectNeedsOptions);
    }
    for (const key of ["show_if", "required_if", "enable_if"] as const) {
      if (conditionDepth(field[key]) > MAX_CONDITION_DEPTH) add([...at, key], MESSAGES.conditionTooDeep);
    }
  });

  const visitCodes = new Set<string>();
  config.visit_types.forEach((visitType, i) => {
    if (!CODE_PATTERN.test(visitType.code)) add(["visit_types", i, "code"], MESSAGES.visitTypeCode);
    else if (visitCodes.has(visitType.code)) add(["visit_types", i, "code"], MESSAGES.visitTypeUnique);
    visitCodes.add(visitType.code);
  });
  for (const issue of visitScheduleIssues(config.visit_types))
    add(["visit_types", issue.index, issue.field], issue.message);

  const categoryCodes = new Set<string>();
  config.categories.forEach((category, i) => {
    if (!category.code.trim() || isBlankText(category.label))
      add(["categories", i], MESSAGES.categoryRequired);
    else if (!CODE_PATTERN.test(category.code)) add(["categories", i, "code"], MESSAGES.categoryCode);
    const key = `${category.entity}:${category.code}`;
    if (category.code && categoryCodes.has(key)) add(["categories", i, "code"], MESSAGES.categoryUnique);
    categoryCodes.add(key);
  });

  const fieldNames = new Set(config.data_fields.map((f) => f.name));
  const calculationNames = new Set<string>();
  config.calculations.forEach((calculation, i) => {
    const at = ["calculations", i];
    if (!calculation.name.trim() || isBlankText(calculation.label)) add(at, MESSAGES.calculationRequired);
    else if (calculation.name.length > NAME_MAX_LENGTH || !NAME_PATTERN.test(calculation.name))
      add([...at, "name"], MESSAGES.calculationName);
    if (calculationNames.has(calculation.name)) add([...at, "name"], MESSAGES.calculationUnique);
    if (fieldNames.has(calculation.name)) add([...at, "name"], MESSAGES.calculationClashesWithField);
    calculationNames.add(calculation.name);
    if (calculation.formula.type === "custom_expression") {
      const parsed = parseExpression(calculation.formula.expression);
      if (!parsed.ok) add([...at, "formula", "expression"], parsed.error);
    }
  });
  const { cycle } = orderCalculations(config.calculations);
  if (cycle) add(["calculations"], circularCalculations(cycle));

  // Missing-data codes (decision 0023): a code names one meaning, so it appears once.
  const missingCodes = new Set<string>();
  config.missing_codes?.forEach((entry, i) => {
    if (missingCodes.has(entry.code)) add(["missing_codes", i, "code"], MESSAGES.missingCodeUnique);
    missingCodes.add(entry.code);
  });

  // Signature meanings (decision 0032): a signature stores the key, so a key names one meaning.
  const meaningKeys = new Set<string>();
  config.signatures?.meanings?.forEach((meaning, i) => {
    if (meaningKeys.has(meaning.key))
      add(["signatures", "meanings", i, "key"], MESSAGES.signatureMeaningUnique);
    meaningKeys.add(meaning.key);
  });

  const switchFields = config.therapy_switch_config.switch_fields;
  const switchNames = new Set<string>();
  switchFields.forEach((field, i) => {
    const at = ["therapy_switch_config", "switch_fields", i];
    if (switchNames.has(field.name)) add([...at, "name"], MESSAGES.switchFieldUnique);
    switchNames.add(field.name);
    if (field.conditional_on) {
      const target = switchFields.find((other) => other.name === field.conditional_on?.field);
      if (!target || target === field || target.type !== "select")
        add([...at, "conditional_on"], MESSAGES.switchConditionalOnSelect);
    }
  });

  return issues;
}

function conditionDepth(condition: Condition | undefined, depth = 1): number {
  if (!condition) return 0;
  if ("and" in condition) return Math.max(depth, ...condition.and.map((c) => conditionDepth(c, depth + 1)));
  if ("or" in condition) return Math.max(depth, ...condition.or.map((c) => conditionDepth(c, depth + 1)));
  return depth;
}

/**
 * Brings an older document to the current version. Version 0 (no `version` key) kept data fields and
 * categories as `{ patient: [...], visit: [...] }` maps; they become flat lists with `entity`.
 */
export function migrateStudyConfig(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const doc: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (doc.version === undefined || doc.version === 0) {
    for (const key of ["data_fields", "categories"]) doc[key] = flattenByEntity(doc[key]);
    doc.version = STUDY_CONFIG_VERSION;
  }
  return doc;
}

function flattenByEntity(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.entries(value as Record<string, unknown>).flatMap(([entity, list]) =>
    Array.isArray(list)
      ? list.map((item: unknown) => (item && typeof item === "object" ? { entity, ...item } : item))
      : [],
  );
}

/** The schema every write goes through: migrate, parse the shape, then the cross-entry rules. */
export const StudyConfigSchema = z.preprocess(
  migrateStudyConfig,
  StudyConfigShape.superRefine((config, ctx) => {
    for (const issue of studyConfigIssues(config))
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }),
);
