/**
 * The Imports screen after the preview (docs/decisions/0037-bulk-import.md): Apply, confirmed with
 * the counts it will write, starts an apply of the preview's own file and shows its progress and
 * final counts; Cancel asks a running job to stop; the study's earlier jobs open their reports;
 * a locked study offers no import.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ImportPage } from "@/components/study-import/import-page";
import { EMPTY_IMPORT_COUNTS, ImportJobListResponse, ImportJobResponse } from "@/lib/schemas/import-jobs";
import { apiCalls, callsTo, ok, refuse, route, serveApi, type ApiCall } from "@/tests/support/msw/api";
import { renderWithQuery } from "../study-area/render-with-query";
import { jobFixture, previewed, PROPS, type Job } from "./fixtures";

const POLLS = { timeout: 5000 };

/** The study's jobs as the list answers them (no issues in a list). */
const listOf = (...jobs: Job[]) =>
  route("GET", "/api/studies/{id}/imports", () =>
    ok(ImportJobListResponse, { items: jobs.map(({ issues: _issues, ...job }) => job) }),
  );

/** Each job's reads answered in turn from its own queue, the last answer from then on. */
function jobsAnswering(answers: Record<number, Job[]>) {
  const read: Record<number, number> = {};
  return route("GET", "/api/studies/{id}/imports/{jobId}", ({ params }: ApiCall) => {
    const id = Number(params.jobId);
    const queue = answers[id]!;
    const n = (read[id] = (read[id] ?? -1) + 1);
    return ok(ImportJobResponse, queue[Math.min(n, queue.length - 1)]!);
  });
}

const running = (id: number, extra: Partial<Job> = {}) =>
  jobFixture(id, {
    state: "running",
    started_at: "2026-03-04T10:05:00.000Z",
    rows_done: 30,
    rows_per_second: 15,
    eta_seconds: 4,
    progress: 0.25,
    ...extra,
  });

describe("Imports screen: jobs", () => {
  it("applies a clean preview after a confirmation naming its counts, then shows the apply's final counts", async () => {
    const applied = jobFixture(42, {
      mode: "apply",
      state: "applied",
      preview_job_id: 41,
      progress: 1,
      rows_done: 7,
      counts: { ...previewed(41).counts, issues: 0 },
    });
    serveApi(
      listOf(previewed(41)),
      jobsAnswering({ 41: [previewed(41)], 42: [running(42, { mode: "apply" }), applied] }),
      route("POST", "/api/studies/{id}/imports", () =>
        ok(ImportJobResponse, jobFixture(42, { mode: "apply", preview_job_id: 41 }), 202),
      ),
    );
    const user = userEvent.setup();
    renderWithQuery(<ImportPage {...PROPS} />);
    await user.click(await screen.findByRole("button", { name: /^Open the report of visits\.csv/ }));
    await user.click(await screen.findByRole("button", { name: "Apply import" }));

    const dialog = within(screen.getByRole("dialog", { name: "Apply this import?" }));
    expect(
      dialog.getByText(/^visits\.csv: 3 patients created and 1 updated, 7 visits created and 2 updated\./),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/studies/3/imports")).toEqual([]);
    await user.click(dialog.getByRole("button", { name: "Apply import" }));

    const body = String(callsTo("POST", "/api/studies/3/imports")[0]!.body);
    expect(body).toMatch(/name="mode"\r\n\r\napply\r\n/);
    expect(body).toMatch(/name="preview_job_id"\r\n\r\n41\r\n/);
    expect(body).toMatch(/name="format"\r\n\r\ncsv-long\r\n/);
    expect(body).not.toContain('name="file"');
    expect(screen.queryByRole("dialog")).toBeNull();

    expect(await screen.findByRole("heading", { name: "Import of visits.csv" })).toBeInTheDocument();
    expect(await screen.findByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    const report = within(await screen.findByTestId("import-report", {}, POLLS));
    expect(screen.getByText("Import complete.")).toBeInTheDocument();
    const counts = within(report.getByRole("table", { name: "What the import did" }));
    expect(counts.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Records",
      "Created",
      "Updated",
      "Unchanged",
      "Refused",
    ]);
    expect(counts.getAllByRole("row")[1]!.textContent).toBe("Patients3120");
    // An apply is not applied again.
    expect(report.queryByRole("button", { name: "Apply import" })).toBeNull();
    expect(report.getByText("No issues.")).toBeInTheDocument();
  });

  it("cancels a running job: the request is sent, then the job says it was cancelled", async () => {
    let cancelled = false;
    serveApi(
      listOf(running(50)),
      route("GET", "/api/studies/{id}/imports/{jobId}", () =>
        ok(
          ImportJobResponse,
          cancelled
            ? jobFixture(50, {
                state: "cancelled",
                rows_done: 30,
                progress: 0.25,
                counts: EMPTY_IMPORT_COUNTS,
              })
            : running(50),
        ),
      ),
      route("POST", "/api/studies/{id}/imports/{jobId}/cancel", () => {
        cancelled = true;
        return ok(ImportJobResponse, running(50));
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<ImportPage {...PROPS} />);
    await user.click(await screen.findByRole("button", { name: /^Open the report of visits\.csv/ }));
    const progress = within(await screen.findByTestId("import-progress"));
    expect(progress.getByText("30 rows read · 15 rows/s · about 4 seconds left")).toBeInTheDocument();
    await user.click(progress.getByRole("button", { name: "Cancel import" }));
    expect(callsTo("POST", "/api/studies/3/imports/50/cancel")).toHaveLength(1);
    expect(await progress.findByText(/Cancel requested/)).toBeInTheDocument();
    expect(
      await screen.findByText("The import was cancelled. Batches written before it stay.", {}, POLLS),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel import" })).toBeNull();
  });

  it("says why a cancel was refused", async () => {
    serveApi(
      listOf(running(50)),
      route("GET", "/api/studies/{id}/imports/{jobId}", () => ok(ImportJobResponse, running(50))),
      route("POST", "/api/studies/{id}/imports/{jobId}/cancel", () =>
        refuse(409, "This import has already finished."),
      ),
    );
    const user = userEvent.setup();
    renderWithQuery(<ImportPage {...PROPS} />);
    await user.click(await screen.findByRole("button", { name: /^Open the report of visits\.csv/ }));
    await user.click(await screen.findByRole("button", { name: "Cancel import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not cancel the import: This import has already finished.",
    );
  });

  it("lists earlier jobs newest first with date, file, mode, state, counts and who; each opens its report", async () => {
    const older = previewed(41, { file_name: "first.csv" });
    const newer = jobFixture(44, {
      mode: "apply",
      state: "blocked",
      file_name: "second.csv",
      created_at: "2026-03-05T08:30:00.000Z",
      created_by_email: null,
      error: null,
    });
    serveApi(listOf(newer, older), jobsAnswering({ 41: [older], 44: [newer] }));
    const user = userEvent.setup();
    renderWithQuery(<ImportPage {...PROPS} />);
    const table = within(await screen.findByRole("table", { name: "Earlier imports" }));
    expect(table.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Date",
      "File",
      "Mode",
      "State",
      "Patients / visits",
      "By",
    ]);
    const rows = table.getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        "Mar 05, 2026 09:30:00 GMT+1",
        "second.csv",
        "Import",
        "Blocked",
        "Patients: 0 new, 0 changed. Visits: 0 new, 0 changed.",
        "a former user",
      ],
      [
        "Mar 04, 2026 11:00:00 GMT+1",
        "first.csv",
        "Preview",
        "Preview ready",
        "Patients: 3 new, 1 changed. Visits: 7 new, 2 changed.",
        "dm@example.org",
      ],
    ]);
    await user.click(
      table.getByRole("button", { name: "Open the report of first.csv, Mar 04, 2026 11:00:00 GMT+1" }),
    );
    const job = await screen.findByTestId("import-job");
    expect(await within(job).findByRole("heading", { name: "Preview of first.csv" })).toBeInTheDocument();
    expect(job).toHaveFocus();
    expect(table.getByRole("button", { name: /first\.csv/ })).toHaveAttribute("aria-current", "true");
    await user.click(table.getByRole("button", { name: /second\.csv/ }));
    expect(await screen.findByRole("heading", { name: "Import of second.csv" })).toBeInTheDocument();
    expect(screen.getByText("The file has blocking issues: nothing was written.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close report" }));
    expect(screen.queryByTestId("import-job")).toBeNull();
  });

  it("says when the list cannot be read, and reads it again on request", async () => {
    let fail = true;
    serveApi(
      route("GET", "/api/studies/{id}/imports", () =>
        fail ? refuse(503, "The audit trail is being repaired.") : ok(ImportJobListResponse, { items: [] }),
      ),
    );
    const user = userEvent.setup();
    renderWithQuery(<ImportPage {...PROPS} />);
    expect(screen.getByText("Loading imports…")).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not load the imports: The audit trail is being repaired.",
    );
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No imports yet.")).toBeInTheDocument();
  });

  it("offers nothing to import while the study is locked, and asks the API nothing", () => {
    renderWithQuery(<ImportPage {...PROPS} locked />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "The study is locked: nothing can be imported until an administrator unlocks it.",
    );
    expect(screen.queryByLabelText("File to import")).toBeNull();
    expect(screen.queryByRole("button", { name: "Preview" })).toBeNull();
    expect(apiCalls).toEqual([]);
  });
});
