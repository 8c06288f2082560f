/**
 * The data dictionary's API bodies and answers (decision 0016): preview and import of a dictionary CSV.
 * Pure; the plan itself is computed by lib/dictionary, the same code in the browser and the server.
 */
import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { CompatibilityResult } from "./protocol-versions";
import { BasedOnVersion } from "./versioning";

/** A dictionary CSV is at most this many characters (the JSON body limit is 1 MB). */
export const MAX_DICTIONARY_CHARS = 900_000;

const CsvText = z
  .string({ error: messageRef("api.dictionary.csvRequired") })
  .min(1, messageRef("api.dictionary.fileEmpty"))
  .max(
    MAX_DICTIONARY_CHARS,
    messageRef("api.dictionary.fileTooLarge", { max: String(MAX_DICTIONARY_CHARS) }),
  );

export const DictionaryPreviewBody = z.object({ csv: CsvText });
export type DictionaryPreviewBody = z.infer<typeof DictionaryPreviewBody>;

export const DictionaryImportBody = z.object({ csv: CsvText, version: BasedOnVersion });
export type DictionaryImportBody = z.infer<typeof DictionaryImportBody>;

/** One problem of the file: its row (the header is row 1; null for the file as a whole), the column. */
export const DictionaryIssue = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type DictionaryIssue = z.infer<typeof DictionaryIssue>;

export const DictionaryPropertyChange = z.object({
  property: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type DictionaryPropertyChange = z.infer<typeof DictionaryPropertyChange>;

export const DICTIONARY_CHANGE_STATUSES = ["created", "updated", "unchanged", "kept"] as const;

/**
 * What the import does to one field, calculation or category. `kept`: in the study but not in the
 * file, left as it is (an import never deletes). `row` is the file's row (null for kept entries).
 */
export const DictionaryChange = z.object({
  kind: z.enum(["field", "calculation", "category"]),
  entity: z.enum(["patient", "visit"]).nullable(),
  name: z.string(),
  status: z.enum(DICTIONARY_CHANGE_STATUSES),
  row: z.number().int().nullable(),
  changes: z.array(DictionaryPropertyChange),
});
export type DictionaryChange = z.infer<typeof DictionaryChange>;

export const DictionaryPreviewResponse = z.object({
  changes: z.array(DictionaryChange),
  issues: z.array(DictionaryIssue),
  /** Null while the study has no patients (nothing stored could be affected yet). */
  compatibility: CompatibilityResult.nullable(),
  /** The study's version the preview was computed from: send it back with the import. */
  version: z.number().int(),
});
export type DictionaryPreviewResponse = z.infer<typeof DictionaryPreviewResponse>;

export const DictionaryImportResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  kept: z.number().int(),
  /** The study's version after the import. */
  version: z.number().int(),
});
export type DictionaryImportResponse = z.infer<typeof DictionaryImportResponse>;
