/**
 * The Imports screen's preview (docs/decisions/0037-bulk-import.md) against the API's contracts: a
 * file sent as multipart with its layout, the job polled while it runs (progress bar, rows, rate,
 * time left), then its report: counts, issues, the CSV of all issues, and Apply only when no issue
 * blocks.
 */
import { File as NodeFile } from "node:buffer";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImportPage } from "@/components/study-import/import-page";
import { ImportJobListResponse, ImportJobResponse, MAX_IMPORT_FILE_BYTES } from "@/lib/schemas/import-jobs";
import { callsTo, ok, refuse, route, serveApi } from "@/tests/support/msw/api";
import { renderWithQuery } from "../study-area/render-with-query";
import { jobFixture, previewed, PROPS, type Job } from "./fixtures";

/** Polls come a second apart: a report waits for a few of them. */
const POLLS = { timeout: 5000 };

/** Answers the job's reads in turn, the last one from then on. */
function jobAnswers(...answers: Job[]) {
  let read = 0;
  return route("GET", "/api/studies/{id}/imports/{jobId}", () =>
    ok(ImportJobResponse, answers[Math.min(read++, answers.length - 1)]!),
  );
}

const emptyList = () =>
  route("GET", "/api/studies/{id}/imports", () => ok(ImportJobListResponse, { items: [] }));
const started = () =>
  route("POST", "/api/studies/{id}/imports", () => ok(ImportJobResponse, jobFixture(41), 202));

/**
 * The file the person picks, and the FormData it travels in, are Node's own: the fetch under test
 * is Node's, which writes only its own kinds into a multipart body (jsdom's FormData and File reach
 * it as "undefined"), as a browser's fetch writes the browser's.
 */
const NodeFormData = (await new Response(new URLSearchParams("a=1")).formData()).constructor;
beforeEach(() => vi.stubGlobal("FormData", NodeFormData));
afterEach(() => vi.unstubAllGlobals());
const picked = () =>
  new NodeFile(["patient_code,visit_number\nPT-1,1\n"], "visits.csv", {
    type: "text/csv",
  }) as unknown as File;

async function upload(format?: RegExp) {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText("File to import"), picked());
  if (format) await user.click(screen.getByRole("radio", { name: format }));
  await user.click(screen.getByRole("button", { name: "Preview" }));
  return user;
}

describe("Imports screen: preview", () => {
  it("sends the file and its layout as multipart, shows the progress while it runs, then the report", async () => {
    serveApi(
      emptyList(),
      started(),
      jobAnswers(
        jobFixture(41, {
          state: "running",
          started_at: "2026-03-04T10:00:01.000Z",
          rows_done: 1200,
          rows_per_second: 400,
          eta_seconds: 90,
          progress: 0.4,
        }),
        previewed(41),
      ),
    );
    renderWithQuery(<ImportPage {...PROPS} />);
    await screen.findByText("No imports yet.");
    await upload(/CSV, one row per patient/);

    const [post] = callsTo("POST", "/api/studies/3/imports");
    const body = String(post!.body);
    expect(body).toMatch(/name="format"\r\n\r\ncsv-wide\r\n/);
    expect(body).toMatch(/name="mode"\r\n\r\npreview\r\n/);
    expect(body).toMatch(/name="file"; filename="visits.csv"/);
    expect(body).toContain("PT-1,1");
    expect(body).not.toContain("preview_job_id");
    // The browser writes the multipart type with its boundary.
    expect(body).toMatch(/^--/);

    const bar = await screen.findByRole("progressbar", { name: "Import progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByTestId("import-progress")).toHaveTextContent(
      "1,200 rows read · 400 rows/s · about 2 minutes left",
    );
    expect(screen.getByText("Reading the file: 40% done.")).toBeInTheDocument();

    const report = within(await screen.findByTestId("import-report", {}, POLLS));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByText("Preview ready: nothing has been written.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Preview of visits.csv" })).toBeInTheDocument();
    const counts = within(report.getByRole("table", { name: "What the import would do" }));
    expect(counts.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Records",
      "To create",
      "To update",
      "Unchanged",
      "Refused",
    ]);
    expect(
      counts
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["Patients3120", "Visits7250"]);
    expect(report.getByText("7 rows read, 1 issue (0 blocking).")).toBeInTheDocument();
    const issues = within(report.getByRole("table", { name: "Issues" }));
    expect(issues.getAllByRole("row")[1]!.textContent).toBe(
      "4medical_groupPatient PT-2 is in another medical group in the registryWarning",
    );
    expect(report.getByRole("link", { name: "Download all issues (CSV)" })).toHaveAttribute(
      "href",
      "/api/studies/3/imports/41/issues",
    );
    expect(report.getByRole("button", { name: "Apply import" })).toBeInTheDocument();
    // The job is no longer read once it has finished.
    const reads = callsTo("GET", "/api/studies/3/imports/41").length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(callsTo("GET", "/api/studies/3/imports/41")).toHaveLength(reads);
  });

  it("offers no Apply while an issue blocks, says the CSV has every issue, and shows a REDCap file's events", async () => {
    serveApi(
      emptyList(),
      started(),
      jobAnswers(
        previewed(41, {
          format: "redcap",
          counts: {
            ...previewed(41).counts,
            patients_refused: 1,
            visits_refused: 2,
            issues: 250,
            blocking_issues: 2,
          },
          events: [
            { event: "baseline_arm_1", visit_type: "baseline", rows: 3 },
            { event: "followup_arm_1", visit_type: null, rows: 2 },
          ],
          ignored_columns: ["redcap_survey_identifier"],
          issues: [
            {
              row: 5,
              column: "redcap_event_name",
              field: null,
              code: "unknownEvent",
              message: 'REDCap event "followup_arm_1" matches no visit type of this study: map it to one',
              blocking: true,
            },
          ],
        }),
      ),
    );
    renderWithQuery(<ImportPage {...PROPS} />);
    await upload(/REDCap flat export/);
    const report = within(await screen.findByTestId("import-report", {}, POLLS));
    expect(String(callsTo("POST", "/api/studies/3/imports")[0]!.body)).toMatch(
      /name="format"\r\n\r\nredcap\r\n/,
    );
    expect(report.queryByRole("button", { name: "Apply import" })).toBeNull();
    expect(
      report.getByText(/Correct the blocking issues in the file and preview it again/),
    ).toBeInTheDocument();
    expect(
      report.getByText("The first 1 of 250 issues are shown; the CSV has them all."),
    ).toBeInTheDocument();
    expect(within(report.getByRole("table", { name: "Issues" })).getByText("Blocking")).toBeInTheDocument();
    const events = within(report.getByRole("table", { name: "REDCap events" }));
    expect(
      events
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["baseline_arm_1Baseline3", "followup_arm_1No visit type2"]);
    expect(report.getByText("redcap_survey_identifier")).toBeInTheDocument();
    expect(
      within(report.getByRole("table", { name: "What the import would do" }))
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["Patients3121", "Visits7252"]);
  });

  it("refuses a missing file before sending anything, and says why the server refused a start", async () => {
    serveApi(
      emptyList(),
      route("POST", "/api/studies/{id}/imports", () => refuse(413, "The file is larger than 200 MB.")),
    );
    renderWithQuery(<ImportPage {...PROPS} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.getByLabelText("File to import")).toHaveAccessibleDescription(
      /A CSV file of at most 200 MB.*Choose a file to import\./,
    );
    expect(callsTo("POST", "/api/studies/3/imports")).toEqual([]);
    // Over the limit: refused in the browser, not a byte sent.
    const huge = picked();
    Object.defineProperty(huge, "size", { value: MAX_IMPORT_FILE_BYTES + 1 });
    await user.upload(screen.getByLabelText("File to import"), huge);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      '"visits.csv" is larger than 200 MB, the largest file an import takes.',
    );
    expect(callsTo("POST", "/api/studies/3/imports")).toEqual([]);
    await upload();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The import could not be started: The file is larger than 200 MB.",
    );
  });

  it("speaks Italian", async () => {
    serveApi(emptyList());
    renderWithQuery(<ImportPage {...PROPS} />, { locale: "it" });
    expect(screen.getByRole("heading", { name: "Importazione dei dati dello studio" })).toBeInTheDocument();
    expect(screen.getByLabelText("File da importare")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Esportazione piatta di REDCap/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anteprima" })).toBeInTheDocument();
    await screen.findByText("Ancora nessuna importazione.");
    expect(document.body).not.toHaveTextContent(/Import study|Preview|File to|Earlier imports|one row/);
  });
});
