/**
 * The plan of a dictionary import: the next study config and the list of what changes. Pure, so
 * the editor's preview and the server's import compute the very same plan.
 *
 * Rules: fields are matched by (entity, variable_name), calculations by name. A row creates what
 * does not exist and replaces what does (the row is the whole definition: a blank cell removes that
 * property); fields and calculations missing from the file are kept as they are (an import never
 * deletes). A category named in form_name that the study lacks is created with its code as label.
 * The next config must pass StudyConfigSchema; its problems are reported on the rows they come from.
 *
 * A file that leaves out the `sdv_required` column (one written before it, decision 0031) says
 * nothing about the flag: a field it replaces keeps the flag it had, so importing an older file
 * does not quietly take the study's key fields away.
 */
import type { Locale } from "@/lib/i18n/locales";
import type {
  DictionaryChange,
  DictionaryIssue,
  DictionaryPropertyChange,
} from "@/lib/schemas/data-dictionary";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { zodMessage } from "@/lib/schemas/zod-messages";
import type {
  CalculationDocument,
  CategoryDocument,
  DataFieldDocument,
  StudyConfigDocument,
} from "@/lib/schemas/study-config";
import type { DictionaryColumn, DictionaryRow } from "./columns";
import { issueLocation } from "./issue-location";
import { rowEntry } from "./parse-dictionary";
import { calculationProperties, fieldProperties, propertyChanges } from "./properties";
import { dictionaryMessage } from "./messages";

export type DictionaryPlan = {
  /** The config to save, or null when there are issues. */
  config: StudyConfigDocument | null;
  changes: DictionaryChange[];
  issues: DictionaryIssue[];
};

export function planDictionaryImport(
  current: StudyConfigDocument,
  rows: readonly DictionaryRow[],
  defaultLanguage: Locale,
  /** The optional columns the file left out (`parseDictionaryCsv`'s `absent`). */
  absent: readonly DictionaryColumn[] = [],
): DictionaryPlan {
  const keepSdv = absent.includes("sdv_required");
  const issues: DictionaryIssue[] = [];
  const fileFields: { row: number; field: DataFieldDocument }[] = [];
  const fileCalculations: { row: number; calculation: CalculationDocument }[] = [];
  const seenFields = new Map<string, number>();
  const seenCalculations = new Map<string, number>();
  for (const row of rows) {
    const result = rowEntry(row, defaultLanguage);
    if (!result.ok) {
      issues.push(...result.issues);
      continue;
    }
    const entry = result.entry;
    if (entry.kind === "field") {
      const key = `${entry.field.entity}:${entry.field.name}`;
      const first = seenFields.get(key);
      if (first !== undefined)
        issues.push({
          row: row.row,
          column: "variable_name",
          message: dictionaryMessage("fieldTwice", {
            entity: entry.field.entity,
            name: entry.field.name,
            row: String(first),
          }),
        });
      else seenFields.set(key, row.row);
      fileFields.push(entry);
    } else {
      const first = seenCalculations.get(entry.calculation.name);
      if (first !== undefined)
        issues.push({
          row: row.row,
          column: "variable_name",
          message: dictionaryMessage("calculationTwice", {
            name: entry.calculation.name,
            row: String(first),
          }),
        });
      else seenCalculations.set(entry.calculation.name, row.row);
      fileCalculations.push(entry);
    }
  }
  if (issues.length) return { config: null, changes: [], issues };

  const changes: DictionaryChange[] = [];
  const dataFields = [...current.data_fields];
  const fieldRows: (number | null)[] = dataFields.map(() => null);
  for (const { row, field } of fileFields) {
    const at = dataFields.findIndex((f) => f.entity === field.entity && f.name === field.name);
    const base = { kind: "field" as const, entity: field.entity, name: field.name, row };
    if (at < 0) {
      dataFields.push(field);
      fieldRows.push(row);
      changes.push({ ...base, status: "created", changes: [] });
      continue;
    }
    fieldRows[at] = row;
    const kept = dataFields[at]!.sdv_required;
    if (keepSdv && kept !== undefined) field.sdv_required = kept;
    const diff = propertyChanges(fieldProperties(dataFields[at]!), fieldProperties(field));
    if (diff.length) dataFields[at] = field;
    changes.push({ ...base, status: diff.length ? "updated" : "unchanged", changes: diff });
  }
  dataFields.forEach((field, i) => {
    if (fieldRows[i] === null)
      changes.push({
        kind: "field",
        entity: field.entity,
        name: field.name,
        row: null,
        status: "kept",
        changes: [],
      });
  });

  const calculations = [...current.calculations];
  const calculationRows: (number | null)[] = calculations.map(() => null);
  for (const { row, calculation } of fileCalculations) {
    const at = calculations.findIndex((c) => c.name === calculation.name);
    const base = { kind: "calculation" as const, entity: null, name: calculation.name, row };
    if (at < 0) {
      calculations.push(calculation);
      calculationRows.push(row);
      changes.push({ ...base, status: "created", changes: [] });
      continue;
    }
    calculationRows[at] = row;
    const diff = propertyChanges(
      calculationProperties(calculations[at]!),
      calculationProperties(calculation),
    );
    if (diff.length) calculations[at] = calculation;
    changes.push({ ...base, status: diff.length ? "updated" : "unchanged", changes: diff });
  }
  calculations.forEach((calculation, i) => {
    if (calculationRows[i] === null)
      changes.push({
        kind: "calculation",
        entity: null,
        name: calculation.name,
        row: null,
        status: "kept",
        changes: [],
      });
  });

  const categories = [...current.categories];
  const categoryRows: (number | null)[] = categories.map(() => null);
  for (const { row, field } of fileFields) {
    const code = field.category;
    if (!code || categories.some((c) => c.entity === field.entity && c.code === code)) continue;
    const orders = categories.filter((c) => c.entity === field.entity).map((c) => c.order ?? 0);
    const category: CategoryDocument = {
      code,
      label: code,
      entity: field.entity,
      order: Math.max(0, ...orders) + 1,
    };
    categories.push(category);
    categoryRows.push(row);
    changes.push({
      kind: "category",
      entity: field.entity,
      name: code,
      row,
      status: "created",
      changes: [{ property: "label", before: null, after: code } satisfies DictionaryPropertyChange],
    });
  }

  const parsed = StudyConfigSchema.safeParse(
    { ...current, data_fields: dataFields, calculations, categories },
    { error: zodMessage },
  );
  if (parsed.success) return { config: parsed.data, changes, issues: [] };
  const rowsOf = { data_fields: fieldRows, calculations: calculationRows, categories: categoryRows };
  const names = {
    data_fields: dataFields.map((f) => dictionaryMessage("names.field", { entity: f.entity, name: f.name })),
    calculations: calculations.map((c) => dictionaryMessage("names.calculation", { name: c.name })),
    categories: categories.map((c) => dictionaryMessage("names.category", { code: c.code })),
  };
  for (const problem of parsed.error.issues)
    issues.push(
      issueLocation(
        problem.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
        problem.message,
        rowsOf,
        names,
        defaultLanguage,
      ),
    );
  return { config: null, changes, issues };
}
