/**
 * The rows of the two CSV layouts for a batch of patients. Pure: the export service streams
 * batches through these, so no layout ever holds more than one batch.
 */
import { CSV_DIALECTS, type CsvDialect } from "@/lib/csv/csv-cells";
import { csvCell, csvRecord, dialectTextCell, type ValueMode } from "./cell-values";
import { sourceValue, type ExportColumn } from "./columns";
import type { ExportPatient, ExportVisit } from "./export-records";

/** The first record, after the dialect's byte-order mark (the `semicolon` format's, for Excel). */
export function csvHeader(
  columns: readonly ExportColumn[],
  dialect: CsvDialect = CSV_DIALECTS.comma,
): string {
  const names = columns.map((column) => dialectTextCell(dialect, column.name));
  return dialect.bom + csvRecord(names, dialect);
}

/** csv-long: a record per visit; a patient with no exported visit gets one with empty visit columns. */
export function longRows(
  columns: readonly ExportColumn[],
  patients: readonly ExportPatient[],
  mode: ValueMode,
  dialect: CsvDialect = CSV_DIALECTS.comma,
): { text: string; records: number } {
  let text = "";
  let records = 0;
  for (const patient of patients) {
    const visits: (ExportVisit | null)[] = patient.visits.length > 0 ? patient.visits : [null];
    for (const visit of visits) {
      text += csvRecord(
        columns.map((column) => csvCell(column, sourceValue(column.source, patient, visit), mode, dialect)),
        dialect,
      );
      records++;
    }
  }
  return { text, records };
}

/** csv-wide: a record per patient; each visit fills the columns of its slot (type, occurrence). */
export function wideRows(
  columns: readonly ExportColumn[],
  patients: readonly ExportPatient[],
  mode: ValueMode,
  dialect: CsvDialect = CSV_DIALECTS.comma,
): { text: string; records: number } {
  let text = "";
  for (const patient of patients) {
    const bySlot = new Map<string, ExportVisit>();
    const seen = new Map<string, number>();
    for (const visit of patient.visits) {
      const occurrence = (seen.get(visit.visit_type) ?? 0) + 1;
      seen.set(visit.visit_type, occurrence);
      bySlot.set(`${visit.visit_type}\u0000${occurrence}`, visit);
    }
    const cells = columns.map((column) => {
      const visit = column.slot
        ? (bySlot.get(`${column.slot.visitType}\u0000${column.slot.occurrence}`) ?? null)
        : null;
      if (column.slot && !visit) return "";
      return csvCell(column, sourceValue(column.source, patient, visit), mode, dialect);
    });
    text += csvRecord(cells, dialect);
  }
  return { text, records: patients.length };
}
