/** The study data export's query (decision 0016): `GET /api/studies/{id}/export`. Pure. */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { CSV_FORMATS } from "@/lib/csv/csv-cells";
import { LOCALES } from "@/lib/i18n/locales";
import { CalendarDate } from "./patients";

export const EXPORT_FORMATS = ["csv-long", "csv-wide", "odm"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Message references (decision 0021): put into the caller's words by the API. */
export const STUDY_EXPORT_MESSAGES = {
  auditNeedsOdm: messageRef("api.export.auditNeedsOdm"),
  auditNotDeidentified: messageRef("api.export.auditNotDeidentified"),
  zipNeedsCsv: messageRef("api.export.zipNeedsCsv"),
  labelsNeedCsv: messageRef("api.export.labelsNeedCsv"),
  csvFormatNeedsCsv: messageRef("api.export.csvFormatNeedsCsv"),
  dateRange: messageRef("api.export.dateRange"),
} as const;

const oneOf = (name: string, values: readonly string[]) =>
  messageRef("api.common.oneOf", { name, values: values.join(", ") });

/** "true" / "false" (or 1 / 0) in a query string; absent is false. */
const flag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: messageRef("api.common.trueOrFalse", { name }) })
    .default("false")
    .transform((value) => value === "true" || value === "1");

const VISIT_TYPE_CODE = /^[a-z0-9_]+$/;

export const StudyExportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: oneOf("format", EXPORT_FORMATS) }),
    /** Option codes (default) or their labels in category columns. */
    values: z
      .enum(["codes", "labels"], { error: messageRef("api.export.valuesCodesOrLabels") })
      .default("codes"),
    /**
     * The language of the study's texts in a labels export (decision 0022): a text missing in it
     * is given in the other. Absent: the study's default language.
     */
    lang: z
      .enum(LOCALES, { error: messageRef("api.studyText.lang", { languages: LOCALES.join(", ") }) })
      .optional(),
    /**
     * CSV only: `comma` (`,` and decimal points, the default) or `semicolon` (`;`, decimal commas
     * and a byte-order mark, for Excel where the decimal mark is a comma: docs/decisions/0021).
     */
    csv_format: z.enum(CSV_FORMATS, { error: oneOf("csv_format", CSV_FORMATS) }).default("comma"),
    /** Remove identifier fields, replace codes by pseudonyms and shift dates per patient. */
    deidentify: flag("deidentify"),
    /** A zip with the CSV, the review files (queries, verification, form status, signatures), the data dictionary, a README and R / Python loaders. */
    zip: flag("zip"),
    /** ODM only: the audit record of each item. */
    audit: flag("audit"),
    /** Visits of these types only (comma-separated codes). */
    visit_types: z
      .string()
      .max(2000)
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return undefined;
        const codes = [...new Set(value.split(",").map((code) => code.trim()))];
        if (codes.some((code) => !VISIT_TYPE_CODE.test(code))) {
          ctx.addIssue({ code: "custom", message: messageRef("api.export.visitTypeCodes") });
          return z.NEVER;
        }
        return codes;
      }),
    visit_date_from: CalendarDate("visit_date_from").optional(),
    visit_date_to: CalendarDate("visit_date_to").optional(),
  })
  .superRefine((query, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (query.audit && query.format !== "odm") issue("audit", STUDY_EXPORT_MESSAGES.auditNeedsOdm);
    if (query.audit && query.deidentify) issue("audit", STUDY_EXPORT_MESSAGES.auditNotDeidentified);
    if (query.zip && query.format === "odm") issue("zip", STUDY_EXPORT_MESSAGES.zipNeedsCsv);
    if (query.values === "labels" && query.format === "odm")
      issue("values", STUDY_EXPORT_MESSAGES.labelsNeedCsv);
    if (query.csv_format === "semicolon" && query.format === "odm")
      issue("csv_format", STUDY_EXPORT_MESSAGES.csvFormatNeedsCsv);
    if (query.visit_date_from && query.visit_date_to && query.visit_date_from > query.visit_date_to)
      issue("visit_date_from", STUDY_EXPORT_MESSAGES.dateRange);
  });
export type StudyExportQuery = z.infer<typeof StudyExportQuery>;

/** Response headers the export screen reads for its progress (the counts are taken before streaming). */
export const EXPORT_HEADERS = {
  /** Records the file will hold: CSV rows (long: visits, plus patients without one; wide: patients) or ODM subjects. */
  totalRows: "x-export-total-rows",
  /** What a unit of progress is: "rows" or "subjects". */
  unit: "x-export-unit",
} as const;
