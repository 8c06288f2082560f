/**
 * The layouts a bulk import reads (docs/decisions/0037): the study export's own two CSV layouts
 * read back, and REDCap's flat export (a record per row and event). Pure.
 */
export const IMPORT_FORMATS = ["csv-long", "csv-wide", "redcap"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
