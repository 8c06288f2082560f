/**
 * Reads an import file's records into patients and their visits (docs/decisions/0037). Pure and
 * streaming: it keeps the patient being read (a file is grouped by patient, as the export and
 * REDCap write it), the codes of the patients already read (a code coming back in a later block
 * is reported, never merged) and the visit numbers of the current patient.
 *
 * It converts cells and reports problems of the file; the values themselves (types, options,
 * required, dates, plausibility) are checked later by the server through the form engine.
 *
 * - An empty cell is no value: the key is absent, so an import never erases a stored value.
 * - A patient's own columns repeat on each of its rows (csv-long, REDCap): the first non-empty cell
 *   is taken, and a different non-empty cell on a later row is a conflict.
 * - A row (csv-long, REDCap) or a slot (csv-wide) is a visit when any of its visit columns has a
 *   value. Its number is the `visit_number` cell, or else its place among the patient's visits.
 * - The therapy switch (lib/forms/therapy-switch.ts) is read on a row whose `continuing_therapy`
 *   is false, with the `switch_*` cells of the patient's row before it (the export writes a line's
 *   switch answers on the rows of the line they ended), else its own; `true` is
 *   `{ is_continuing_therapy: true }`.
 * - REDCap: the event names the visit type (redcap-events.ts), checkbox columns `{field}___{code}`
 *   (1 / 0, Checked / Unchecked) build the field's list (none checked is no value: REDCap cannot
 *   tell it from unanswered), a cell holding a study missing-data code is that code, the data
 *   access group is the medical group's code, and rows of repeating instruments are refused.
 */
import type { CsvDialect } from "@/lib/csv/csv-cells";
import { missingCodeList } from "@/lib/forms/missing-codes";
import { THERAPY_SWITCH_KEY } from "@/lib/forms/therapy-switch";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { ImportFormat } from "./import-formats";
import { importIssue } from "./import-issues";
import type { ImportedGroup, ImportedPatient, ImportedVisit, ImportIssue } from "./import-records";
import { ACT, readingPlan, type ColumnPlan, type ReadingPlan } from "./reading-plan";
import { eventResolver } from "./redcap-events";

export type ImportReaderOptions = {
  dialect: CsvDialect;
  /** REDCap: event name → visit type code, over the automatic mapping. */
  eventMap?: Record<string, string>;
};

export type ImportEventMapping = { event: string; visit_type: string | null; rows: number };

export type ImportReader = {
  /** Reads the header (record 1): blocking issues when an identity column is missing. */
  header(cells: string[]): ImportIssue[];
  /** The groups this record completes (a patient's group completes when the code changes). */
  record(cells: string[], row: number): ImportedGroup[];
  /** The last group. */
  end(): ImportedGroup[];
  /** Header names accepted and not imported (derived columns, REDCap bookkeeping). */
  ignoredColumns(): string[];
  /** REDCap: how each event was mapped, in the order first met; [] otherwise. */
  events(): ImportEventMapping[];
};

type Group = {
  code: string;
  patient: ImportedPatient;
  visits: ImportedVisit[];
  issues: ImportIssue[];
  firstText: (string | undefined)[];
  firstRow: number[];
  /** Visit number → the row that first had it. */
  visitRows: Map<string, number>;
  /** The `switch_*` answers of the patient's previous visit (the line it belongs to ended with them). */
  previousSwitch: Record<string, unknown> | null;
};

type Draft = {
  content: boolean;
  number: number | string | undefined;
  date: string | undefined;
  type: string | undefined;
  data: Record<string, unknown>;
  missing: Record<string, string>;
  continuing: unknown;
  switchAnswers: Record<string, unknown> | null;
};

const CHECKED = new Set(["1", "Checked"]);
const UNCHECKED = new Set(["0", "Unchecked"]);

export function createImportReader(
  config: StudyConfig,
  format: ImportFormat,
  options: ImportReaderOptions,
): ImportReader {
  const redcap = format === "redcap";
  const missingCodes = new Set(missingCodeList(config));
  const visitTypes = new Set(config.visit_types.map((type) => type.code));
  const resolveEvent = eventResolver(config, options.eventMap);
  const events = new Map<string, ImportEventMapping>();
  const seen = new Set<string>();
  let plan: ReadingPlan | null = null;
  let drafts: (Draft | null)[] = [];
  let group: Group | null = null;

  const startGroup = (code: string, row: number): Group => {
    const issues: ImportIssue[] = [];
    if (code === "")
      issues.push(importIssue("missingPatientCode", { row, column: plan!.columns[plan!.codeIndex]!.name }));
    else if (seen.has(code)) issues.push(importIssue("codeRepeated", { row }, { code }));
    return {
      code,
      patient: { rows: [], code, values: {}, missing: {} },
      visits: [],
      issues,
      firstText: new Array<string | undefined>(plan!.patientColumns),
      firstRow: new Array<number>(plan!.patientColumns),
      visitRows: new Map(),
      previousSwitch: null,
    };
  };

  const finish = (done: Group): ImportedGroup => {
    if (done.code !== "") seen.add(done.code);
    return { patient: done.patient, visits: done.visits, issues: done.issues };
  };

  /** True for the patient's first text of this column; a different text later is a conflict. */
  const firstOfPatient = (at: Group, column: ColumnPlan, text: string, row: number): boolean => {
    const first = at.firstText[column.patientIndex];
    if (first === undefined) {
      at.firstText[column.patientIndex] = text;
      at.firstRow[column.patientIndex] = row;
      return true;
    }
    if (first !== text)
      at.issues.push(
        importIssue(
          "conflictingValue",
          { row, column: column.name, field: column.key || null },
          { column: column.name, code: at.code, first: String(at.firstRow[column.patientIndex]) },
        ),
      );
    return false;
  };

  const draftOf = (slot: number): Draft => {
    let draft = drafts[slot];
    if (!draft) {
      draft = {
        content: false,
        number: undefined,
        date: undefined,
        type: undefined,
        data: {},
        missing: {},
        continuing: undefined,
        switchAnswers: null,
      };
      drafts[slot] = draft;
    }
    return draft;
  };

  const checkbox = (at: Group, column: ColumnPlan, text: string, row: number): boolean | null => {
    if (CHECKED.has(text)) return true;
    if (UNCHECKED.has(text)) return false;
    at.issues.push(
      importIssue(
        "checkboxValue",
        { row, column: column.name, field: column.key },
        { column: column.name, value: text },
      ),
    );
    return null;
  };

  const readCell = (
    at: Group,
    column: ColumnPlan,
    text: string,
    row: number,
    place: { event: string | null; instrument: string },
  ) => {
    const patient = at.patient;
    switch (column.act) {
      case ACT.group:
        if (firstOfPatient(at, column, text, row)) patient.medical_group = text;
        return;
      case ACT.patient:
        if (!firstOfPatient(at, column, text, row)) return;
        if (column.codedMissing && missingCodes.has(text)) patient.missing[column.key] = text;
        else patient.values[column.key] = column.convert(text);
        return;
      case ACT.patientMissing:
        if (firstOfPatient(at, column, text, row)) patient.missing[column.key] = text;
        return;
      case ACT.patientCheck:
        if (checkbox(at, column, text, row) === true && firstOfPatient(at, column, "1", row)) {
          const list = patient.values[column.key];
          if (Array.isArray(list)) list.push(column.code);
          else patient.values[column.key] = [column.code];
        }
        return;
      case ACT.visitCheck: {
        if (checkbox(at, column, text, row) !== true) return;
        const draft = draftOf(column.slot);
        draft.content = true;
        const list = draft.data[column.key];
        if (Array.isArray(list)) list.push(column.code);
        else draft.data[column.key] = [column.code];
        return;
      }
      case ACT.event:
        place.event = text;
        return;
      case ACT.repeatInstrument:
        place.instrument = text;
        return;
      case ACT.code:
        return;
    }
    const draft = draftOf(column.slot);
    if (column.act === ACT.switchAnswer) {
      (draft.switchAnswers ??= {})[column.key] = column.convert(text);
      return;
    }
    draft.content = true;
    switch (column.act) {
      case ACT.visitNumber: {
        const number = column.convert(text);
        draft.number = typeof number === "number" ? number : text;
        return;
      }
      case ACT.visitDate:
        draft.date = text;
        return;
      case ACT.visitType:
        draft.type = text;
        return;
      case ACT.visit:
        if (column.codedMissing && missingCodes.has(text)) draft.missing[column.key] = text;
        else draft.data[column.key] = column.convert(text);
        return;
      case ACT.visitMissing:
        draft.missing[column.key] = text;
        return;
      case ACT.continuing:
        draft.continuing = column.convert(text);
        return;
    }
  };

  const visitOf = (
    at: Group,
    draft: Draft,
    slot: number,
    row: number,
    eventType: string | null,
  ): ImportedVisit => {
    const data = draft.data;
    // The export writes a line's switch answers on the rows of the line they ended, so a switching
    // visit's answers are on the row before it; a file made by hand may put them on the switching
    // row itself, which is read when the row before has none.
    const answers = draft.switchAnswers;
    if (draft.continuing !== undefined)
      data[THERAPY_SWITCH_KEY] =
        draft.continuing === true
          ? { is_continuing_therapy: true }
          : { is_continuing_therapy: draft.continuing, ...(at.previousSwitch ?? answers) };
    at.previousSwitch = answers;
    let type: string | undefined;
    if (format === "redcap") type = eventType ?? undefined;
    else {
      const written = format === "csv-wide" ? plan!.slots[slot]!.visitType : draft.type;
      if (written !== undefined && !visitTypes.has(written))
        at.issues.push(
          importIssue(
            "unknownVisitType",
            { row, column: format === "csv-long" ? "visit_type" : null },
            { type: written },
          ),
        );
      else type = written;
    }
    const number = draft.number ?? at.visits.length + 1;
    const key = String(number);
    const first = at.visitRows.get(key);
    if (first === undefined) at.visitRows.set(key, row);
    else
      at.issues.push(importIssue("duplicateVisit", { row }, { n: key, code: at.code, first: String(first) }));
    const visit: ImportedVisit = { row, visit_number: number, data_fields: data, missing: draft.missing };
    if (draft.date !== undefined) visit.visit_date = draft.date;
    if (type !== undefined) visit.visit_type = type;
    return visit;
  };

  const eventType = (event: string | null, row: number, at: Group): string | null => {
    const name = event ?? "";
    let mapping = events.get(name);
    if (!mapping) {
      mapping = { event: name, visit_type: resolveEvent(name), rows: 0 };
      events.set(name, mapping);
    }
    mapping.rows++;
    if (mapping.visit_type === null)
      at.issues.push(importIssue("unknownEvent", { row, column: "redcap_event_name" }, { event: name }));
    return mapping.visit_type;
  };

  return {
    header(cells) {
      plan = readingPlan(config, format, options.dialect, cells);
      drafts = new Array<Draft | null>(plan.slots.length).fill(null);
      return plan.issues;
    },

    record(cells, row) {
      if (!plan) throw new Error("createImportReader: header() before record()");
      // Nothing can be read without the patient code's column (a blocking header issue).
      if (plan.codeIndex === -1 || cells.every((cell) => cell === "")) return [];
      const done: ImportedGroup[] = [];
      let code = cells[plan.codeIndex] ?? "";
      if (plan.guarded && code.startsWith("'")) code = code.slice(1);
      if (!group || group.code !== code || code === "") {
        if (group) done.push(finish(group));
        group = startGroup(code, row);
      }
      const at = group;
      at.patient.rows.push(row);
      if (cells.length > plan.columns.length && cells.slice(plan.columns.length).some((cell) => cell !== ""))
        at.issues.push(
          importIssue(
            "tooManyCells",
            { row },
            { cells: String(cells.length), columns: String(plan.columns.length) },
          ),
        );
      const place = { event: null as string | null, instrument: "" };
      const columns = plan.columns;
      const guarded = plan.guarded;
      const width = Math.min(cells.length, columns.length);
      for (let index = 0; index < width; index++) {
        const column = columns[index];
        if (!column) continue;
        let text = cells[index]!;
        if (text === "") continue;
        if (guarded && text.charCodeAt(0) === 39) {
          text = text.slice(1);
          if (text === "") continue;
        }
        readCell(at, column, text, row, place);
      }
      if (place.instrument !== "")
        at.issues.push(
          importIssue(
            "repeatInstrument",
            { row, column: "redcap_repeat_instrument" },
            { instrument: place.instrument },
          ),
        );
      const typeOfEvent = redcap ? eventType(place.event, row, at) : null;
      for (let slot = 0; slot < drafts.length; slot++) {
        const draft = drafts[slot];
        if (!draft) continue;
        drafts[slot] = null;
        if (draft.content) at.visits.push(visitOf(at, draft, slot, row, typeOfEvent));
      }
      return done;
    },

    end() {
      const last = group;
      group = null;
      return last ? [finish(last)] : [];
    },

    ignoredColumns: () => plan?.ignored ?? [],
    events: () => [...events.values()],
  };
}
