/**
 * The R and Python loaders shipped in the export zip (issue 14, "analysis-ready"). Pure: they are
 * generated from the same column list as the CSV (`columns.ts`), so a loader always knows every
 * column's type, code list and label, and reads the file back with the right types instead of
 * letting R or pandas guess (a guess turns codes like "01" into numbers and "NA" into a missing value).
 *
 * Both loaders undo exactly what `cell-values.ts` writes:
 * - every cell is read as text first, only an empty cell is missing;
 * - a cell starting with `'` lost its formula guard: exactly one leading `'` is dropped (header too);
 * - booleans are true/false (labels: Yes/No); multiselects are joined by `|`; arrays are JSON.
 * A cell that does not read as its column's type is an error (`strict`, the default) or, asked for,
 * a missing value with a warning: never a silent NA.
 *
 * Everything that comes from the study (names, labels, codes, the study name) enters the generated
 * code only as a string literal made by this file's escapers, and the scripts are pure ASCII, so a
 * label such as `x"; import os #` or a name with a line break can neither break nor inject code.
 */
import type { FieldOption } from "@/lib/schemas/study-config";
import type { ValueMode } from "./cell-values";
import type { ExportColumn } from "./columns";

export type LoaderParams = {
  /** The CSV's file name; the loader reads it from its own directory. */
  csvFile: string;
  valueMode: ValueMode;
  studyName: string;
  /** ISO 8601 instant the export was made. */
  generatedAt: string;
};

// ---------------------------------------------------------------------------------------------
// String literals
// ---------------------------------------------------------------------------------------------

/**
 * The code points of a JavaScript string. A lone surrogate becomes U+FFFD, which is what the UTF-8
 * CSV holds for it (TextEncoder), so the literal matches the header the loader reads.
 */
function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0xfffd;
    points.push(point >= 0xd800 && point <= 0xdfff ? 0xfffd : point);
  }
  return points;
}

const hex = (point: number, width: number) => point.toString(16).padStart(width, "0");
const isPrintableAscii = (point: number) => point >= 0x20 && point <= 0x7e;

/** A Python `str` literal in pure ASCII: quotes and backslashes escaped, the rest as \x, \u or \U. */
export function pythonString(text: string): string {
  let body = "";
  for (const point of codePoints(text)) {
    if (point === 0x5c) body += "\\\\";
    else if (point === 0x22) body += '\\"';
    else if (isPrintableAscii(point)) body += String.fromCodePoint(point);
    else if (point === 0x0a) body += "\\n";
    else if (point === 0x0d) body += "\\r";
    else if (point === 0x09) body += "\\t";
    else if (point <= 0xff) body += `\\x${hex(point, 2)}`;
    else if (point <= 0xffff) body += `\\u${hex(point, 4)}`;
    else body += `\\U${hex(point, 8)}`;
  }
  return `"${body}"`;
}

/**
 * An R string literal in pure ASCII. Other characters are written as \u{…} / \U{…} (never \x: R
 * refuses a string that mixes \x and \u escapes). R strings cannot hold NUL, so NUL is dropped; the
 * R loader reads the CSV with `skipNul = TRUE`, which drops it from the file's text alike.
 */
export function rString(text: string): string {
  let body = "";
  for (const point of codePoints(text)) {
    if (point === 0) continue;
    if (point === 0x5c) body += "\\\\";
    else if (point === 0x22) body += '\\"';
    else if (isPrintableAscii(point)) body += String.fromCodePoint(point);
    else if (point === 0x0a) body += "\\n";
    else if (point === 0x0d) body += "\\r";
    else if (point === 0x09) body += "\\t";
    else if (point <= 0xffff) body += `\\u{${hex(point, 4)}}`;
    else body += `\\U{${hex(point, 8)}}`;
  }
  return `"${body}"`;
}

/**
 * Text for a `#` comment (both languages): printable ASCII only, anything else escaped, so nothing
 * (a line break above all) can end the comment and start code.
 */
function commentText(text: string, max = 200): string {
  let out = "";
  for (const point of codePoints(text)) {
    out += isPrintableAscii(point) ? String.fromCodePoint(point) : `\\u{${hex(point, 4)}}`;
    if (out.length > max) return `${out.slice(0, max)}...`;
  }
  return out;
}

/** A column's options without repeated codes (the first wins), as the CSV writer reads them. */
function uniqueOptions(options: readonly FieldOption[] | undefined): FieldOption[] {
  const seen = new Set<string>();
  return (options ?? []).filter((option) => !seen.has(option.value) && seen.add(option.value));
}

const hasCodes = (column: ExportColumn) => column.type === "category" || column.type === "multi";

// ---------------------------------------------------------------------------------------------
// Python (pandas)
// ---------------------------------------------------------------------------------------------

export function pythonLoader(columns: readonly ExportColumn[], p: LoaderParams): string {
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
    "# Empty cells are missing (NA / NaT / None). The one ' the export puts before a cell starting with",
    "# = + - @ ' tab or CR (so spreadsheets do not run it) is removed, exactly once.",
    "# Codes mode: category columns hold the codes; CATEGORY_LABELS maps each code to its label and",
    "# with_labels(frame) returns a copy with the labels. Labels mode: the categories are the labels.",
    "",
    "import json",
    "import pathlib",
    "import warnings",
    "",
    "import pandas as pd",
    "",
    `CSV_FILE = ${pythonString(p.csvFile)}`,
    `STUDY_NAME = ${pythonString(p.studyName)}`,
    `GENERATED_AT = ${pythonString(p.generatedAt)}`,
    `VALUE_MODE = ${pythonString(p.valueMode)}`,
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


def _integer(cells):
    numbers = pd.to_numeric(cells, errors="coerce")
    # Whole numbers only, and within float precision (to_numeric reads through float64 when a cell is empty).
    whole = numbers.notna() & (numbers % 1 == 0) & (numbers.abs() <= 2**53)
    return numbers.where(whole).astype("Int64")


def _number(cells):
    return pd.to_numeric(cells, errors="coerce").astype("float64")


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

// ---------------------------------------------------------------------------------------------
// R (base R; jsonlite only if installed)
// ---------------------------------------------------------------------------------------------

export function rLoader(columns: readonly ExportColumn[], p: LoaderParams): string {
  const vector = (values: string[]) =>
    values.length > 0 ? `c(${values.map(rString).join(", ")})` : "character(0)";
  const specs = columns.map((column) => {
    const parts = [
      `name = ${rString(column.name)}`,
      `type = ${rString(column.type)}`,
      `label = ${rString(column.label)}`,
    ];
    if (hasCodes(column)) {
      const options = uniqueOptions(column.options);
      parts.push(
        `codes = ${vector(options.map((option) => option.value))}`,
        `labels = ${vector(options.map((option) => option.label))}`,
      );
    }
    return `  list(${parts.join(", ")})`;
  });
  return [
    `# Loader for the export of the study "${commentText(p.studyName)}", made ${commentText(p.generatedAt)}.`,
    "# Generated from the study's data dictionary: edit the CSV, not the column list below.",
    "#",
    "# Run this file with Rscript to print a summary, or source() it: load_export() returns the data frame.",
    "#",
    '# Base R only (R 3.5 or later). Each column is read as text first (colClasses = "character"),',
    "# so nothing is guessed, then:",
    "#   integer  -> integer                number   -> numeric",
    "#   date     -> Date (%Y-%m-%d)        month    -> Date on the first day of the month",
    "#   boolean  -> logical                category -> factor, levels in option order",
    "#   multi    -> list of character vectors (split on |)",
    "#   json     -> parsed with jsonlite::fromJSON(simplifyVector = FALSE) when jsonlite is",
    "#               installed; without it the JSON text is kept as character",
    "#   text     -> character",
    "# Empty cells are NA. The one ' the export puts before a cell starting with = + - @ ' tab or CR",
    "# (so spreadsheets do not run it) is removed, exactly once. A category column becomes a factor",
    "# whose levels are the option labels in option order (codes mode maps each code to its label;",
    '# the codes are in COLUMNS). Each column\'s label is in attr(df[[name]], "label").',
    "",
    `CSV_FILE <- ${rString(p.csvFile)}`,
    `STUDY_NAME <- ${rString(p.studyName)}`,
    `GENERATED_AT <- ${rString(p.generatedAt)}`,
    `VALUE_MODE <- ${rString(p.valueMode)}`,
    "",
    "COLUMNS <- list(",
    specs.join(",\n"),
    ")",
    R_BODY,
  ].join("\n");
}

const R_BODY = String.raw`
# Where this script lives: source() keeps the file in its frame; Rscript passes --file= (with
# spaces as ~+~ on Windows); otherwise the working directory.
.export_dir <- local({
  here <- NULL
  for (frame in rev(sys.frames())) {
    if (!is.null(frame$ofile)) {
      here <- frame$ofile
      break
    }
  }
  if (is.null(here)) {
    file_arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
    if (length(file_arg) == 1L) here <- gsub("~+~", " ", sub("^--file=", "", file_arg), fixed = TRUE)
  }
  if (is.null(here)) getwd() else dirname(normalizePath(here))
})

.has_jsonlite <- requireNamespace("jsonlite", quietly = TRUE)
.TRUE_CELL <- if (VALUE_MODE == "codes") "true" else "Yes"
.FALSE_CELL <- if (VALUE_MODE == "codes") "false" else "No"

# Drop the one "'" of the formula guard: the export adds it to every cell that starts with "'",
# so a cell that starts with "'" always carries exactly one guard.
.unguard <- function(x) {
  guarded <- !is.na(x) & startsWith(x, "'")
  x[guarded] <- substring(x[guarded], 2L)
  x
}

.convert <- function(x, spec) {
  if (spec$type == "json") {
    if (!.has_jsonlite) return(.unguard(x))
    return(lapply(x, function(cell) {
      if (is.na(cell)) return(NA)
      if (startsWith(cell, "'")) return(substring(cell, 2L)) # a guarded text value: never JSON
      # A cell that is not JSON is a text value (e.g. an expression that answered text).
      tryCatch(jsonlite::fromJSON(cell, simplifyVector = FALSE), error = function(e) cell)
    }))
  }
  x <- .unguard(x)
  switch(spec$type,
    integer = {
      v <- suppressWarnings(as.numeric(x))
      whole <- !is.na(v) & v == trunc(v) & abs(v) <= .Machine$integer.max
      out <- rep(NA_integer_, length(x))
      out[whole] <- as.integer(v[whole])
      out
    },
    number = suppressWarnings(as.numeric(x)),
    date = {
      out <- as.Date(x, format = "%Y-%m-%d")
      out[!grepl("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", x)] <- NA
      out
    },
    month = {
      out <- as.Date(paste0(x, "-01"), format = "%Y-%m-%d")
      out[!grepl("^[0-9]{4}-[0-9]{2}$", x)] <- NA
      out
    },
    boolean = {
      out <- rep(NA, length(x))
      out[!is.na(x) & x == .TRUE_CELL] <- TRUE
      out[!is.na(x) & x == .FALSE_CELL] <- FALSE
      out
    },
    category = {
      levels <- if (VALUE_MODE == "codes") spec$codes else unique(spec$labels)
      labels <- if (VALUE_MODE == "codes") spec$labels else levels
      # A code no longer among the options (an older protocol version) is kept, not turned into NA.
      extra <- sort(setdiff(unique(x[!is.na(x)]), levels))
      if (length(extra) > 0L) {
        warning(spec$name, ": values not among the column's options, kept as extra levels: ",
                paste(extra, collapse = ", "), call. = FALSE)
        levels <- c(levels, extra)
        labels <- c(labels, extra)
      }
      factor(x, levels = levels, labels = labels)
    },
    multi = strsplit(x, "|", fixed = TRUE),
    x
  )
}

# strict = TRUE (default): a cell that does not read as its column's type is an error;
# strict = FALSE: such cells become NA, with a warning naming them.
load_export <- function(path = file.path(.export_dir, CSV_FILE), strict = TRUE) {
  df <- utils::read.csv(path, colClasses = "character", na.strings = "", check.names = FALSE,
                        encoding = "UTF-8", stringsAsFactors = FALSE, comment.char = "",
                        skipNul = TRUE)
  names(df) <- .unguard(sub("^\ufeff", "", names(df)))
  wanted <- vapply(COLUMNS, function(spec) spec$name, "")
  missing <- setdiff(wanted, names(df))
  if (length(missing) > 0L) {
    stop(basename(path), " lacks the columns ", paste(missing, collapse = ", "),
         ": it is not the file this loader was made for", call. = FALSE)
  }
  if (!.has_jsonlite && any(vapply(COLUMNS, function(spec) spec$type == "json", TRUE))) {
    message("jsonlite is not installed: JSON columns are kept as JSON text")
  }
  problems <- character(0)
  for (spec in COLUMNS) {
    x <- df[[spec$name]]
    out <- .convert(x, spec)
    if (spec$type %in% c("integer", "number", "date", "month", "boolean")) {
      bad <- !is.na(x) & is.na(out)
      if (any(bad)) {
        examples <- paste0("\"", utils::head(unique(x[bad]), 3L), "\"", collapse = ", ")
        problems <- c(problems, sprintf("%s (%s): %d cell(s) not read, e.g. %s",
                                        spec$name, spec$type, sum(bad), examples))
      }
    }
    df[[spec$name]] <- out
    attr(df[[spec$name]], "label") <- spec$label
  }
  if (length(problems) > 0L) {
    text <- paste(c("cells that do not match their column's type:", problems), collapse = "\n  ")
    if (strict) stop(text, "\nload_export(strict = FALSE) reads them as NA", call. = FALSE)
    warning(text, "\n(read as NA)", call. = FALSE)
  }
  df
}

if (sys.nframe() == 0L) {
  export <- load_export()
  cat(sprintf("%s: %d rows, %d columns read from %s (%s)\n", STUDY_NAME, nrow(export), ncol(export),
              CSV_FILE, VALUE_MODE))
  print(vapply(export, function(column) class(column)[1L], ""))
}
`;
