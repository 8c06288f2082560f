/**
 * A cell's text back into the value the export wrote (lib/exports/cell-values.ts is the other
 * half), by the column's type. Pure. What does not read as its type stays text, so the form engine
 * (or the server's zod schema) refuses it with its own message: the reader never guesses and never
 * drops a cell. Codes only: an option's label is text, and the engine refuses it as no option.
 */
import type { CsvDialect } from "@/lib/csv/csv-cells";
import type { ColumnType } from "@/lib/exports/columns";
import { parseNumber } from "@/lib/forms/parse-number";

export type CellConvert = (text: string) => unknown;

const asText: CellConvert = (text) => text;
const asList: CellConvert = (text) => text.split("|");
const asNumber: CellConvert = (text) => parseNumber(text) ?? text;
const asCommaNumber: CellConvert = (text) => parseNumber(text.replace(",", ".")) ?? text;
const asBoolean: CellConvert = (text) => (text === "true" ? true : text === "false" ? false : text);
// REDCap writes yes/no and true/false fields as 1 and 0 in its raw export.
const asRedcapBoolean: CellConvert = (text) =>
  text === "true" || text === "1" ? true : text === "false" || text === "0" ? false : text;
const json = (text: string, otherwise: CellConvert): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return otherwise(text);
  }
};
const asJson: CellConvert = (text) => json(text, asText);
// A number in a JSON column is written with the dialect's decimal mark, which JSON does not read.
const asCommaJson: CellConvert = (text) => json(text, asCommaNumber);

/**
 * The converter of a non-empty cell of a column of `type`. Numbers in the dialect's decimal mark
 * (docs/decisions/0021); booleans `true` / `false` (REDCap: also `1` / `0`); lists joined with `|`;
 * repeating groups as JSON; dates, months, codes and text as written.
 */
export function cellConverter(type: ColumnType, dialect: CsvDialect, redcap: boolean): CellConvert {
  switch (type) {
    case "integer":
    case "number":
      return dialect.decimal === "," ? asCommaNumber : asNumber;
    case "boolean":
      return redcap ? asRedcapBoolean : asBoolean;
    case "multi":
      return asList;
    case "json":
      return dialect.decimal === "," ? asCommaJson : asJson;
    default:
      return asText;
  }
}
