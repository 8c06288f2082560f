import "server-only";
import type { CsvDialect } from "@/lib/csv/csv-cells";
import type { ValueMode } from "@/lib/exports/cell-values";
import type { ExportColumn } from "@/lib/exports/columns";
import { csvHeader, longRows, wideRows } from "@/lib/exports/csv-rows";
import type { ExportWriter } from "./export-writer";

/** A CSV file of either layout in either format (`dialect`): the header, then each batch's records. */
export function csvDocument(
  layout: "csv-long" | "csv-wide",
  columns: readonly ExportColumn[],
  mode: ValueMode,
  dialect: CsvDialect,
): ExportWriter {
  const rows = layout === "csv-long" ? longRows : wideRows;
  return {
    contentType: "text/csv; charset=utf-8",
    extension: "csv",
    unit: "rows",
    head: () => csvHeader(columns, dialect),
    body: (patients) => rows(columns, patients, mode, dialect),
    tail: () => "",
  };
}
