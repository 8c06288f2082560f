import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatChoices, parseChoices } from "@/lib/dictionary";
import { csvRecord, guardCell, readCsv, unguardCell } from "@/lib/dictionary/csv";
import { dictionaryMessage } from "@/lib/dictionary/messages";
import { inEnglish } from "@/tests/support/words-in";

describe("dictionary CSV cells", () => {
  it("guards cells a spreadsheet would run, but not plain negative numbers", () => {
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardCell("+1+1")).toBe("'+1+1");
    expect(guardCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(guardCell("-5")).toBe("-5");
    expect(guardCell("-x")).toBe("'-x");
    expect(guardCell("'quoted")).toBe("''quoted");
    expect(guardCell("plain")).toBe("plain");
  });

  it("writes RFC 4180 records with CRLF and reads them back exactly, guard undone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const text = rows.map(csvRecord).join("");
          expect(text.endsWith("\r\n")).toBe(true);
          const read = readCsv(text);
          expect(read.ok).toBe(true);
          if (read.ok) expect(read.records.map((r) => r.cells)).toEqual(rows);
          for (const row of rows) for (const cell of row) expect(unguardCell(guardCell(cell))).toBe(cell);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("numbers records (the header is 1), skips blank lines, accepts LF and a byte-order mark", () => {
    const read = readCsv('\uFEFFa,b\n"x\ny",2\n\n3,4\n');
    expect(read).toEqual({
      ok: true,
      records: [
        { row: 1, cells: ["a", "b"] },
        { row: 2, cells: ["x\ny", "2"] },
        { row: 4, cells: ["3", "4"] },
      ],
    });
  });

  it("names the row of a broken quote", () => {
    expect(readCsv('a,b\r\n"x,2\r\n')).toEqual({
      ok: false,
      row: 2,
      message: dictionaryMessage("quoteNotClosed"),
    });
    expect(readCsv('a,b\r\nx"y,2\r\n')).toMatchObject({ ok: false, row: 2 });
  });
});

describe("choices text", () => {
  it("writes REDCap's 'code, label | code, label'", () => {
    expect(
      formatChoices([
        { value: "1", label: "Mild" },
        { value: "2", label: "Moderate, or worse" },
      ]),
    ).toBe("1, Mild | 2, Moderate, or worse");
    expect(parseChoices("a, A | b,B")).toEqual({
      ok: true,
      options: [
        { value: "a", label: "A" },
        { value: "b", label: "B" },
      ],
    });
  });

  it("refuses a choice with no comma", () => {
    expect(parseChoices("a, A | b")).toEqual({
      ok: false,
      error: dictionaryMessage("choiceNeedsComma", { n: 2 }),
    });
    expect(inEnglish(dictionaryMessage("choiceNeedsComma", { n: 2 }))).toBe(
      'Choice 2 needs "code, label" (a comma between code and label)',
    );
  });

  it("round-trips any options exactly (commas, bars, backslashes, spaces at the ends)", () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.constantFrom(" ", "\\", "|", ",", " a ,| "),
    );
    const option = fc.record({ value: text, label: text });
    fc.assert(
      fc.property(fc.array(option, { minLength: 1, maxLength: 5 }), (options) => {
        expect(parseChoices(formatChoices(options))).toEqual({ ok: true, options });
      }),
      { numRuns: 300 },
    );
  });
});
