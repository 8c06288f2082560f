import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";

/**
 * The casebook's layout (docs/decisions/0035): a tagged PDF (PDF/UA's structure: headings,
 * paragraphs, tables with header cells) drawn by pdfkit from a list of blocks whose words are
 * already in the reader's language. This module knows pages and fonts, not patients.
 */

/** A table cell: its printed text, and what a screen reader says instead (an empty answer's words). */
export type CasebookCell = { text: string; spoken?: string };

export type CasebookBlock =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; text: string }
  | { kind: "paragraph"; text: string; muted?: boolean }
  /** The first column is a row header (a field's label); `widths` are fractions of the line. */
  | { kind: "table"; header: string[]; widths: number[]; rows: CasebookCell[][] };

export type CasebookLayout = {
  /** BCP 47 language of every word (the catalogue's and, as read, the study's). */
  lang: string;
  title: string;
  subject: string;
  author: string;
  /** The footer of page `page` of `pages`: drawn once every page exists. */
  footer: (page: number, pages: number) => string;
  blocks: CasebookBlock[];
};

/**
 * DejaVu Sans, embedded (subset) rather than the PDF standard fonts: those cover WinAnsi only, and
 * a value in Greek, Cyrillic or with a symbol such as ≥ or → must print as written. A character
 * DejaVu lacks prints as its empty box but keeps its Unicode in the text layer.
 */
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
const REGULAR = path.join(FONT_DIR, "DejaVuSans.ttf");
const BOLD = path.join(FONT_DIR, "DejaVuSans-Bold.ttf");
// Fonts are chosen by their path: pdfkit caches a font under the name it was first asked by, and a
// font registered under a second name of the same face is opened and parsed again at every switch.

const MARGIN = { top: 54, bottom: 64, left: 50, right: 50 };
const HEADING_SIZE = { 1: 17, 2: 13.5, 3: 11, 4: 10 } as const;
const BODY_SIZE = 9.5;
const CELL_PADDING = 4;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const SHADE = "#f1f5f9";

type Pdf = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Pdf["struct"]>;

/** Renders the whole document to bytes: the caller hashes exactly what it sends. */
export async function renderCasebookPdf(layout: CasebookLayout): Promise<{ bytes: Buffer; pages: number }> {
  const pdf = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    displayTitle: true,
    lang: layout.lang,
    font: REGULAR,
    info: { Title: layout.title, Subject: layout.subject, Author: layout.author },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const root = pdf.struct("Document");
  pdf.addStructure(root);
  for (const block of layout.blocks) {
    if (block.kind === "heading") heading(pdf, root, block.level, block.text);
    else if (block.kind === "paragraph") paragraph(pdf, root, block.text, block.muted ?? false);
    else table(pdf, root, block);
  }
  root.end();

  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    footer(pdf, layout.footer(index - start + 1, count));
  }
  pdf.end();
  return { bytes: await done, pages: count };
}

const contentWidth = (pdf: Pdf) => pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
const bottomOf = (pdf: Pdf) => pdf.page.height - pdf.page.margins.bottom;

/** The index of the last page, the one being written. */
const lastPage = (pdf: Pdf) => {
  const range = pdf.bufferedPageRange();
  return range.start + range.count - 1;
};

/** A new page when `height` no longer fits below the cursor (never at the top of a page). */
function keepRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > bottomOf(pdf) && pdf.y > pdf.page.margins.top) pdf.addPage();
}

/** One structure element holding what `draw` prints (its marked content follows a page break). */
function tagged(parent: Struct, pdf: Pdf, type: string, draw: () => void, options: object = {}): void {
  const element = pdf.struct(type as never, options);
  parent.add(element);
  element.add(draw);
  element.end();
}

function heading(pdf: Pdf, root: Struct, level: 1 | 2 | 3 | 4, text: string): void {
  const size = HEADING_SIZE[level];
  pdf.font(BOLD).fontSize(size);
  // A heading keeps at least two lines of what follows on its page.
  keepRoom(pdf, pdf.heightOfString(text, { width: contentWidth(pdf) }) + 3 * BODY_SIZE * 1.4);
  if (level < 3) pdf.moveDown(level === 1 ? 0 : 0.6);
  tagged(root, pdf, `H${level}`, () => {
    pdf.fillColor(INK).text(text, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  });
  pdf.moveDown(0.3);
}

function paragraph(pdf: Pdf, root: Struct, text: string, muted: boolean): void {
  pdf.font(REGULAR).fontSize(BODY_SIZE);
  keepRoom(pdf, pdf.currentLineHeight(true));
  tagged(root, pdf, "P", () => {
    pdf
      .fillColor(muted ? MUTED : INK)
      .text(text, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf), lineGap: 1.5 });
  });
  pdf.moveDown(0.25);
}

/** A decoration (a rule, a shade): marked as an artifact, so screen readers skip it. */
function artifact(pdf: Pdf, draw: () => void): void {
  pdf.markContent("Artifact");
  pdf.save();
  draw();
  pdf.restore();
  pdf.endMarkedContent();
}

function table(pdf: Pdf, root: Struct, block: Extract<CasebookBlock, { kind: "table" }>): void {
  const width = contentWidth(pdf);
  const widths = block.widths.map((fraction) => fraction * width);
  const element = pdf.struct("Table");
  root.add(element);
  const row = (cells: CasebookCell[], header: boolean) => {
    const fonts = cells.map((_, column) => (header || column === 0 ? BOLD : REGULAR));
    const heights = cells.map((cell, column) => {
      pdf.font(fonts[column]!).fontSize(BODY_SIZE);
      return pdf.heightOfString(cell.text || " ", { width: widths[column]! - 2 * CELL_PADDING });
    });
    const height = Math.max(...heights) + 2 * CELL_PADDING;
    keepRoom(pdf, height);
    const top = pdf.y;
    const left = pdf.page.margins.left;
    if (header) artifact(pdf, () => pdf.rect(left, top, width, height).fill(SHADE));
    const tr = pdf.struct("TR");
    element.add(tr);
    let x = left;
    // Where the row ends: its measured height, or further down a later page when a cell longer
    // than a page (a long note: only values grow so) flowed on to new pages; the cells after it
    // start on the row's own page again, beside its first lines.
    const rowPage = pdf.page;
    const rowIndex = lastPage(pdf);
    let endIndex = rowIndex;
    let end = top + height;
    cells.forEach((cell, column) => {
      if (pdf.page !== rowPage) pdf.switchToPage(rowIndex);
      const type = header || column === 0 ? "TH" : "TD";
      const scope = header ? "Column" : column === 0 ? "Row" : undefined;
      const options = { ...(scope ? { scope } : {}), ...(cell.spoken ? { actual: cell.spoken } : {}) };
      tagged(
        tr,
        pdf,
        type,
        () => {
          pdf
            .font(fonts[column]!)
            .fontSize(BODY_SIZE)
            .fillColor(column === 2 && !header ? MUTED : INK)
            .text(cell.text, x + CELL_PADDING, top + CELL_PADDING, {
              width: widths[column]! - 2 * CELL_PADDING,
            });
        },
        options,
      );
      if (pdf.page !== rowPage) {
        const reached = lastPage(pdf);
        end = reached > endIndex ? pdf.y + CELL_PADDING : Math.max(end, pdf.y + CELL_PADDING);
        endIndex = reached;
      }
      x += widths[column]!;
    });
    if (endIndex !== rowIndex) pdf.switchToPage(endIndex);
    tr.end();
    const ruleY = end;
    artifact(pdf, () =>
      pdf
        .moveTo(left, ruleY)
        .lineTo(left + width, ruleY)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke(),
    );
    pdf.x = left;
    pdf.y = end;
  };
  row(
    block.header.map((text) => ({ text })),
    true,
  );
  for (const cells of block.rows) row(cells, false);
  element.end();
  pdf.moveDown(0.6);
}

/** Study, patient, generation instant and "Page x of y": an artifact (pagination), on every page. */
function footer(pdf: Pdf, text: string): void {
  const bottom = pdf.page.margins.bottom;
  // Below the bottom margin pdfkit would start a new page: lift the margin while drawing.
  pdf.page.margins.bottom = 0;
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const y = pdf.page.height - bottom + 22;
  pdf.markContent("Artifact", { type: "Pagination" });
  pdf
    .moveTo(left, y - 6)
    .lineTo(left + width, y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(text, left, y, { width, align: "center", height: 24 });
  pdf.endMarkedContent();
  pdf.page.margins.bottom = bottom;
}
