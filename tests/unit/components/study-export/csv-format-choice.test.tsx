/**
 * The export screen's CSV format (docs/decisions/0021): offered in the page's language, `;` with
 * decimal commas first in Italian, `,` in English; the choice reaches the export's query string.
 */
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ExportPage } from "@/components/study-export/export-page";
import { CsvFormatChoice } from "@/components/study-export/csv-format-choice";
import { studyExportParams, type StudyExportOptions } from "@/lib/client/study-export";
import { renderWithIntl } from "../../../support/render-with-intl";

const page = <ExportPage studyId={7} studyName="Psoriasis Registry" visitTypes={[]} />;

describe("CSV format on the export screen", () => {
  it("in Italian: Excel's `;` with decimal commas is chosen, in Italian words", () => {
    renderWithIntl(page, { locale: "it" });
    const group = screen.getByRole("group", { name: "Formato per il foglio di calcolo" });
    expect(group).toHaveTextContent("Separato da virgole, punto decimale (1.5)");
    expect(group).toHaveTextContent("Per Excel in italiano");
    expect(group).not.toHaveTextContent(/Comma|Semicolon|decimal point/);
    expect(screen.getByRole("radio", { name: /Separato da punto e virgola/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Separato da virgole/ })).not.toBeChecked();
  });

  it("in English: `,` with decimal points is chosen; the other can be picked", () => {
    renderWithIntl(page);
    expect(screen.getByRole("group", { name: "Spreadsheet format" })).toBeInTheDocument();
    const comma = screen.getByRole("radio", { name: /Comma-separated, decimal point/ });
    const semicolon = screen.getByRole("radio", { name: /Semicolon-separated, decimal comma/ });
    expect(comma).toBeChecked();
    fireEvent.click(semicolon);
    expect(semicolon).toBeChecked();
    expect(comma).not.toBeChecked();
  });

  it("is not offered for ODM", () => {
    renderWithIntl(page);
    fireEvent.click(screen.getByRole("radio", { name: /CDISC ODM/ }));
    expect(screen.queryByRole("group", { name: "Spreadsheet format" })).toBeNull();
  });

  it("reports the choice, and the query asks for `;` only when chosen for a CSV", () => {
    const picked: string[] = [];
    renderWithIntl(<CsvFormatChoice value="comma" onChange={(format) => picked.push(format)} />);
    fireEvent.click(screen.getByRole("radio", { name: /Semicolon/ }));
    expect(picked).toEqual(["semicolon"]);

    const options: StudyExportOptions = {
      format: "csv-long",
      values: "codes",
      csvFormat: "semicolon",
      deidentify: false,
      zip: false,
      audit: false,
      visitTypes: [],
      visitDateFrom: "",
      visitDateTo: "",
      language: "it",
    };
    expect(studyExportParams(options).toString()).toBe("format=csv-long&csv_format=semicolon");
    // Labels and the zip's README are in the reader's language (decision 0022); codes have none.
    expect(studyExportParams({ ...options, values: "labels" }).toString()).toBe(
      "format=csv-long&values=labels&lang=it&csv_format=semicolon",
    );
    expect(studyExportParams({ ...options, zip: true, language: "en" }).toString()).toBe(
      "format=csv-long&lang=en&csv_format=semicolon&zip=true",
    );
    expect(studyExportParams({ ...options, csvFormat: "comma" }).toString()).toBe("format=csv-long");
    expect(studyExportParams({ ...options, format: "odm" }).toString()).toBe("format=odm");
  });
});
