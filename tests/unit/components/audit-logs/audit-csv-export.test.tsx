/**
 * The Audit Logs screen's CSV export (decision 0021): the spreadsheet format beside the button, the
 * page's language choosing the first (`it`: `;` with decimal commas, else `,`), and the export's
 * request asking the server for the format shown.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditCsvExport } from "@/components/audit-logs/audit-csv-export";
import { EMPTY_AUDIT_FILTERS } from "@/lib/client/audit-logs";
import { API_CONTRACTS } from "@/lib/schemas/api-contracts";
import { server } from "@/tests/support/msw/server";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const PATH = "/api/admin/audit-logs/export/csv";

// jsdom has no Blob URLs: the download is handed one, as a browser would (the file itself is the
// API test's business, tests/api/audit-logs.test.ts).
const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
const click = HTMLAnchorElement.prototype.click;
beforeAll(() => {
  URL.createObjectURL = () => "blob:audit-logs";
  URL.revokeObjectURL = () => {};
  // Following the download link is navigation, which jsdom does not do.
  HTMLAnchorElement.prototype.click = function click() {};
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  HTMLAnchorElement.prototype.click = click;
});

/** Answers the export as the server does (a CSV attachment) and records each request's query. */
function serveExport(status = 200) {
  expect(API_CONTRACTS.some((c) => c.method === "GET" && c.path === PATH)).toBe(true);
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(PATH, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return status === 200
        ? new HttpResponse("id,timestamp\r\n", {
            headers: {
              "content-type": "text/csv; charset=utf-8",
              "content-disposition": 'attachment; filename="audit_logs_20240309_110507.csv"',
            },
          })
        : HttpResponse.json({ detail: "Database unavailable" }, { status });
    }),
  );
  return queries;
}

const filters = { ...EMPTY_AUDIT_FILTERS, action: "delete" };

describe("the Audit Logs CSV export's format", () => {
  it("in Italian: asks for `;` with decimal commas unless told otherwise", async () => {
    const queries = serveExport();
    const results: (string | null)[] = [];
    renderWithIntl(<AuditCsvExport filters={filters} onResult={(r) => results.push(r)} />, {
      locale: "it",
    });
    const format = screen.getByLabelText("Formato per il foglio di calcolo");
    expect(format).toHaveDisplayValue("Separato da punto e virgola, virgola decimale (1,5)");
    fireEvent.click(screen.getByRole("button", { name: "Esporta in CSV" }));
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]!.get("csv_format")).toBe("semicolon");
    expect(queries[0]!.get("action")).toBe("delete");
    await waitFor(() => expect(screen.getByRole("button", { name: "Esporta in CSV" })).toBeEnabled());
    expect(results).toEqual([null]);

    fireEvent.change(format, { target: { value: "comma" } });
    expect(format).toHaveDisplayValue("Separato da virgole, punto decimale (1.5)");
    fireEvent.click(screen.getByRole("button", { name: "Esporta in CSV" }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]!.get("csv_format")).toBe("comma");
  });

  it("in English: asks for `,` with decimal points, and for `;` once it is chosen", async () => {
    const queries = serveExport();
    renderWithIntl(<AuditCsvExport filters={filters} onResult={() => {}} />);
    const format = screen.getByLabelText("Spreadsheet format");
    expect(format).toHaveDisplayValue("Comma-separated, decimal point (1.5)");
    expect(Array.from((format as HTMLSelectElement).options).map((o) => [o.value, o.textContent])).toEqual([
      ["comma", "Comma-separated, decimal point (1.5)"],
      ["semicolon", "Semicolon-separated, decimal comma (1,5)"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Export to CSV" }));
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]!.get("csv_format")).toBe("comma");
    await waitFor(() => expect(screen.getByRole("button", { name: "Export to CSV" })).toBeEnabled());

    fireEvent.change(format, { target: { value: "semicolon" } });
    fireEvent.click(screen.getByRole("button", { name: "Export to CSV" }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]!.get("csv_format")).toBe("semicolon");
    expect(queries[1]!.get("action")).toBe("delete");
  });

  it("reports a failed export in the page's words", async () => {
    serveExport(503);
    const results: (string | null)[] = [];
    renderWithIntl(<AuditCsvExport filters={filters} onResult={(r) => results.push(r)} />, {
      locale: "it",
    });
    fireEvent.click(screen.getByRole("button", { name: "Esporta in CSV" }));
    await waitFor(() =>
      expect(results).toEqual([null, "Impossibile esportare il registro di audit. Riprova."]),
    );
  });
});
