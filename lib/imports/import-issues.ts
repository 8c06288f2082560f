/**
 * The file issues of an import (docs/decisions/0037): problems of the file's columns, rows and
 * layout, as catalogue references under `api.imports` (decision 0021). Problems of a value (its
 * type, options, required, dates) are the form engine's, reported by the server's preview.
 */
import { messageRef, type MessageValues } from "@/lib/i18n/message-ref";
import type { ImportIssue } from "./import-records";

/** Every code, and whether it stops the import. */
export const IMPORT_ISSUES = {
  /** A column that is no column of the layout nor a study field: its cells are not imported. */
  unknownColumn: false,
  duplicateColumn: true,
  missingColumn: true,
  tooManyCells: true,
  missingPatientCode: true,
  codeRepeated: true,
  conflictingValue: true,
  duplicateVisit: true,
  unknownVisitType: true,
  unknownEvent: true,
  checkboxValue: true,
  repeatInstrument: true,
  unclosedQuote: true,
  malformedQuote: true,
  recordTooLong: true,
  notUtf8: true,
  gzipBroken: true,
  expandedTooLarge: true,
  emptyFile: true,
} as const satisfies Record<string, boolean>;

export type ImportIssueCode = keyof typeof IMPORT_ISSUES;

export type IssuePlace = { row: number | null; column?: string | null; field?: string | null };

export function importIssue(
  code: ImportIssueCode,
  place: IssuePlace,
  values: MessageValues = {},
): ImportIssue {
  return {
    row: place.row,
    column: place.column ?? null,
    field: place.field ?? null,
    code,
    message: messageRef(`api.imports.${code}`, values),
    blocking: IMPORT_ISSUES[code],
  };
}
