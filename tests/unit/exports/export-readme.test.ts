/**
 * The README.md of the export zip (decision 0016): the cell rules, the de-identification statement and a
 * column table that a hostile label cannot break.
 */
import { configIn } from "@/lib/i18n/study-config-language";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { longColumns, wideColumns, type ExportColumn } from "@/lib/exports/columns";
import { exportReadme, type ExportReadmeParams } from "@/lib/exports/export-readme";
import { StudyConfigShape } from "@/lib/schemas/study-config";

const config = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
const FILES = {
  data: "psoriasis_export.csv",
  dictionary: "data_dictionary.csv",
  python: "load_data.py",
  r: "load_data.R",
};

function readme(overrides: Partial<ExportReadmeParams> = {}): string {
  return exportReadme({
    studyName: "Psoriasis Registry",
    studyCode: "psoriasis",
    format: "csv-long",
    valueMode: "codes",
    deidentified: false,
    generatedAt: "2026-11-25T15:00:00.000Z",
    rowCount: 42,
    columns: longColumns(config, { deidentify: false }),
    filters: {},
    files: FILES,
    ...overrides,
  });
}

/** The rows of the column table, split into cells on the pipes Markdown reads as cell borders. */
function tableRows(markdown: string): string[][] {
  const start = markdown.indexOf("| # | Name | Label | Type | Codes → labels |");
  expect(start).toBeGreaterThan(-1);
  const lines = markdown.slice(start).split("\n");
  const rows: string[][] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe("export README", () => {
  it("describes the semicolon format and how to read it; the comma README stays as it was", () => {
    const comma = readme();
    expect(readme({ csvFormat: "comma" })).toBe(comma);
    expect(comma).toContain("(UTF-8, comma-separated, RFC 4180)");
    expect(comma).toContain("numbers are plain decimals with a `.` and no thousands separator");
    expect(comma).not.toContain("read.csv2");

    const semicolon = readme({ csvFormat: "semicolon" });
    expect(semicolon).toContain("semicolon-separated, decimal commas");
    expect(semicolon).toContain("byte-order mark");
    expect(semicolon).toContain("A cell containing a semicolon, a double quote or a line break");
    expect(semicolon).toContain("decimal comma (`12,5`)");
    expect(semicolon).toContain("Only number cells have it: codes, text and dates are written as stored.");
    expect(semicolon).toContain('read.csv2(file, fileEncoding = "UTF-8-BOM")');
    expect(semicolon).toContain('pandas.read_csv(file, sep=";", decimal=",", encoding="utf-8-sig")');
    expect(semicolon).not.toContain("comma-separated, RFC 4180");
  });

  it("names the files, the layout, the row count and every cell rule", () => {
    const text = readme();
    expect(text).toMatch(/^# Psoriasis Registry \(psoriasis\): data export\n/);
    expect(text).toContain("42 data rows");
    for (const file of Object.values(FILES)) expect(text).toContain(`\`${file}\``);
    expect(text).toContain("`python3 load_data.py`");
    expect(text).toContain("`Rscript load_data.R`");
    expect(text).toContain("**one row per visit**");
    expect(text).toContain("An empty cell is a missing value");
    expect(text).toContain("Booleans are `true` / `false`");
    expect(text).toContain("selected codes joined by `|`");
    expect(text).toContain("Repeating groups (arrays) and objects are written as JSON");
    expect(text).toContain("whose first character after any blanks is `=`, " + "`+`, `-`, `@` or `|`");
    expect(text).toContain("Drop exactly one leading `'`");
    expect(text).toContain("written exactly as stored, inside the quotes");
    expect(text).toContain("Dates are `YYYY-MM-DD`, months `YYYY-MM`");
    expect(text).toContain("## Filters\n\nNone");
  });

  it("labels mode and the wide layout say so", () => {
    const text = readme({
      valueMode: "labels",
      format: "csv-wide",
      columns: wideColumns(config, { deidentify: false }, [{ visitType: "week_12", occurrences: 2 }]),
    });
    expect(text).toContain("**one row per patient**");
    expect(text).toContain("`{visit type}_{n}__{column}`");
    expect(text).toContain("Booleans are `Yes` / `No`");
    expect(text).toContain("selected labels joined by `|`");
    expect(text).toContain("Category columns hold the option's label");
    expect(text).toContain("| `week_12_2__pasi_score` | Week 12 #2: PASI | number |");
  });

  it("states what de-identification did, and warns when the export is identifiable", () => {
    const deidentified = readme({ deidentified: true, columns: longColumns(config, { deidentify: true }) });
    expect(deidentified).toContain("keyed pseudonyms");
    expect(deidentified).toContain("same server secret");
    expect(deidentified).toContain("between 31 and 365");
    expect(deidentified).toContain("intervals between one patient's dates are kept");
    expect(deidentified).toContain("Fields marked as identifiers in the study's configuration are removed");
    expect(deidentified).toContain("Free text is exported as entered and is **not** scanned");
    expect(deidentified).not.toContain("hospital\\_record\\_number");

    const identifiable = readme();
    expect(identifiable).toContain("This export is **not** de-identified");
    expect(identifiable).not.toContain("keyed pseudonyms");
    expect(identifiable).toContain("`hospital_record_number`");
  });

  it("lists every column with its label, type and codes → labels", () => {
    const columns = longColumns(config, { deidentify: false });
    const rows = tableRows(readme({ columns }));
    expect(rows).toHaveLength(columns.length);
    for (const [index, row] of rows.entries()) {
      expect(row).toHaveLength(5);
      expect(row[0]).toBe(String(index + 1));
      expect(row[1]).toBe(`\`${columns[index]!.name}\``);
      expect(row[3]).toBe(columns[index]!.type);
    }
    const sex = rows.find((row) => row[1] === "`sex`");
    expect(sex).toEqual(["6", "`sex`", "Sex", "category", "`M` → Male<br>`F` → Female"]);
    const pga = rows.find((row) => row[1] === "`pga`");
    expect(pga?.[4]).toBe(
      "`0` → 0 - Clear<br>`1` → 1 - Almost clear<br>`2` → 2 - Mild<br>`3` → 3 - Moderate<br>`4` → 4 - Severe",
    );
    expect(rows.find((row) => row[1] === "`psoriasis_phenotypes`")?.[3]).toBe("multi");
  });

  it("escapes pipes, line breaks, HTML and Markdown in names, labels, codes and filters", () => {
    const hostile: ExportColumn[] = [
      {
        name: "a|b\nc`d",
        label: "Left | right\nsecond line <script>alert(1)</script> [link](javascript:alert(1)) **bold**",
        type: "category",
        source: { from: "custom", field: "a|b" },
        options: [{ value: "x|y", label: "One\r\nTwo | three" }],
      },
    ];
    const text = readme({
      studyName: "Evil\n# Heading <img src=x>",
      columns: hostile,
      filters: { visit_types: ["baseline", "a|b"], note: "`x`\nnew", empty: undefined },
    });
    const rows = tableRows(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(5);
    expect(rows[0]![1]).toBe("``a\\|b\\nc`d``");
    expect(rows[0]![2]).toBe(
      "Left \\| right<br>second line \\<script\\>alert(1)\\</script\\> \\[link\\](javascript:alert(1)) \\*\\*bold\\*\\*",
    );
    expect(rows[0]![4]).toBe("`x\\|y` → One<br>Two \\| three");
    expect(text).not.toMatch(/(?<!\\)<(script|img)/);
    expect(text).toMatch(/^# Evil # Heading \\<img src=x\\> \(psoriasis\): data export\n/);
    expect(text).toContain('- `visit_types`: `["baseline","a|b"]`');
    expect(text).toContain("- `note`: `` `x`\\nnew ``");
    expect(text).not.toContain("`empty`");
  });
});
