import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { PatientList } from "@/components/patients/patient-list";
import { PatientListResponse, type PatientResponse } from "@/lib/schemas/patients";
import { apiCalls, ok, refuse, route, serveApi, type ApiCall, type Reply } from "@/tests/support/msw/api";
import { renderWithQuery } from "./render-with-query";

// The list opens a new patient's page after 'Save and add baseline visit' (decision 0027).
const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => navigation }));

const patient = (id: number, code: string): z.input<typeof PatientResponse> => ({
  id,
  study_id: 3,
  code,
  birth_date: "1980-03-05",
  sex: id % 2 ? "M" : "F",
  height_cm: null,
  weight_kg: null,
  naive_systemic: false,
  naive_biologic: false,
  custom_fields: {},
  missing: {},
  medical_group_id: null,
  created_by: 1,
  next_visit_type: null,
  next_visit_due: null,
  next_visit_window_end: null,
  // Enrolment is the baseline visit's date (decision 0028), not the row's creation time.
  enrolled_on: id === 2 ? null : "2026-01-15",
  form_status: id % 5 === 0 ? "complete" : "in_progress",
  completed_at: null,
  completed_by: null,
  verification: {},
  version: 1,
  created_at: "2026-03-20T10:00:00.000Z",
  updated_at: "2026-03-20T10:00:00.000Z",
});

/** 45 patients PT-001 … PT-045 answered the way the server pages and searches them. */
const ALL = Array.from({ length: 45 }, (_, i) => patient(i + 1, `PT-${String(i + 1).padStart(3, "0")}`));
function server({ url }: ApiCall): Reply {
  const size = Number(url.searchParams.get("page_size"));
  const search = url.searchParams.get("search") ?? "";
  const cursor = url.searchParams.get("cursor");
  const status = url.searchParams.get("form_status");
  const matching = ALL.filter((p) => p.code.startsWith(search) && (!status || p.form_status === status));
  // Like the server: a cursor (here, the last code seen) wins over the page number.
  const start = cursor
    ? matching.findIndex((p) => p.code > cursor)
    : (Number(url.searchParams.get("page")) - 1) * size;
  const items = matching.slice(start, start + size);
  const more = start + size < matching.length;
  return ok(PatientListResponse, {
    items,
    total: matching.length,
    next_cursor: more ? items.at(-1)!.code : null,
  });
}

const config = { data_fields: [], categories: [] };
const answerPatients = (answer: (call: ApiCall) => Reply) => serveApi(route("GET", "/api/patients", answer));

describe("PatientList", () => {
  it("shows the columns, dates as 'MMM dd, yyyy' and a View link to the patient", async () => {
    answerPatients(server);
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite={false} />);
    const row = (await screen.findByText("PT-001")).closest("tr")!;
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Patient Code",
      "Birth Date",
      "Sex",
      "Enrolled",
      "Form status",
      "Actions",
    ]);
    expect(within(row).getByText("Mar 05, 1980")).toBeInTheDocument();
    expect(within(row).getByText("In progress")).toBeInTheDocument();
    expect(within(row).getByText("M")).toBeInTheDocument();
    expect(within(row).getByText("Jan 15, 2026")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "View patient PT-001" })).toHaveAttribute(
      "href",
      "/psoriasis/patients/1",
    );
    // No baseline visit yet: no enrolment date, and never the row's creation date in its place.
    const second = screen.getByText("PT-002").closest("tr")!;
    expect(
      within(second)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)[3],
    ).toBe("—");
    expect(screen.queryByText("Mar 20, 2026")).not.toBeInTheDocument();
    // Only users with clinical.write get the button (the server decides, the page passes it on).
    expect(screen.queryByRole("button", { name: "+ Add Patient" })).not.toBeInTheDocument();
  });

  it("pages 20 at a time on the server with Previous/Next and 'Showing X to Y of Z'", async () => {
    answerPatients(server);
    const calls = apiCalls;
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite />);
    expect(await screen.findByText("Showing 1 to 20 of 45")).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get("study_id")).toBe("3");
    expect(calls[0]!.url.searchParams.get("page_size")).toBe("20");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 21 to 40 of 45")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 41 to 45 of 45")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getAllByRole("row")).toHaveLength(1 + 5);
    expect(calls.map((c) => c.url.searchParams.get("page"))).toEqual(["1", "2", "3"]);
    // Next seeks from the previous page's last row instead of skipping rows.
    expect(calls.map((c) => c.url.searchParams.get("cursor"))).toEqual([null, "PT-020", "PT-040"]);
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 21 to 40 of 45")).toBeInTheDocument();
  });

  it("searches by code prefix on the server, back at page 1, and says 'No patients found'", async () => {
    answerPatients(server);
    const calls = apiCalls;
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite />);
    const user = userEvent.setup();
    await screen.findByText("Showing 1 to 20 of 45");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Showing 21 to 40 of 45");
    await user.type(screen.getByLabelText("Search by patient code"), "PT-04");
    expect(await screen.findByText("Showing 1 to 6 of 6")).toBeInTheDocument();
    const last = calls.at(-1)!.url.searchParams;
    expect([last.get("search"), last.get("page")]).toEqual(["PT-04", "1"]);
    await user.clear(screen.getByLabelText("Search by patient code"));
    await user.type(screen.getByLabelText("Search by patient code"), "ZZ");
    expect(await screen.findByText("No patients found")).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it("filters by the record's form status on the server, back at page 1 (decision 0031)", async () => {
    answerPatients(server);
    const calls = apiCalls;
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite />);
    const user = userEvent.setup();
    await screen.findByText("Showing 1 to 20 of 45");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Showing 21 to 40 of 45");
    await user.selectOptions(screen.getByLabelText("Form status"), "Complete");
    expect(await screen.findByText("Showing 1 to 9 of 9")).toBeInTheDocument();
    const last = calls.at(-1)!.url.searchParams;
    expect([last.get("form_status"), last.get("page"), last.get("cursor")]).toEqual(["complete", "1", null]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.every((row) => within(row).queryByText("Complete") !== null)).toBe(true);
  });

  it("offers Retry when the list cannot be loaded", async () => {
    let fail = true;
    answerPatients((call) => (fail ? refuse(503, "Database unavailable") : server(call)));
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error loading patients: Database unavailable",
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByText("Showing 1 to 20 of 45")).toBeInTheDocument());
  });
});
