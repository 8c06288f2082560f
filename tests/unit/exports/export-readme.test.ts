/**
 * The README.md of the export zip (decision 0016): the cell rules, the de-identification statement and a
 * column table that a hostile label cannot break; in the export's language, every sentence from the
 * catalogues (decisions 0021, 0022).
 */
import { configIn } from "@/lib/i18n/study-config-language";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { longColumns, wideColumns, type ExportColumn } from "@/lib/exports/columns";
import { exportReadme, type ExportReadmeParams, type Translate } from "@/lib/exports/export-readme";
import { queryStepColumns } from "@/lib/exports/query-step-rows";
import { formStatusColumns, verificationColumns } from "@/lib/exports/review-csv";
import { signatureColumns } from "@/lib/exports/signature-rows";
import type { Locale } from "@/lib/i18n/locales";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import english from "@/messages/en";
import italian from "@/messages/it";

const config = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
const FILES = {
  data: "psoriasis_export.csv",
  dictionary: "data_dictionary.csv",
  python: "load_data.py",
  r: "load_data.R",
};

/** A translator of one language's catalogue, as `translatorFor(locale).t` gives on the server. */
function translator(locale: Locale): Translate {
  const t = createTranslator({ locale, messages: locale === "en" ? english : italian });
  return (key, values) => (t as unknown as Translate)(key, values);
}

const EN = translator("en");
const IT = translator("it");

function readme(overrides: Partial<ExportReadmeParams> = {}, t: Translate = EN): string {
  return exportReadme(
    {
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
    },
    t,
  );
}

/** The rows of the column table, split into cells on the pipes Markdown reads as cell borders. */
function tableRows(markdown: string, header = "| # | Name | Label | Type | Codes → labels |"): string[][] {
  const start = markdown.indexOf(header);
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

describe("the README in the export's language", () => {
  it("is written in Italian for an Italian export: headings, sentences and plurals", () => {
    const text = readme({}, IT);
    expect(text).toMatch(/^# Psoriasis Registry \(psoriasis\): esportazione dei dati\n/);
    expect(text).toContain("\n## Come sono scritte le celle\n");
    expect(text).toContain("\n## Deidentificazione\n");
    expect(text).toContain("42 righe di dati (intestazione esclusa).");
    expect(readme({ rowCount: 1 }, IT)).toContain(" 1 riga di dati (intestazione esclusa).");
    expect(readme({ rowCount: 1 })).toContain(" 1 data row (not counting the header).");
    expect(text).toContain("Valori: codici delle opzioni. **Non deidentificata.**");
    expect(text).toContain(
      "- Una cella vuota è un valore mancante (non registrato, non applicabile o vuoto).",
    );
    expect(text).toContain("Una scelta multipla contiene i codici selezionati, uniti da `|`.");
    expect(text).toContain("## Filtri\n\nNessuno: tutti i pazienti e le visite");

    const columns = longColumns(config, { deidentify: false });
    expect(text).toContain(`\n${columns.length} colonne, nell'ordine del file.\n`);
    const one = readme({ columns: columns.slice(0, 1) }, IT);
    expect(one).toContain("\n1 colonna, nell'ordine del file.\n");
    expect(readme({ columns: columns.slice(0, 1) })).toContain("\n1 column, in file order.\n");

    // The column table keeps its machine words and the study's escaped names in either language.
    const rows = tableRows(text, "| # | Nome | Etichetta | Tipo | Codici → etichette |");
    expect(rows).toEqual(tableRows(readme()));
    expect(rows.find((row) => row[1] === "`sex`")).toEqual([
      "6",
      "`sex`",
      "Sex",
      "category",
      "`M` → Male<br>`F` → Female",
    ]);
  });

  it("keeps machine words, code samples and the file's own vocabulary in Italian", () => {
    const text = readme(
      {
        valueMode: "labels",
        csvFormat: "semicolon",
        format: "csv-wide",
        deidentified: true,
        columns: wideColumns(config, { deidentify: true }, [{ visitType: "week_12", occurrences: 2 }]),
      },
      IT,
    );
    expect(text).toContain("`python3 load_data.py`");
    expect(text).toContain("`Rscript load_data.R`");
    expect(text).toContain('`read.csv2(file, fileEncoding = "UTF-8-BOM")` in R');
    expect(text).toContain('`pandas.read_csv(file, sep=";", decimal=",", encoding="utf-8-sig")`');
    expect(text).toContain("I valori booleani sono `Yes` / `No`");
    expect(text).toContain("`{tipo di visita}_{n}__{colonna}`");
    expect(text).toContain("| Tipo | Cella | R | pandas |");
    expect(text).toContain("| integer | numero intero | integer | Int64 (ammette valori mancanti) |");
    expect(text).toContain(
      "| multi | etichette unite da `\\|` | lista di vettori character | lista di str |",
    );
    expect(text).toContain("tra 31 e 365");
    // No English sentence is left: outside code spans and the study's own labels, no common English word.
    const prose = text
      .slice(0, text.indexOf("| # | Nome |"))
      .replace(/(`+)[^`]*?\1/g, "")
      .replace(/byte-order mark|data frame|DataFrame/g, "");
    expect(prose).not.toMatch(/\b(the|and|with|of|is|are|or|to)\b/i);
  });

  it("says an empty code in words, in the export's language", () => {
    expect(readme({ filters: { note: "" } })).toContain("- `note`: *(empty)*");
    expect(readme({ filters: { note: "" } }, IT)).toContain("- `note`: *(vuoto)*");
  });
});

/** Opens and closes each message of the marking translator. */
const OPEN = "⟦";
const CLOSE = "⟧";

/** A translator that wraps each message of the English catalogue in ⟦…⟧ (as the pseudo-locale does). */
const MARKED: Translate = (key, values) => `${OPEN}${EN(key, values)}${CLOSE}`;

/** Table cells a README may hold outside the catalogue: type and loader names, the date patterns. */
const MACHINE_CELLS = new Set(
  [
    "integer number text date month boolean category multi json",
    "R pandas numeric character Date logical float64 str datetime64 Period[M] JSON YYYY-MM-DD YYYY-MM",
  ].flatMap((line) => line.split(" ")),
);

/**
 * The text of a README that no catalogue message gave, line by line (a table cell by cell): marked
 * messages (nested ones too) and code spans are dropped, and so is a table cell that is one machine
 * word; in the column table the study's own cells (label, codes → labels) are study data and left
 * out. Empty when every sentence came from a catalogue.
 */
function literalText(markdown: string): string[] {
  const found: string[] = [];
  let inColumnTable = false;
  for (const raw of markdown.split("\n")) {
    let line = raw;
    for (let before = ""; before !== line;) {
      before = line;
      line = line.replace(new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*${CLOSE}`, "g"), "");
    }
    if (line === "| # |  |  |  |  |") inColumnTable = true;
    else if (!line.startsWith("|")) inColumnTable = false;
    const table = line.startsWith("|");
    let cells = table ? line.slice(1, -1).split(/(?<!\\)\|/) : [line];
    if (inColumnTable && /^\| \d+ \|/.test(line)) cells = [cells[0]!, cells[1]!, cells[3]!];
    for (const cell of cells) {
      const rest = cell.replace(/(`+)[^`]*?\1/g, "").trim();
      if (table && MACHINE_CELLS.has(rest)) continue;
      if (/\p{L}/u.test(rest)) found.push(`${rest} (in: ${raw})`);
    }
  }
  return found;
}

describe("every sentence comes from the catalogue", () => {
  it("marks every prose line of every variant of the README", () => {
    let variants = 0;
    for (const format of ["csv-long", "csv-wide"] as const)
      for (const valueMode of ["codes", "labels"] as const)
        for (const csvFormat of ["comma", "semicolon"] as const)
          for (const deidentified of [false, true])
            for (const rowCount of [undefined, 1, 42]) {
              const columns =
                format === "csv-long"
                  ? longColumns(config, { deidentify: deidentified })
                  : wideColumns(config, { deidentify: deidentified }, [
                      { visitType: "week_12", occurrences: 2 },
                    ]);
              for (const filters of [{}, { visit_types: ["baseline"], note: "" }]) {
                const text = readme(
                  { format, valueMode, csvFormat, deidentified, rowCount, columns, filters },
                  MARKED,
                );
                expect(literalText(text), `${format} ${valueMode} ${csvFormat} ${deidentified}`).toEqual([]);
                variants++;
              }
            }
    expect(variants).toBe(96);
  });

  it("finds a sentence written in the code (the check itself)", () => {
    const text = readme({}, MARKED);
    expect(literalText(text.replace("## ⟦Layout⟧", "## Layout"))).toEqual(["## Layout (in: ## Layout)"]);
    expect(literalText(`${text}\nA literal sentence with \`code\`.`)).toEqual([
      "A literal sentence with . (in: A literal sentence with `code`.)",
    ]);
    expect(literalText(`${text}\ninteger`)).toEqual(["integer (in: integer)"]);
    const cell = text.replace("| ⟦whole number⟧ |", "| whole number |");
    expect(literalText(cell)).toEqual([
      `whole number (in: ${cell.split("\n").find((l) => l.includes("whole"))})`,
    ]);
  });
});

/** The zip's review files as the export names them (decisions 0030, 0031, 0032). */
const review = (deidentify: boolean): ExportReadmeParams["review"] => ({
  files: {
    queries: "queries.csv",
    verification: "verification.csv",
    formStatus: "form_status.csv",
    signatures: "signatures.csv",
  },
  columns: {
    queries: queryStepColumns({ deidentify }),
    verification: verificationColumns({ deidentify }),
    formStatus: formStatusColumns({ deidentify }),
    signatures: signatureColumns({ deidentify }),
  },
});

describe("the review files' section: signatures.csv (decision 0032)", () => {
  it("lists signatures.csv and each of its columns with its own sentence, in both languages", () => {
    const en = readme({ review: review(false) });
    expect(en).toContain("- `signatures.csv`: the electronic signatures");
    const rows = tableRows(en.slice(en.indexOf("### `signatures.csv`")), "| # | Name | Meaning |");
    expect(rows.map((row) => row[1])).toEqual(signatureColumns({ deidentify: false }).map((c) => `\`${c}\``));
    // A signature's state is not a verification's: its own sentence.
    expect(rows.find((row) => row[1] === "`state`")![2]).toContain("`invalidated`");
    expect(rows.find((row) => row[1] === "`signed_at`")![2]).toContain("UTC");
    expect(en).toContain("`SignatureDef`");
    const it = readme({ review: review(false) }, IT);
    expect(it).toContain("- `signatures.csv`: le firme elettroniche");
    expect(it).toContain("Il nome del firmatario, com'era al momento della firma.");
  });

  it("de-identified: no staff, id or hash columns, the pseudonym said as such, what was left out stated", () => {
    const text = readme({ deidentified: true, review: review(true) });
    const section = text.slice(text.indexOf("### `signatures.csv`"));
    expect(section).not.toContain("`signer_name`");
    expect(section).not.toContain("`data_hash`");
    expect(section).toContain("The patient's pseudonym, as in the data file.");
    expect(text).toContain("In `signatures.csv` the signing and invalidation times are shifted");
  });

  it("takes every sentence of the review section from the catalogue", () => {
    for (const deidentified of [false, true])
      expect(literalText(readme({ deidentified, review: review(deidentified) }, MARKED))).toEqual([]);
  });
});
