/**
 * The problems of a file the reader reports (docs/decisions/0037), each with its row and column.
 * Problems of a value (its type, option, date) are the form engine's: the reader passes the text on.
 */
import { describe, expect, it } from "vitest";
import { wordsOf } from "@/lib/i18n/message-ref";
import english from "@/messages/en/api.json";
import { readImport, where } from "./import-fixture";

const HEADER = "patient_code,birth_date,sex,visit_number,visit_date,visit_type,pasi_score";
const file = (...rows: string[]) => [HEADER, ...rows, ""].join("\r\n");

describe("issues of the header", () => {
  it("an unknown column is a warning and is not read; a repeated one blocks", async () => {
    const read = await readImport(
      "patient_code,pasi_scor,sex,sex,visit_date,visit_type\r\nP1,12,M,F,2024-01-01,baseline\r\n",
      "csv-long",
    );
    expect(read.headerIssues.map(where)).toEqual([
      { row: 1, column: "pasi_scor", code: "unknownColumn", blocking: false },
      { row: 1, column: "sex", code: "duplicateColumn", blocking: true },
    ]);
    expect(read.groups[0]!.patient.values).toEqual({ sex: "M" });
    expect(read.groups[0]!.visits[0]!.data_fields).toEqual({});
  });

  it("names the identity columns a layout cannot do without", async () => {
    const long = await readImport("birth_date,pasi_score\r\n2000-01-01,3\r\n", "csv-long");
    expect(long.headerIssues.map((issue) => [issue.column, issue.code, issue.blocking])).toEqual([
      ["patient_code", "missingColumn", true],
      ["visit_date", "missingColumn", true],
      ["visit_type", "missingColumn", true],
    ]);
    expect(long.groups).toEqual([]);
    const wide = await readImport("patient_code,week_4__pasi_score\r\nP1,3\r\n", "csv-wide");
    expect(wide.headerIssues.map((issue) => [issue.column, issue.code])).toEqual([
      ["week_4__visit_date", "missingColumn"],
    ]);
  });

  it("puts every message into words from the catalogue", async () => {
    const read = await readImport("pasi_scor\r\n3\r\n", "csv-long");
    const t = (key: string, values: Record<string, string | number> = {}) => {
      const message = key
        .split(".")
        .slice(1)
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english);
      return String(message).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    };
    expect(read.headerIssues.map((issue) => wordsOf(issue.message, t, "en"))).toEqual([
      'Column "pasi_scor" is neither a column of this layout nor a variable of the study: its cells are not imported',
      'The file has no "patient_code" column',
    ]);
  });
});

describe("issues of the rows", () => {
  it("a row without a patient code", async () => {
    const read = await readImport(
      file("P1,2000-01-01,M,1,2024-01-01,baseline,3", ",2000-01-01,F,1,2024-01-01,baseline,4"),
      "csv-long",
    );
    expect(read.issues.map(where)).toEqual([
      { row: 3, column: "patient_code", code: "missingPatientCode", blocking: true },
    ]);
  });

  it("a patient code coming back in a later block of rows", async () => {
    const read = await readImport(
      file(
        "P1,2000-01-01,M,1,2024-01-01,baseline,3",
        "P2,2000-01-01,F,1,2024-01-01,baseline,4",
        "P1,2000-01-01,M,2,2024-02-01,week_4,2",
      ),
      "csv-long",
    );
    expect(read.groups.map((group) => group.patient.code)).toEqual(["P1", "P2", "P1"]);
    expect(read.issues.map(where)).toEqual([{ row: 4, column: null, code: "codeRepeated", blocking: true }]);
  });

  it("a patient's value differing between its rows (an empty cell is no difference)", async () => {
    const read = await readImport(
      file(
        "P1,2000-01-01,M,1,2024-01-01,baseline,3",
        "P1,,M,2,2024-02-01,week_4,2",
        "P1,2000-01-02,F,3,2024-03-01,week_12,1",
      ),
      "csv-long",
    );
    expect(read.issues.map(where)).toEqual([
      { row: 4, column: "birth_date", code: "conflictingValue", blocking: true },
      { row: 4, column: "sex", code: "conflictingValue", blocking: true },
    ]);
    expect(read.groups[0]!.patient.values).toEqual({ birth_date: "2000-01-01", sex: "M" });
    expect(read.issues[0]!.message).toBe(
      "i18n:api.imports.conflictingValue?column=birth_date&code=P1&first=2",
    );
  });

  it("the same visit number twice for a patient", async () => {
    const read = await readImport(
      file("P1,2000-01-01,M,1,2024-01-01,baseline,3", "P1,2000-01-01,M,1,2024-02-01,week_4,2"),
      "csv-long",
    );
    expect(read.issues.map(where)).toEqual([
      { row: 3, column: null, code: "duplicateVisit", blocking: true },
    ]);
  });

  it("a visit type the study does not have (long) and a wide slot of one", async () => {
    const long = await readImport(file("P1,2000-01-01,M,1,2024-01-01,week_99,3"), "csv-long");
    expect(long.issues.map(where)).toEqual([
      { row: 2, column: "visit_type", code: "unknownVisitType", blocking: true },
    ]);
    expect(long.groups[0]!.visits[0]!.visit_type).toBeUndefined();
    const wide = await readImport(
      "patient_code,legacy_type__visit_date,legacy_type__pasi_score,week_4__visit_date\r\nP1,2020-01-01,3,\r\n",
      "csv-wide",
    );
    expect(wide.headerIssues).toEqual([]);
    expect(wide.issues.map(where)).toEqual([
      { row: 2, column: null, code: "unknownVisitType", blocking: true },
    ]);
    expect(wide.groups[0]!.visits).toEqual([
      { row: 2, visit_number: 1, visit_date: "2020-01-01", data_fields: { pasi_score: 3 }, missing: {} },
    ]);
  });

  it("more cells than the header names", async () => {
    const read = await readImport(file("P1,2000-01-01,M,1,2024-01-01,baseline,3,extra"), "csv-long");
    expect(read.issues.map(where)).toEqual([{ row: 2, column: null, code: "tooManyCells", blocking: true }]);
  });

  it("passes a value it cannot convert on as its text, for the form engine to refuse", async () => {
    const read = await readImport(
      "patient_code,birth_date,sex,height_cm,naive_systemic,visit_number,visit_date,visit_type,pasi_score,pga,special_sites,biologic_history\r\n" +
        "P1,2000-02-30,Male,1.80 m,Yes,one,2024-13-01,baseline,12 points,High,scalp|moon,[{broken\r\n",
      "csv-long",
    );
    expect(read.issues).toEqual([]);
    const [group] = read.groups;
    expect(group!.patient.values).toEqual({
      birth_date: "2000-02-30",
      sex: "Male",
      height_cm: "1.80 m",
      naive_systemic: "Yes",
      biologic_history: "[{broken",
    });
    expect(group!.visits[0]).toEqual({
      row: 2,
      visit_number: "one",
      visit_date: "2024-13-01",
      visit_type: "baseline",
      data_fields: { pasi_score: "12 points", pga: "High", special_sites: ["scalp", "moon"] },
      missing: {},
    });
  });

  it("numbers a visit without a visit_number cell by its place among the patient's visits", async () => {
    const read = await readImport(
      file(
        "P1,2000-01-01,M,,2024-01-01,baseline,3",
        "P1,2000-01-01,M,,2024-02-01,week_4,",
        "P1,2000-01-01,M,,,,",
      ),
      "csv-long",
    );
    expect(read.groups[0]!.visits.map((visit) => visit.visit_number)).toEqual([1, 2]);
    expect(read.groups[0]!.patient.rows).toEqual([2, 3, 4]);
  });
});
