import type { CsvFormat } from "@/lib/csv/csv-cells";
import type { Locale } from "@/lib/i18n/locales";
import { EXPORT_HEADERS, type ExportFormat } from "@/lib/schemas/study-export";
import { errorOfPayload, redirectToSignIn } from "./api-fetch";
import { plainCounter, zipCounter, type RecordCounter } from "./export-progress";
import { attachmentName, saveFile } from "./save-download";

export type StudyExportOptions = {
  format: ExportFormat;
  values: "codes" | "labels";
  /** CSV only: `,` and decimal points, or Excel-in-Italian `;` and decimal commas (docs/decisions/0021). */
  csvFormat: CsvFormat;
  deidentify: boolean;
  zip: boolean;
  audit: boolean;
  visitTypes: string[];
  visitDateFrom: string;
  visitDateTo: string;
  /** The language of the study's words in a labels export and of the zip's README (decision 0022). */
  language: Locale;
};

export type ExportProgress = { records: number; total: number | null; unit: string; bytes: number };

/** The CSV format offered first: the one Excel reads in the page's language (`it`: `;` and 1,5). */
export function defaultCsvFormat(locale: string): CsvFormat {
  return locale === "it" ? "semicolon" : "comma";
}

/** The query string of an export: options that do not apply to the format are left out. */
export function studyExportParams(options: StudyExportOptions): URLSearchParams {
  const csv = options.format !== "odm";
  const params = new URLSearchParams({ format: options.format });
  if (csv && options.values === "labels") params.set("values", "labels");
  // The reader's language for the study's words and the README; codes are the same in every language.
  if (csv && (options.values === "labels" || options.zip)) params.set("lang", options.language);
  if (csv && options.csvFormat === "semicolon") params.set("csv_format", "semicolon");
  if (options.deidentify) params.set("deidentify", "true");
  if (csv && options.zip) params.set("zip", "true");
  if (!csv && options.audit && !options.deidentify) params.set("audit", "true");
  if (options.visitTypes.length > 0) params.set("visit_types", options.visitTypes.join(","));
  if (options.visitDateFrom) params.set("visit_date_from", options.visitDateFrom);
  if (options.visitDateTo) params.set("visit_date_to", options.visitDateTo);
  return params;
}

/**
 * Downloads an export while counting its records for the progress bar, then hands the file to the
 * browser. `signal` cancels it: the request is aborted and the server stops reading.
 */
export async function downloadStudyExport(
  studyId: number,
  options: StudyExportOptions,
  p: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<{ fileName: string; records: number }> {
  const response = await fetch(`/api/studies/${studyId}/export?${studyExportParams(options)}`, {
    credentials: "same-origin",
    signal: p.signal,
  });
  if (response.status === 401) redirectToSignIn();
  if (!response.ok || !response.body) {
    throw errorOfPayload(response.status, await response.json().catch(() => null));
  }
  const totalHeader = response.headers.get(EXPORT_HEADERS.totalRows);
  const total = totalHeader === null ? null : Number(totalHeader);
  const unit = response.headers.get(EXPORT_HEADERS.unit) ?? "rows";
  const counter: RecordCounter =
    options.format === "odm" ? plainCounter("odm") : options.zip ? zipCounter() : plainCounter("csv");
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    counter.push(value);
    p.onProgress({ records: counter.records(), total, unit, bytes });
  }
  const fileName = attachmentName(response, "study_export");
  saveFile(new Blob(chunks, { type: response.headers.get("content-type") ?? "" }), fileName);
  await counter.drained();
  return { fileName, records: counter.records() };
}
