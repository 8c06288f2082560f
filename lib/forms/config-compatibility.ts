/**
 * What a new study configuration changes for the data already entered under the live one
 * (decision 0013). Pure: `diffConfigs` lists the changes and, for each, the data test
 * ("probe") that finds the records it affects; the server counts every probe in one query
 * (lib/server/clinical/compatibility-queries.ts) and `compatibilityReport` sorts the counted changes
 * into breaking ones and warnings. The browser and the server share this one rule.
 */
import { calculationDependencies } from "@/lib/calc";
import { messageRef, type MessageValues } from "@/lib/i18n/message-ref";
import type { CompatibilityIssue, CompatibilityResult } from "@/lib/schemas/protocol-versions";
import type {
  DataField,
  DataFieldDocument,
  FieldEntity,
  StudyConfigDocument,
} from "@/lib/schemas/study-config";
import { compileStudyPattern } from "./study-pattern";

/** A test of one stored record (a patient's custom_fields or a visit's data). */
export type Probe =
  | { kind: "has_value"; entity: FieldEntity; key: string }
  | { kind: "missing"; entity: FieldEntity; key: string }
  | { kind: "value_in"; entity: FieldEntity; key: string; values: string[] }
  | { kind: "below"; entity: FieldEntity; key: string; min: number }
  | { kind: "above"; entity: FieldEntity; key: string; max: number }
  | { kind: "shorter"; entity: FieldEntity; key: string; length: number }
  | { kind: "longer"; entity: FieldEntity; key: string; length: number }
  | { kind: "pattern_mismatch"; entity: FieldEntity; key: string; pattern: string }
  | { kind: "visit_type"; entity: "visit"; code: string }
  | { kind: "calculated"; entity: "visit"; key: string };

/** `breaking`: affected records make the change breaking; `warning`: reported, never breaking. */
export type ConfigChange = {
  kind: string;
  entity: CompatibilityIssue["entity"];
  target: string;
  describe: (patients: number, visits: number) => string;
  probe: Probe | null;
  severity: "breaking" | "warning";
};

export type ProbeCounts = { patients: number; visits: number };

const OPTION_TYPES = new Set(["select", "multiselect", "radio"]);
// Changes of type that keep every stored value readable: the same value, another widget.
const SAME_VALUES = [new Set(["text", "textarea"]), new Set(["select", "radio"])];

function keyOf(field: Pick<DataField, "entity" | "name">) {
  return `${field.entity}:${field.name}`;
}

/**
 * The descriptions are catalogue references (api.compatibility.*, decision 0021): put into the
 * reader's words by the API (a 409's detail, or the 200 answers that carry them) and the screens.
 */
const say = (key: string, values: MessageValues) => messageRef(`api.compatibility.${key}`, values);

const records = (entity: FieldEntity, patients: number, visits: number) =>
  entity === "patient" ? say("patients", { patients }) : say("visits", { patients, visits });

/** A pattern the form engine cannot run is refused by the config rules; it tightens nothing. */
const compiles = (pattern: string) => compileStudyPattern(pattern).ok;

function fieldChanges(before: DataFieldDocument, after: DataFieldDocument): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const { entity, name: key } = after;
  const where = say("field", { key, entity });
  if (before.type !== after.type) {
    const harmless = SAME_VALUES.some((group) => group.has(before.type) && group.has(after.type));
    changes.push({
      kind: "field_retyped",
      entity,
      target: key,
      severity: harmless ? "warning" : "breaking",
      probe: { kind: "has_value", entity, key },
      describe: (p, v) =>
        say("retyped", { where, from: before.type, to: after.type, records: records(entity, p, v) }),
    });
    // Values of another type are not compared against the new rules below.
    return changes;
  }
  if (OPTION_TYPES.has(after.type)) {
    const kept = new Set((after.options ?? []).map((o) => o.value));
    const removed = (before.options ?? []).map((o) => o.value).filter((value) => !kept.has(value));
    if (removed.length > 0)
      changes.push({
        kind: "option_removed",
        entity,
        target: key,
        severity: "breaking",
        probe: { kind: "value_in", entity, key, values: removed },
        describe: (p, v) =>
          say("optionsRemoved", {
            where,
            options: removed.map((o) => `'${o}'`).join(", "),
            records: records(entity, p, v),
          }),
      });
  }
  const was = before.validation ?? {};
  const now = after.validation ?? {};
  const tightened = (rule: string, probe: Probe) =>
    changes.push({
      kind: "validation_tightened",
      entity,
      target: key,
      severity: "breaking",
      probe,
      describe: (p, v) => say("tightened", { where, rule, records: records(entity, p, v) }),
    });
  if (now.required && !was.required) tightened(say("ruleValue", {}), { kind: "missing", entity, key });
  if (now.min !== undefined && (was.min === undefined || now.min > was.min))
    tightened(say("ruleMin", { n: String(now.min) }), { kind: "below", entity, key, min: now.min });
  if (now.max !== undefined && (was.max === undefined || now.max < was.max))
    tightened(say("ruleMax", { n: String(now.max) }), { kind: "above", entity, key, max: now.max });
  if (now.min_length !== undefined && (was.min_length === undefined || now.min_length > was.min_length))
    tightened(say("ruleMinLength", { n: now.min_length }), {
      kind: "shorter",
      entity,
      key,
      length: now.min_length,
    });
  if (now.max_length !== undefined && (was.max_length === undefined || now.max_length < was.max_length))
    tightened(say("ruleMaxLength", { n: now.max_length }), {
      kind: "longer",
      entity,
      key,
      length: now.max_length,
    });
  if (now.pattern && now.pattern !== was.pattern && compiles(now.pattern))
    tightened(say("rulePattern", { pattern: now.pattern }), {
      kind: "pattern_mismatch",
      entity,
      key,
      pattern: now.pattern,
    });
  return changes;
}

/** Calculations of the new config that read a field it no longer has: they will give no value. */
function orphanedCalculations(live: StudyConfigDocument, next: StudyConfigDocument): ConfigChange[] {
  const nextNames = new Set([
    ...next.data_fields.map((f) => f.name),
    ...next.calculations.map((c) => c.name),
  ]);
  const removed = new Set(live.data_fields.map((f) => f.name).filter((name) => !nextNames.has(name)));
  return next.calculations.flatMap((calc) =>
    calculationDependencies(calc)
      .filter((name) => removed.has(name))
      .map((name): ConfigChange => ({
        kind: "calculation_input_removed",
        entity: "visit",
        target: calc.name,
        severity: "warning",
        probe: null,
        describe: () => say("calculationInputRemoved", { calculation: calc.name, field: name }),
      })),
  );
}

function calculationChanges(live: StudyConfigDocument, next: StudyConfigDocument): ConfigChange[] {
  const kept = new Set(next.calculations.map((c) => c.name));
  const liveNames = new Set(live.calculations.map((c) => c.name));
  const added = next.calculations.filter((c) => !liveNames.has(c.name));
  return live.calculations
    .filter((calc) => !kept.has(calc.name))
    .map((calc): ConfigChange => {
      // The same formula under a new name is a rename: stored values stay under the old name.
      const formula = JSON.stringify(calc.formula);
      const renamed = added.find((other) => JSON.stringify(other.formula) === formula);
      return {
        kind: renamed ? "calculation_renamed" : "calculation_removed",
        entity: "visit",
        target: calc.name,
        severity: "warning",
        probe: { kind: "calculated", entity: "visit", key: calc.name },
        describe: (p, v) =>
          renamed
            ? say("calculationRenamed", { calculation: calc.name, to: renamed.name, visits: v, patients: p })
            : say("calculationRemoved", { calculation: calc.name, visits: v, patients: p }),
      };
    });
}

/** Every change from `live` to `next` that stored data could feel, with the probe counting it. */
export function diffConfigs(live: StudyConfigDocument, next: StudyConfigDocument): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const nextFields = new Map(next.data_fields.map((field) => [keyOf(field), field]));
  const liveFields = new Map(live.data_fields.map((field) => [keyOf(field), field]));
  for (const field of live.data_fields) {
    const after = nextFields.get(keyOf(field));
    if (after) {
      changes.push(...fieldChanges(field, after));
      continue;
    }
    const { entity, name: key } = field;
    changes.push({
      kind: "field_removed",
      entity,
      target: key,
      severity: "breaking",
      probe: { kind: "has_value", entity, key },
      describe: (p, v) => say("fieldRemoved", { key, entity, records: records(entity, p, v) }),
    });
  }
  for (const field of next.data_fields) {
    if (liveFields.has(keyOf(field)) || !field.validation?.required) continue;
    const { entity, name: key } = field;
    // Existing records cannot have it; they are asked for it at their next edit.
    changes.push({
      kind: "required_field_added",
      entity,
      target: key,
      severity: "warning",
      probe: { kind: "missing", entity, key },
      describe: (p, v) => say("requiredFieldAdded", { key, entity, records: records(entity, p, v) }),
    });
  }
  const nextTypes = new Set(next.visit_types.map((type) => type.code));
  for (const type of live.visit_types) {
    if (nextTypes.has(type.code)) continue;
    changes.push({
      kind: "visit_type_removed",
      entity: "visit",
      target: type.code,
      severity: "breaking",
      probe: { kind: "visit_type", entity: "visit", code: type.code },
      describe: (p, v) => say("visitTypeRemoved", { code: type.code, visits: v, patients: p }),
    });
  }
  changes.push(...calculationChanges(live, next), ...orphanedCalculations(live, next));
  return changes;
}

/**
 * Breaking changes that touch no record are only warnings: nothing stored contradicts them.
 * `total` counts the distinct patients and visits touched by the breaking changes together.
 */
export function compatibilityReport(
  changes: ConfigChange[],
  counts: ProbeCounts[],
  total: ProbeCounts,
): CompatibilityResult {
  const breaking: CompatibilityIssue[] = [];
  const warnings: CompatibilityIssue[] = [];
  changes.forEach((change, index) => {
    const { patients, visits } = counts[index] ?? { patients: 0, visits: 0 };
    const issue: CompatibilityIssue = {
      kind: change.kind,
      entity: change.entity,
      target: change.target,
      message: change.describe(patients, visits),
      affected_patients: patients,
      affected_visits: visits,
    };
    if (change.severity === "breaking" && patients + visits > 0) breaking.push(issue);
    else warnings.push(issue);
  });
  return {
    compatible: breaking.length === 0,
    affected_patients: breaking.length === 0 ? 0 : total.patients,
    affected_visits: breaking.length === 0 ? 0 : total.visits,
    breaking_changes: breaking,
    warnings,
  };
}

/**
 * The report with its descriptions put into words: a 200 answer is not put into words by the API's
 * error mapper, so the routes that answer a report do it with the caller's translator.
 */
export function compatibilityInWords(
  result: CompatibilityResult,
  words: (text: string) => string,
): CompatibilityResult {
  const said = (issue: CompatibilityIssue) => ({ ...issue, message: words(issue.message) });
  return {
    ...result,
    breaking_changes: result.breaking_changes.map(said),
    warnings: result.warnings.map(said),
  };
}
