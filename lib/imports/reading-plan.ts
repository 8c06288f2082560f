/**
 * How each column of an import file is read (docs/decisions/0037), decided once from its header so
 * that a record costs one pass over its cells. Pure. The columns are the export's own
 * (lib/exports/columns.ts, never a second list of names): a file the export wrote reads back
 * column for column. REDCap's flat layout adds its own columns (record_id, redcap_event_name,
 * checkbox columns `{field}___{code}`, …) on top of the same names.
 */
import { unguardCell, type CsvDialect } from "@/lib/csv/csv-cells";
import {
  longColumns,
  orderSlots,
  patientColumns,
  visitColumns,
  wideColumns,
  type ExportColumn,
} from "@/lib/exports/columns";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { cellConverter, type CellConvert } from "./cell-reading";
import type { ImportFormat } from "./import-formats";
import { importIssue } from "./import-issues";
import type { ImportIssue } from "./import-records";

/** What a column's cell does. */
export const ACT = {
  code: 0,
  group: 1,
  patient: 2,
  patientMissing: 3,
  patientCheck: 4,
  visitNumber: 5,
  visitDate: 6,
  visitType: 7,
  visit: 8,
  visitMissing: 9,
  visitCheck: 10,
  continuing: 11,
  switchAnswer: 12,
  event: 13,
  repeatInstrument: 14,
} as const;
export type Act = (typeof ACT)[keyof typeof ACT];

export type ColumnPlan = {
  name: string;
  act: Act;
  /** The field, standard column or switch field written; a checkbox column's option code in `code`. */
  key: string;
  code: string;
  convert: CellConvert;
  /** The visit slot a visit column fills (the wide layout's; 0 otherwise). */
  slot: number;
  /** Where a patient-level column keeps its first text (to see conflicting rows); -1 otherwise. */
  patientIndex: number;
  /** REDCap: a cell holding one of the study's missing-data codes is that code, not a value. */
  codedMissing: boolean;
};

export type PlanSlot = { visitType: string; known: boolean };

export type ReadingPlan = {
  /** By header position; null for a column ignored, unknown or repeated. */
  columns: (ColumnPlan | null)[];
  codeIndex: number;
  /** The wide layout's visit slots in header order; one slot otherwise. */
  slots: PlanSlot[];
  patientColumns: number;
  /** Cells lose the export's formula guard (our layouts; REDCap writes none). */
  guarded: boolean;
  ignored: string[];
  issues: ImportIssue[];
};

const NO_CONVERT: CellConvert = (text) => text;
const REDCAP = {
  record: "record_id",
  event: "redcap_event_name",
  group: "redcap_data_access_group",
  repeatInstrument: "redcap_repeat_instrument",
  ignored: new Set(["redcap_repeat_instance", "redcap_survey_identifier"]),
  // Form status and survey timestamp columns, one per instrument: REDCap's bookkeeping.
  ignoredSuffix: /_(?:complete|timestamp)$/,
  checkbox: "___",
} as const;

export function readingPlan(
  config: StudyConfig,
  format: ImportFormat,
  dialect: CsvDialect,
  header: readonly string[],
): ReadingPlan {
  const redcap = format === "redcap";
  const guarded = !redcap;
  const names = guarded ? header.map(unguardCell) : [...header];
  const options = { deidentify: false };
  const { byName, slotOf, slots } =
    format === "csv-wide"
      ? wideLayout(config, names)
      : {
          byName: byColumnName(longColumns(config, options)),
          slotOf: () => 0,
          slots: [{ visitType: "", known: true }],
        };
  const codable = new Set<string>();
  for (const column of byName.values())
    if (column.source.from === "missing") codable.add(`${column.source.entity}:${column.source.field}`);
  const multiselects = new Map(
    config.data_fields.filter((field) => field.type === "multiselect").map((field) => [field.name, field]),
  );

  const plan: ReadingPlan = {
    columns: [],
    codeIndex: -1,
    slots,
    patientColumns: 0,
    guarded,
    ignored: [],
    issues: [],
  };
  const redcapIdentity = !redcap
    ? -1
    : names.indexOf(REDCAP.record) !== -1
      ? names.indexOf(REDCAP.record)
      : names[1] === REDCAP.event
        ? 0
        : -1;
  const seen = new Set<string>();
  const make = (
    name: string,
    act: Act,
    key = "",
    convert = NO_CONVERT,
    slot = 0,
    extra: Partial<ColumnPlan> = {},
  ): ColumnPlan => ({
    name,
    act,
    key,
    code: "",
    convert,
    slot,
    patientIndex:
      act === ACT.group || act === ACT.patient || act === ACT.patientMissing || act === ACT.patientCheck
        ? plan.patientColumns++
        : -1,
    codedMissing: false,
    ...extra,
  });
  const ignore = (name: string) => {
    plan.ignored.push(name);
    return null;
  };

  const planColumn = (name: string, index: number): ColumnPlan | null => {
    if (redcap) {
      if (index === redcapIdentity) return make(name, ACT.code);
      if (name === REDCAP.event) return make(name, ACT.event);
      if (name === REDCAP.group) return make(name, ACT.group);
      if (name === REDCAP.repeatInstrument) return make(name, ACT.repeatInstrument);
    }
    const column = byName.get(name);
    if (!column) {
      if (redcap) {
        const checkbox = checkboxColumn(name, multiselects);
        if (checkbox) {
          const act = checkbox.field.entity === "patient" ? ACT.patientCheck : ACT.visitCheck;
          return make(name, act, checkbox.field.name, NO_CONVERT, 0, { code: checkbox.code });
        }
        if (REDCAP.ignored.has(name) || REDCAP.ignoredSuffix.test(name)) return ignore(name);
      }
      plan.issues.push(importIssue("unknownColumn", { row: 1, column: name }, { column: name }));
      return null;
    }
    const convert = cellConverter(column.type, dialect, redcap);
    const slot = slotOf(column);
    const source = column.source;
    switch (source.from) {
      case "patient":
        if (source.key === "code") return redcap ? ignore(name) : make(name, ACT.code);
        if (source.key === "medical_group") return make(name, ACT.group);
        if (source.key === "id" || source.key === "enrolled_on") return ignore(name);
        return make(name, ACT.patient, source.key, convert, 0, {
          codedMissing: redcap && codable.has(`patient:${source.key}`),
        });
      case "custom":
        return make(name, ACT.patient, source.field, convert, 0, {
          codedMissing: redcap && codable.has(`patient:${source.field}`),
        });
      case "missing":
        return make(
          name,
          source.entity === "patient" ? ACT.patientMissing : ACT.visitMissing,
          source.field,
          NO_CONVERT,
          slot,
        );
      case "visit":
        if (source.key === "visit_number") return make(name, ACT.visitNumber, "", convert, slot);
        if (source.key === "visit_date") return make(name, ACT.visitDate, "", convert, slot);
        if (source.key === "visit_type") return make(name, ACT.visitType, "", convert, slot);
        return ignore(name);
      case "data":
        return make(name, ACT.visit, source.field, convert, slot, {
          codedMissing: redcap && codable.has(`visit:${source.field}`),
        });
      case "continuing":
        return make(name, ACT.continuing, "", convert, slot);
      case "switch":
        return make(name, ACT.switchAnswer, source.field, convert, slot);
      case "calc":
      case "line":
        return ignore(name);
    }
  };

  names.forEach((name, index) => {
    if (seen.has(name)) {
      plan.issues.push(importIssue("duplicateColumn", { row: 1, column: name }, { column: name }));
      plan.columns.push(null);
      return;
    }
    seen.add(name);
    const column = planColumn(name, index);
    if (column?.act === ACT.code) plan.codeIndex = index;
    plan.columns.push(column);
  });
  plan.issues.push(...identityIssues(plan, format));
  return plan;
}

function byColumnName(columns: readonly ExportColumn[]): Map<string, ExportColumn> {
  return new Map(columns.map((column) => [column.name, column]));
}

/** `{field}___{code}`: a REDCap checkbox column of a multiselect field. */
function checkboxColumn(
  name: string,
  multiselects: ReadonlyMap<string, StudyConfig["data_fields"][number]>,
): { field: StudyConfig["data_fields"][number]; code: string } | null {
  for (let at = name.indexOf(REDCAP.checkbox); at > 0; at = name.indexOf(REDCAP.checkbox, at + 1)) {
    const field = multiselects.get(name.slice(0, at));
    if (!field) continue;
    const written = name.slice(at + REDCAP.checkbox.length);
    // REDCap writes the option code into the column name in lower case.
    const option =
      field.options?.find((candidate) => candidate.value === written) ??
      field.options?.find((candidate) => candidate.value.toLowerCase() === written.toLowerCase());
    return { field, code: option?.value ?? written };
  }
  return null;
}

/**
 * The wide layout's columns for this header: its visit slots read off the names
 * (`{type}__{column}`, `{type}_{n}__{column}`), then `wideColumns` for those slots, so a name
 * means here exactly what the export meant by it. A visit type the study lacks (an older protocol
 * version's) is a slot too; its visits are reported.
 */
function wideLayout(config: StudyConfig, names: readonly string[]) {
  const options = { deidentify: false };
  const patientNames = new Set(patientColumns(config, options).map((column) => column.name));
  const perVisit = new Set(visitColumns(config, options).map((column) => column.name));
  const known = new Set(config.visit_types.map((type) => type.code));
  const prefixes = new Set<string>();
  for (const name of names) {
    if (patientNames.has(name)) continue;
    for (let at = name.indexOf("__"); at > 0; at = name.indexOf("__", at + 1))
      if (perVisit.has(name.slice(at + 2))) {
        prefixes.add(name.slice(0, at));
        break;
      }
  }
  const counts = new Map<string, { single: boolean; most: number }>();
  const count = (type: string, occurrence: number | null) => {
    const entry = counts.get(type) ?? { single: false, most: 0 };
    if (occurrence === null) entry.single = true;
    else entry.most = Math.max(entry.most, occurrence);
    counts.set(type, entry);
  };
  for (const prefix of prefixes) {
    const numbered = /^(.+)_([1-9]\d*)$/.exec(prefix);
    const base = numbered?.[1];
    // A known code as written wins (`week_4` is a type, not `week` the fourth time); an unknown
    // `{base}_{n}` is numbered when its base is a known type or comes numbered more than once.
    const isNumbered =
      base !== undefined &&
      !known.has(prefix) &&
      (known.has(base) ||
        [...prefixes].some(
          (other) =>
            other !== prefix && other.startsWith(`${base}_`) && /^\d+$/.test(other.slice(base.length + 1)),
        ));
    if (isNumbered) count(base, Number(numbered![2]));
    else count(prefix, null);
  }
  const slotCounts = [...counts].map(([visitType, entry]) => ({
    visitType,
    // A numbered type is written with its numbers however many occurrences the header kept.
    occurrences: entry.most > 0 ? Math.max(entry.most, 2) : 1,
  }));
  const columns = wideColumns(config, options, orderSlots(config, slotCounts));
  const slots: PlanSlot[] = [];
  const slotIndex = new Map<string, number>();
  const slotOf = (column: ExportColumn): number => {
    if (!column.slot) return 0;
    const key = `${column.slot.visitType}\u0000${column.slot.occurrence}`;
    let index = slotIndex.get(key);
    if (index === undefined) {
      index = slots.length;
      slotIndex.set(key, index);
      slots.push({ visitType: column.slot.visitType, known: known.has(column.slot.visitType) });
    }
    return index;
  };
  return { byName: byColumnName(columns), slotOf, slots };
}

/** The columns without which a file cannot be read: who the rows are, and when the visits were. */
function identityIssues(plan: ReadingPlan, format: ImportFormat): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const missing = (column: string) =>
    issues.push(importIssue("missingColumn", { row: 1, column }, { column }));
  const acts = plan.columns.filter((column) => column !== null);
  if (plan.codeIndex === -1) missing(format === "redcap" ? REDCAP.record : "patient_code");
  if (format === "redcap" && !acts.some((column) => column.act === ACT.event)) missing(REDCAP.event);
  const isVisitColumn = (column: ColumnPlan) =>
    column.act >= ACT.visitNumber && column.act <= ACT.switchAnswer;
  for (let slot = 0; slot < plan.slots.length; slot++) {
    const columns = acts.filter((column) => column.slot === slot && isVisitColumn(column));
    if (columns.length === 0) continue;
    const prefix =
      format === "csv-wide" ? `${columns[0]!.name.slice(0, columns[0]!.name.indexOf("__"))}__` : "";
    if (!columns.some((column) => column.act === ACT.visitDate)) missing(`${prefix}visit_date`);
    if (format === "csv-long" && !columns.some((column) => column.act === ACT.visitType))
      missing("visit_type");
  }
  return issues;
}
