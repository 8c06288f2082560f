import "server-only";
import type { ExportAuditEvent, ExportPatient } from "@/lib/exports/export-records";

/** How one format writes its file around the batches (CSV: export-csv.ts, ODM: export-odm.ts). */
export type ExportWriter = {
  contentType: string;
  extension: string;
  /** What a record is: a CSV row or an ODM subject. */
  unit: "rows" | "subjects";
  head(): string;
  body(
    patients: readonly ExportPatient[],
    audit: readonly ExportAuditEvent[] | null,
  ): { text: string; records: number };
  tail(): string;
};
