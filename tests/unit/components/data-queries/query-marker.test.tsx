import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientQueriesProvider, type QueryRights } from "@/components/data-queries/query-context";
import { QueryMarker } from "@/components/data-queries/query-marker";
import { QueryListResponse, QueryResponse } from "@/lib/schemas/queries";
import { ok, route, serveApi, type ApiCall } from "@/tests/support/msw/api";
import { withQueryClient } from "../patient-detail/fixtures";

/**
 * A value's data-query marker and its thread under the value (decision 0030): what each side may
 * do, the calls sent, and nothing shown to a reader where there is nothing to read. MSW answers the
 * real API contracts.
 */
const query = (overrides: Partial<QueryResponse> = {}): QueryResponse => ({
  id: 41,
  study_id: 3,
  patient_id: 7,
  patient_code: "PSO-007",
  entity_type: "visit",
  entity_id: 11,
  visit_id: 11,
  visit_number: 1,
  visit_type: "baseline",
  field: "pasi_score",
  status: "open",
  assignee_id: null,
  opened_by: 2,
  opened_at: "2024-02-01T09:00:00.000Z",
  updated_at: "2024-02-01T09:00:00.000Z",
  closed_at: null,
  days_open: 3,
  ...overrides,
});

const STEPS = [
  {
    id: 1,
    kind: "open" as const,
    category: null,
    text: "PASI 20 at baseline? The chart says 18",
    user_id: 2,
    user_name: "Monitor Rossi",
    created_at: "2024-02-01T09:00:00.000Z",
  },
];

function serve(listed: QueryResponse[], calls: ApiCall[] = []) {
  serveApi(
    route("GET", "/api/queries", () => ok(QueryListResponse, { items: listed, next_cursor: null })),
    route("GET", "/api/queries/{id}", () => ok(QueryResponse, { ...listed[0]!, steps: STEPS })),
    route("POST", "/api/queries", (call) => {
      calls.push(call);
      return ok(QueryResponse, query({ id: 42, steps: STEPS }), 201);
    }),
    route("POST", "/api/queries/{id}/responses", (call) => {
      calls.push(call);
      return ok(QueryResponse, query({ status: "answered", steps: STEPS }));
    }),
  );
  return calls;
}

function renderMarker(rights: QueryRights, correct = vi.fn(), assignees?: { id: number; name: string }[]) {
  render(
    withQueryClient(
      <PatientQueriesProvider
        studyId={3}
        patientId={7}
        rights={rights}
        assignees={assignees}
        correct={correct}
      >
        <dl>
          <dt>PASI</dt>
          <dd>
            20
            <QueryMarker target={{ entityType: "visit", entityId: 11, field: "pasi_score" }} label="PASI" />
          </dd>
        </dl>
      </PatientQueriesProvider>,
    ),
  );
  return { user: userEvent.setup(), correct };
}

const REVIEWER = { open: true, respond: false, correct: false };
const SITE = { open: false, respond: true, correct: true };
const READER = { open: false, respond: false, correct: false };

describe("a value's query marker", () => {
  it("lets a reviewer raise a query on a value that has none, naming the value", async () => {
    const calls = serve([]);
    const { user } = renderMarker(REVIEWER);
    await user.click(await screen.findByRole("button", { name: "PASI: Query" }));
    // No team given (a page that offers no assignees): no picker, and no assignee sent.
    expect(screen.queryByLabelText("Assign to")).toBeNull();
    await user.type(screen.getByLabelText("Raise a query: your question"), "Please check PASI");
    await user.click(screen.getByRole("button", { name: "Open query" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      study_id: 3,
      entity_type: "visit",
      entity_id: 11,
      field: "pasi_score",
      text: "Please check PASI",
    });
  });

  it("lets a reviewer assign the new query to a member of the team, Nobody by default (decision 0031)", async () => {
    const calls = serve([]);
    const team = [
      { id: 8, name: "Dr Bianchi" },
      { id: 9, name: "Dr Verdi" },
    ];
    const { user } = renderMarker(REVIEWER, vi.fn(), team);
    await user.click(await screen.findByRole("button", { name: "PASI: Query" }));
    const picker = screen.getByLabelText("Assign to");
    expect(picker).toHaveValue("");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Nobody", "Dr Bianchi", "Dr Verdi"]);
    await user.type(screen.getByLabelText("Raise a query: your question"), "Please check PASI");
    await user.selectOptions(picker, "Dr Verdi");
    await user.click(screen.getByRole("button", { name: "Open query" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      study_id: 3,
      entity_type: "visit",
      entity_id: 11,
      field: "pasi_score",
      text: "Please check PASI",
      assignee_id: 9,
    });
    // Sent: the form starts again from Nobody.
    await waitFor(() => expect(screen.getByLabelText("Assign to")).toHaveValue(""));
  });

  it("shows the site its open query and thread; an answer needs a category; Correct the value hands the query over", async () => {
    const calls = serve([query()]);
    const { user, correct } = renderMarker(SITE);
    const marker = await screen.findByRole("button", { name: "PASI: Query: Open" });
    expect(marker).toHaveAttribute("aria-expanded", "false");
    await user.click(marker);
    const thread = await screen.findByRole("article", { name: "Query #41" });
    expect(await within(thread).findByText("PASI 20 at baseline? The chart says 18")).toBeInTheDocument();
    expect(within(thread).getByText(/Monitor Rossi/)).toBeInTheDocument();
    expect(within(thread).getByText("open 3 days")).toBeInTheDocument();
    // No close for the site.
    expect(within(thread).queryByRole("button", { name: "Close query" })).toBeNull();

    await user.type(within(thread).getByLabelText("Your note"), "Corrected to 18");
    await user.click(within(thread).getByRole("button", { name: "Answer" }));
    expect(within(thread).getByRole("alert")).toHaveTextContent("Choose the category of the answer");
    expect(calls).toHaveLength(0);
    await user.selectOptions(within(thread).getByLabelText("Category of the answer"), "Typing error");
    await user.click(within(thread).getByRole("button", { name: "Answer" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe("/api/queries/41/responses");
    expect(calls[0]!.body).toEqual({ category: "typing_error", text: "Corrected to 18" });

    await user.click(within(thread).getByRole("button", { name: "Correct the value" }));
    expect(correct).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
  });

  it("shows a reader nothing where there is no query, and a thread without any action where there is one", async () => {
    serve([]);
    const first = render(
      withQueryClient(
        <PatientQueriesProvider studyId={3} patientId={7} rights={READER} correct={vi.fn()}>
          <QueryMarker target={{ entityType: "visit", entityId: 11, field: "pasi_score" }} label="PASI" />
          <span>loaded</span>
        </PatientQueriesProvider>,
      ),
    );
    await screen.findByText("loaded");
    await waitFor(() => expect(screen.queryByTestId("query-marker")).toBeNull());
    first.unmount();

    serve([query({ status: "closed", closed_at: "2024-02-03T09:00:00.000Z" })]);
    const { user } = renderMarker(READER);
    await user.click(await screen.findByRole("button", { name: "PASI: Query closed" }));
    const thread = await screen.findByRole("article", { name: "Query #41" });
    expect(await within(thread).findByText("PASI 20 at baseline? The chart says 18")).toBeInTheDocument();
    expect(within(thread).queryByRole("button")).toBeNull();
    expect(within(thread).queryByLabelText("Your note")).toBeNull();
  });

  it("reads in Italian", async () => {
    serve([query({ status: "answered" })]);
    render(
      withQueryClient(
        <PatientQueriesProvider studyId={3} patientId={7} rights={READER} correct={vi.fn()}>
          <QueryMarker target={{ entityType: "visit", entityId: 11, field: "pasi_score" }} label="PASI" />
        </PatientQueriesProvider>,
        "it",
      ),
    );
    expect(await screen.findByRole("button", { name: "PASI: Query: Con risposta" })).toBeInTheDocument();
  });
});
