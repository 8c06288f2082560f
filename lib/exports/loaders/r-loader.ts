/** The base-R loader of the export zip (see loader-literals.ts for the rules both loaders share). */
import type { ExportColumn } from "../columns";
import {
  commentText,
  hasCodes,
  loaderDialect,
  rString,
  uniqueOptions,
  type LoaderParams,
} from "./loader-literals";
// ---------------------------------------------------------------------------------------------
// R (base R; jsonlite only if installed)
// ---------------------------------------------------------------------------------------------

export function rLoader(columns: readonly ExportColumn[], p: LoaderParams): string {
  const dialect = loaderDialect(p);
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
    `# ${dialect.note}`,
    "# Empty cells are NA. The one ' the export puts before a cell starting with = + - @ | (after any",
    "# blanks, or full-width), ', a tab, CR or LF (so spreadsheets do not run it) is removed, exactly",
    "# once. Line breaks inside cells (CR, LF, CRLF) are read as written. A category column becomes a factor",
    "# whose levels are the option labels in option order (codes mode maps each code to its label;",
    '# the codes are in COLUMNS). Each column\'s label is in attr(df[[name]], "label").',
    "",
    `CSV_FILE <- ${rString(p.csvFile)}`,
    `STUDY_NAME <- ${rString(p.studyName)}`,
    `GENERATED_AT <- ${rString(p.generatedAt)}`,
    `VALUE_MODE <- ${rString(p.valueMode)}`,
    `SEPARATOR <- ${rString(dialect.separator)}`,
    `DECIMAL <- ${rString(dialect.decimal)}`,
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

# The decimal comma of the semicolon format back to a point, before reading the number.
.decimal <- function(x) if (DECIMAL == ",") chartr(",", ".", x) else x

.convert <- function(x, spec) {
  if (spec$type == "json") {
    if (!.has_jsonlite) return(.unguard(x))
    return(lapply(x, function(cell) {
      if (is.na(cell)) return(NA)
      if (startsWith(cell, "'")) return(substring(cell, 2L)) # a guarded text value: never JSON
      if (DECIMAL == "," && grepl("^-?[0-9]+,[0-9]+(e[-+]?[0-9]+)?$", cell)) return(as.numeric(.decimal(cell)))
      # A cell that is not JSON is a text value (e.g. an expression that answered text).
      tryCatch(jsonlite::fromJSON(cell, simplifyVector = FALSE), error = function(e) cell)
    }))
  }
  x <- .unguard(x)
  if (spec$type %in% c("integer", "number")) x <- .decimal(x)
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

# The file's text, for read.csv. R's reader turns every carriage return into a line feed, even
# inside a quoted cell, and clinical text must come back as it was stored. In this file a CRLF
# with an even number of quotes before it ends a record; every other CR is inside a quoted cell.
# Those CRs are swapped for a character the file does not hold, and swapped back after reading.
# NUL bytes are dropped (R strings cannot hold them).
.read_text <- function(path) {
  bytes <- readBin(path, "raw", file.info(path)$size)
  text <- rawToChar(bytes[bytes != as.raw(0L)])
  Encoding(text) <- "UTF-8"
  text <- sub("^\ufeff", "", text)
  if (!grepl("\r", text, fixed = TRUE)) return(list(text = text, cr = NULL))
  cr <- NULL
  for (code in 0xE000:0xF8FF) {
    candidate <- intToUtf8(code)
    if (!grepl(candidate, text, fixed = TRUE)) {
      cr <- candidate
      break
    }
  }
  if (is.null(cr)) stop(basename(path), ": no free character to read its line breaks with", call. = FALSE)
  ends_with_crlf <- endsWith(text, "\r\n")
  pieces <- strsplit(text, "\r\n", fixed = TRUE)[[1]]
  quotes <- nchar(pieces, type = "bytes") - nchar(gsub("\"", "", pieces, fixed = TRUE), type = "bytes")
  inside <- cumsum(quotes) %% 2L == 1L
  pieces <- gsub("\r", cr, pieces, fixed = TRUE)
  breaks <- ifelse(inside, paste0(cr, "\n"), "\n")
  if (!ends_with_crlf) breaks[length(breaks)] <- ""
  list(text = paste0(pieces, breaks, collapse = ""), cr = cr)
}

# strict = TRUE (default): a cell that does not read as its column's type is an error;
# strict = FALSE: such cells become NA, with a warning naming them.
load_export <- function(path = file.path(.export_dir, CSV_FILE), strict = TRUE) {
  read <- .read_text(path)
  df <- utils::read.csv(text = read$text, colClasses = "character", na.strings = "",
                        sep = SEPARATOR, dec = DECIMAL,
                        check.names = FALSE, encoding = "UTF-8", stringsAsFactors = FALSE,
                        comment.char = "")
  if (!is.null(read$cr)) {
    names(df) <- gsub(read$cr, "\r", names(df), fixed = TRUE)
    for (i in seq_along(df)) df[[i]] <- gsub(read$cr, "\r", df[[i]], fixed = TRUE)
  }
  names(df) <- .unguard(names(df))
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
