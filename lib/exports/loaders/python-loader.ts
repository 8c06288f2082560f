/** The pandas loader of the export zip (see loader-literals.ts for the rules both loaders share). */
import type { ExportColumn } from "../columns";
import {
  commentText,
  hasCodes,
  loaderDialect,
  pythonString,
  uniqueOptions,
  type LoaderParams,
} from "./loader-literals";
// ---------------------------------------------------------------------------------------------
// Python (pandas)
// ---------------------------------------------------------------------------------------------

export function pythonLoader(columns: readonly ExportColumn[], p: LoaderParams): string {
  const dialect = loaderDialect(p);
  const specs = columns.map((column) => {
    const parts = [
      `"name": ${pythonString(column.name)}`,
      `"type": ${pythonString(column.type)}`,
      `"label": ${pythonString(column.label)}`,
    ];
    if (hasCodes(column)) {
      const options = uniqueOptions(column.options);
      parts.push(
        `"codes": [${options.map((option) => pythonString(option.value)).join(", ")}]`,
        `"labels": [${options.map((option) => pythonString(option.label)).join(", ")}]`,
      );
    }
    return `    {${parts.join(", ")}},`;
  });
  return [
    "#!/usr/bin/env python3",
    `# Loader for the export of the study "${commentText(p.studyName)}", made ${commentText(p.generatedAt)}.`,
    "# Generated from the study's data dictionary: edit the CSV, not the column list below.",
    "#",
    "# Run this file with python3 to print a summary, or import it: load() returns the DataFrame.",
    "#",
    "# Needs pandas (1.5 or later) only. Each column is read as text first, so nothing is guessed, then:",
    "#   integer  -> Int64 (nullable)       number   -> float64",
    "#   date     -> datetime64 (%Y-%m-%d)  month    -> Period[M] (a month, not its first day)",
    "#   boolean  -> boolean (nullable)     category -> Categorical, categories in option order",
    "#   multi    -> list of str (split on |)",
    "#   json     -> parsed with json.loads (a cell that is not JSON is a text value, kept as str)",
    "#   text     -> str",
    `# ${dialect.note}`,
    "# Empty cells are missing (NA / NaT / None). The one ' the export puts before a cell starting with",
    "# = + - @ | (after any blanks, or full-width), ', a tab, CR or LF (so spreadsheets do not run it)",
    "# is removed, exactly once. Line breaks inside cells (CR, LF, CRLF) are read as written.",
    "# Codes mode: category columns hold the codes; CATEGORY_LABELS maps each code to its label and",
    "# with_labels(frame) returns a copy with the labels. Labels mode: the categories are the labels.",
    "",
    "import json",
    "import pathlib",
    "import re",
    "import warnings",
    "",
    "import pandas as pd",
    "",
    `CSV_FILE = ${pythonString(p.csvFile)}`,
    `STUDY_NAME = ${pythonString(p.studyName)}`,
    `GENERATED_AT = ${pythonString(p.generatedAt)}`,
    `VALUE_MODE = ${pythonString(p.valueMode)}`,
    `SEPARATOR = ${pythonString(dialect.separator)}`,
    `DECIMAL = ${pythonString(dialect.decimal)}`,
    "",
    "COLUMNS = [",
    ...specs,
    "]",
    PYTHON_BODY,
  ].join("\n");
}

const PYTHON_BODY = String.raw`
#: Column labels by name (also in frame.attrs["labels"]).
COLUMN_LABELS = {spec["name"]: spec["label"] for spec in COLUMNS}
#: {column: {code: label}} for the category and multi columns.
CATEGORY_LABELS = {spec["name"]: dict(zip(spec["codes"], spec["labels"])) for spec in COLUMNS if "codes" in spec}

_BOOLEAN_CELLS = {"true": True, "false": False} if VALUE_MODE == "codes" else {"Yes": True, "No": False}


def _unguard(cells):
    # Drop the one "'" of the formula guard: the export adds it to every cell that starts with "'",
    # so a cell that starts with "'" always carries exactly one guard.
    # (A masked assignment, not Series.where: where() may downcast an all-missing column.)
    cells = cells.astype(object)
    guarded = cells.str.startswith("'", na=False)
    if guarded.any():
        cells = cells.copy()
        cells[guarded] = cells[guarded].str.slice(1)
    return cells


# A number cell with a decimal comma (the semicolon format), as JavaScript writes numbers.
_DECIMAL_COMMA_NUMBER = re.compile(r"-?[0-9]+,[0-9]+(?:e[-+]?[0-9]+)?")


def _decimal(cells):
    # The decimal comma of the semicolon format back to a point, before reading the number.
    return cells.str.replace(",", ".", regex=False) if DECIMAL == "," else cells


def _integer(cells):
    numbers = pd.to_numeric(_decimal(cells), errors="coerce")
    # Whole numbers only, and within float precision (to_numeric reads through float64 when a cell is empty).
    whole = numbers.notna() & (numbers % 1 == 0) & (numbers.abs() <= 2**53)
    return numbers.where(whole).astype("Int64")


def _number(cells):
    return pd.to_numeric(_decimal(cells), errors="coerce").astype("float64")


def _date(cells):
    return pd.to_datetime(cells, format="%Y-%m-%d", errors="coerce")


def _month(cells):
    return pd.to_datetime(cells, format="%Y-%m", errors="coerce").dt.to_period("M")


def _boolean(cells):
    return cells.map(_BOOLEAN_CELLS).astype("boolean")


_SCALARS = {"integer": _integer, "number": _number, "date": _date, "month": _month, "boolean": _boolean}


def _category(name, cells, spec):
    categories = list(dict.fromkeys(spec["codes"] if VALUE_MODE == "codes" else spec["labels"]))
    known = set(categories)
    # A code no longer among the options (an older protocol version) is kept, not turned into NaN.
    extra = sorted({cell for cell in cells.dropna() if cell not in known})
    if extra:
        warnings.warn(f"{name}: values not among the column's options, kept as extra categories: {extra}")
    return pd.Series(pd.Categorical(cells, categories=categories + extra), index=cells.index)


def _multi(cells):
    return cells.map(lambda cell: cell.split("|") if isinstance(cell, str) else None)


def _json_cell(cell):
    if not isinstance(cell, str):
        return None
    if cell.startswith("'"):
        return cell[1:]  # a guarded text value: never JSON
    if DECIMAL == "," and _DECIMAL_COMMA_NUMBER.fullmatch(cell):
        return float(cell.replace(",", "."))
    try:
        return json.loads(cell)
    except ValueError:
        return cell  # a text value (e.g. an expression that answered text), written as it is


def load(path=None, strict=True):
    """The export as a DataFrame with typed columns.

    strict=True (default): a cell that does not read as its column's type raises ValueError.
    strict=False: such cells become missing values, with a warning naming them.
    """
    path = pathlib.Path(path) if path is not None else pathlib.Path(__file__).with_name(CSV_FILE)
    # header=None: the header row is read as data, so names are taken exactly as written (no
    # de-duplication or "Unnamed" renaming by pandas), then unguarded like any text cell.
    raw = pd.read_csv(
        path,
        header=None,
        sep=SEPARATOR,
        decimal=DECIMAL,
        dtype=str,
        keep_default_na=False,
        na_values=[""],
        skip_blank_lines=False,
        encoding="utf-8-sig",
    )
    names = [name if isinstance(name, str) else "" for name in _unguard(raw.iloc[0])]
    frame = raw.iloc[1:].reset_index(drop=True)
    frame.columns = names
    present = set(names)
    missing = [spec["name"] for spec in COLUMNS if spec["name"] not in present]
    if missing:
        raise ValueError(f"{path.name} lacks the columns {missing}: it is not the file this loader was made for")
    typed = {spec["name"]: spec for spec in COLUMNS}
    unknown = [name for name in names if name not in typed]
    if unknown:
        warnings.warn(f"{path.name}: columns not in this loader, kept as text: {unknown}")
    problems = []
    out = {}
    for name in names:
        spec = typed.get(name)
        kind = spec["type"] if spec else "text"
        if kind == "json":
            out[name] = frame[name].map(_json_cell)
            continue
        cells = _unguard(frame[name])
        if kind in _SCALARS:
            values = _SCALARS[kind](cells)
            bad = cells.notna() & values.isna()
            if bad.any():
                examples = list(cells[bad].unique()[:3])
                problems.append(f"{name} ({kind}): {int(bad.sum())} cell(s) not read, e.g. {examples}")
            out[name] = values
        elif kind == "category":
            out[name] = _category(name, cells, spec)
        elif kind == "multi":
            out[name] = _multi(cells)
        else:
            out[name] = cells
    if problems:
        text = "cells that do not match their column's type:\n  " + "\n  ".join(problems)
        if strict:
            raise ValueError(text + "\nload(strict=False) reads them as missing values")
        warnings.warn(text + "\n(read as missing values)")
    result = pd.DataFrame(out, index=frame.index, columns=names)
    result.attrs["labels"] = {name: COLUMN_LABELS.get(name, name) for name in names}
    result.attrs["value_mode"] = VALUE_MODE
    return result


def with_labels(frame):
    """A copy whose category and multi columns hold the option labels instead of the codes."""
    labelled = frame.copy()
    if VALUE_MODE != "codes":
        return labelled
    for spec in COLUMNS:
        name = spec["name"]
        mapping = CATEGORY_LABELS.get(name)
        if mapping is None or name not in labelled.columns:
            continue
        column = labelled[name]
        if spec["type"] == "category":
            order = list(dict.fromkeys(mapping.get(code, code) for code in column.cat.categories))
            values = column.astype(object).map(lambda code: mapping.get(code, code) if isinstance(code, str) else None)
            labelled[name] = pd.Categorical(values, categories=order)
        else:
            labelled[name] = column.map(
                lambda codes: [mapping.get(code, code) for code in codes] if isinstance(codes, list) else None
            )
    return labelled


if __name__ == "__main__":
    data = load()
    print(f"{STUDY_NAME}: {len(data)} rows, {data.shape[1]} columns read from {CSV_FILE} ({VALUE_MODE})")
    print(data.dtypes.to_string())
`;
