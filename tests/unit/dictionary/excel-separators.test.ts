/**
 * A dictionary saved by Excel where the decimal mark is a comma (Italy): `;` between cells, a UTF-8
 * byte-order mark, CRLF, and only the cells holding `;`, a quote or a line break quoted. It imports
 * to the same plan as the registry's own `,` file (docs/decisions/0021); so does a tab-separated one.
 */
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { dictionaryCsv, parseDictionaryCsv, planDictionaryImport } from "@/lib/dictionary";
import { detectDelimiter, guardCell, readCsv } from "@/lib/dictionary/csv";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { dictionaryMessage } from "@/lib/dictionary/messages";

const demo = StudyConfigSchema.parse(DEMO_STUDY_CONFIG);
const NOTE = "Sede; lato\nseconda riga, con virgola";

/** The demo study with a field note holding the separator and a line break. */
function studyWithNote(): StudyConfigDocument {
  const [first, ...rest] = demo.data_fields;
  return { ...demo, data_fields: [{ ...first!, description: NOTE }, ...rest] };
}

/** What Excel writes: cells joined by `separator`, quoted only when they hold it, a quote or a line break. */
function excelCsv(records: string[][], separator: string, bom: string): string {
  const special = new RegExp(`[${separator}"\r\n]`);
  const cell = (text: string) => (special.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return bom + records.map((cells) => `${cells.map(cell).join(separator)}\r\n`).join("");
}

/** The cells of the registry's file, as Excel shows them (the formula guard's `'` kept, as Excel keeps text). */
function sheetOf(commaFile: string): string[][] {
  const read = readCsv(commaFile);
  if (!read.ok) throw new Error(read.message);
  // readCsv drops the guard; Excel keeps the cell's text as the file has it.
  return read.records.map((record) => record.cells.map(guardCell));
}

describe("dictionary import of files saved by Excel", () => {
  const config = studyWithNote();
  const commaFile = dictionaryCsv(config, "en");
  const empty = StudyConfigSchema.parse({ version: 1 });
  const planOf = (file: string) => {
    const parsed = parseDictionaryCsv(file, "en");
    expect(parsed.issues).toEqual([]);
    return { rows: parsed.rows, plan: planDictionaryImport(empty, parsed.rows, "en") };
  };

  it("Italian Excel (`;`, BOM, CRLF, a quoted cell with `;` and a line break) gives the same plan as `,`", () => {
    const italian = excelCsv(sheetOf(commaFile), ";", "\uFEFF");
    expect(italian.startsWith("\uFEFFvariable_name;entity;")).toBe(true);
    expect(italian).toContain(`"${NOTE}"`);
    expect(detectDelimiter(italian.slice(1))).toBe(";");

    const fromComma = planOf(commaFile);
    const fromItalian = planOf(italian);
    expect(fromComma.plan.issues).toEqual([]);
    expect(fromItalian.rows).toEqual(fromComma.rows);
    expect(fromItalian.plan).toEqual(fromComma.plan);
    expect(fromItalian.plan.config!.data_fields).toEqual(config.data_fields);
    expect(fromItalian.plan.config!.data_fields[0]!.description).toBe(NOTE);
  });

  it("a tab-separated file gives the same plan too", () => {
    const tabbed = excelCsv(sheetOf(commaFile), "\t", "");
    expect(detectDelimiter(tabbed)).toBe("\t");
    expect(planOf(tabbed).plan).toEqual(planOf(commaFile).plan);
  });

  it("reads `;` records with the same row numbers, quotes and blank lines as `,`", () => {
    expect(readCsv('\uFEFFa;b\r\n"x;\ny";"1,5"\r\n\r\n3;4\r\n')).toEqual({
      ok: true,
      records: [
        { row: 1, cells: ["a", "b"] },
        { row: 2, cells: ["x;\ny", "1,5"] },
        { row: 4, cells: ["3", "4"] },
      ],
    });
    expect(readCsv('a;b\r\n"x;2\r\n')).toEqual({
      ok: false,
      row: 2,
      message: dictionaryMessage("quoteNotClosed"),
    });
    expect(readCsv('a;b\r\n1;2\r\nx"y;2\r\n')).toMatchObject({ ok: false, row: 3 });
  });

  it("keeps `,` for the registry's own files whatever their cells hold", () => {
    expect(detectDelimiter("a;b,c;d\r\n")).toBe(",");
    expect(detectDelimiter("name,note\r\nx,a;b;c\r\n")).toBe(",");
    // A header with a comma in Excel's `;` file: `,` leaves the records ragged, `;` reads a table.
    expect(detectDelimiter("Nome, cognome;Età;Sesso\r\nRossi;40;F\r\nBianchi, Anna;50;F\r\n")).toBe(";");
    expect(detectDelimiter("one column\r\nx\r\n")).toBe(",");
  });
});
