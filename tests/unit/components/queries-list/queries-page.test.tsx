/**
 * The study's Queries page (docs/decisions/0030) against the API's own contracts: the columns in the
 * study's words, the filters sent as the list's query terms, Load more sending the keyset cursor,
 * the loading, empty and error states, the CSV download with the filters shown, the phone's cards
 * (decision 0029), and the Italian words.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { QueriesPage, type QueriesPageProps } from "@/components/queries-list/queries-page";
import { API_CONTRACTS } from "@/lib/schemas/api-contracts";
import { QueryListResponse, type QueryResponse } from "@/lib/schemas/queries";
import { QUERY_STATUSES } from "@/lib/schemas/query-states";
import { apiCalls, ok, refuse, route, serveApi, type ApiCall, type Reply } from "@/tests/support/msw/api";
import { server as mswServer } from "@/tests/support/msw/server";
import { renderWithQuery } from "../study-area/render-with-query";

type Query = z.input<typeof QueryResponse>;

/**
 * Query n: on patient PT-0nn; even ones on visit 2 (week 4) PASI and assigned, odd ones on the
 * patient's weight; open when n is a multiple of 3, answered one more, closed two more.
 */
const query = (id: number, extra: Partial<Query> = {}): Query => ({
  id,
  study_id: 3,
  patient_id: 100 + id,
  patient_code: `PT-${String(id).padStart(3, "0")}`,
  entity_type: id % 2 ? "patient" : "visit",
  entity_id: id % 2 ? 100 + id : 500 + id,
  visit_id: id % 2 ? null : 500 + id,
  visit_number: id % 2 ? null : 2,
  visit_type: id % 2 ? null : "week_4",
  field: id % 2 ? "weight_kg" : "pasi_score",
  status: QUERY_STATUSES[id % 3]!,
  assignee_id: id % 2 ? null : 7,
  opened_by: 9,
  opened_at: "2026-03-05T10:00:00.000Z",
  updated_at: "2026-03-05T10:00:00.000Z",
  closed_at: null,
  days_open: id,
  ...extra,
});

/** 45 queries, newest (highest id) first, answered 20 a page as the server does with its cursor. */
const ALL = Array.from({ length: 45 }, (_, i) => query(45 - i));
function server({ url }: ApiCall): Reply {
  const size = Number(url.searchParams.get("page_size"));
  const cursor = url.searchParams.get("cursor");
  const status = url.searchParams.get("status");
  const matching = ALL.filter((q) => !status || q.status === status);
  const start = cursor ? matching.findIndex((q) => q.id < Number(cursor)) : 0;
  const items = matching.slice(start, start + size);
  const more = start + size < matching.length;
  return ok(QueryListResponse, { items, next_cursor: more ? String(items.at(-1)!.id) : null });
}
const answerQueries = (answer: (call: ApiCall) => Reply) => serveApi(route("GET", "/api/queries", answer));
const listCalls = () => apiCalls.filter((c) => c.url.pathname === "/api/queries");

const PROPS: QueriesPageProps = {
  studyId: 3,
  studyCode: "psoriasis",
  labels: {
    visitTypes: [
      { code: "baseline", label: "Baseline" },
      { code: "week_4", label: "Week 4" },
    ],
    fields: [
      { name: "pasi_score", label: "PASI score" },
      { name: "weight_kg", label: "weight_kg" },
    ],
    assignees: [{ id: 7, name: "Dr Rossi" }],
  },
  groups: [
    { id: 11, code: "MI", name: "Milano" },
    { id: 12, code: "RM", name: "Roma" },
  ],
};

const table = () => within(screen.getByRole("table"));
const row = (id: number) => screen.getByTestId(`query-row-${id}`);

describe("QueriesPage", () => {
  it("lists the queries in the study's words, each patient linked, in a table and as phone cards", async () => {
    answerQueries(server);
    renderWithQuery(<QueriesPage {...PROPS} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading queries...");
    await screen.findByTestId("query-row-44");
    expect(
      table()
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Patient", "Where", "Field", "Status", "Assignee", "Opened", "Days open"]);
    const visitQuery = within(row(44));
    expect(visitQuery.getByRole("link", { name: "Open patient PT-044" })).toHaveAttribute(
      "href",
      "/psoriasis/patients/144",
    );
    expect(
      within(row(44))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Visit 2 · Week 4", "PASI score", "Closed", "Dr Rossi", "Mar 05, 2026", "44"]);
    expect(
      within(row(45))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Patient", "weight_kg", "Open", "Unassigned", "Mar 05, 2026", "45"]);
    // The phone's card for the same query holds the same facts.
    const card = within(screen.getByTestId("query-card-44"));
    expect(card.getByRole("link", { name: "Open patient PT-044" })).toHaveAttribute(
      "href",
      "/psoriasis/patients/144",
    );
    expect(
      card.getAllByRole("term").map((t) => `${t.textContent}=${t.nextElementSibling?.textContent}`),
    ).toEqual([
      "Where=Visit 2 · Week 4",
      "Field=PASI score",
      "Status=Closed",
      "Assignee=Dr Rossi",
      "Opened=Mar 05, 2026",
      "Days open=44",
    ]);
    expect(screen.getByRole("list", { name: "Queries" })).toHaveClass("md:hidden");
    expect(listCalls()[0]!.url.searchParams.get("study_id")).toBe("3");
    expect(listCalls()[0]!.url.searchParams.get("page_size")).toBe("20");
    expect(listCalls()[0]!.url.searchParams.get("order")).toBe("desc");
  });

  it("sends every filter as the list's query terms", async () => {
    answerQueries(server);
    renderWithQuery(<QueriesPage {...PROPS} />);
    await screen.findByTestId("query-row-44");
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Status"), "Answered");
    await user.selectOptions(screen.getByLabelText("Visit type"), "Week 4");
    await user.selectOptions(screen.getByLabelText("Field"), "PASI score");
    await user.selectOptions(screen.getByLabelText("Medical group"), "Roma");
    await user.selectOptions(screen.getByLabelText("Order"), "Oldest first");
    await user.type(screen.getByLabelText("Open at least (days)"), "7");
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("min_days_open")).toBe("7"));
    const last = listCalls().at(-1)!.url.searchParams;
    expect(Object.fromEntries(last)).toEqual({
      study_id: "3",
      page_size: "20",
      order: "asc",
      status: "answered",
      visit_type: "week_4",
      field: "pasi_score",
      medical_group_id: "12",
      min_days_open: "7",
    });
    // Clear filters goes back to everything, newest first.
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() =>
      expect(Object.fromEntries(listCalls().at(-1)!.url.searchParams)).toEqual({
        study_id: "3",
        page_size: "20",
        order: "desc",
      }),
    );
  });

  it("offers no group filter in a study without groups, and opens with the status of the link", async () => {
    answerQueries(server);
    renderWithQuery(<QueriesPage {...PROPS} groups={[]} initial={{ status: "open" }} />);
    await screen.findByTestId("query-row-45");
    expect(screen.queryByLabelText("Medical group")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveDisplayValue("Open");
    expect(listCalls()[0]!.url.searchParams.get("status")).toBe("open");
    expect(screen.queryByTestId("query-row-44")).not.toBeInTheDocument();
  });

  it("loads more with the previous page's cursor until the last page", async () => {
    answerQueries(server);
    renderWithQuery(<QueriesPage {...PROPS} />);
    await screen.findByTestId("query-row-45");
    expect(table().getAllByRole("row")).toHaveLength(1 + 20);
    expect(screen.getByText("20 queries shown")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByTestId("query-row-6");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByTestId("query-row-1");
    expect(table().getAllByRole("row")).toHaveLength(1 + 45);
    expect(screen.getByText("45 queries shown")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(listCalls().map((c) => c.url.searchParams.get("cursor"))).toEqual([null, "26", "6"]);
  });

  it("says when no query matches the filters", async () => {
    answerQueries(() => ok(QueryListResponse, { items: [], next_cursor: null }));
    renderWithQuery(<QueriesPage {...PROPS} />);
    expect(await screen.findByText("No queries match these filters.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("says why the list could not be loaded and offers Retry", async () => {
    let fail = true;
    answerQueries((call) => (fail ? refuse(503, "Database unavailable") : server(call)));
    renderWithQuery(<QueriesPage {...PROPS} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Error loading queries: Database unavailable");
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("query-row-45")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("QueriesPage's CSV download", () => {
  const PATH = "/api/queries/export";
  // jsdom has no Blob URLs and does not follow a download link (the file is the API test's business).
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  const saved: string[] = [];
  beforeAll(() => {
    URL.createObjectURL = () => "blob:queries";
    URL.revokeObjectURL = () => {};
    HTMLAnchorElement.prototype.click = function recordDownload(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    HTMLAnchorElement.prototype.click = click;
  });

  function serveExport(status = 200) {
    expect(API_CONTRACTS.some((c) => c.method === "GET" && c.path === PATH)).toBe(true);
    const asked: URLSearchParams[] = [];
    mswServer.use(
      http.get(PATH, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return status === 200
          ? new HttpResponse("\uFEFFquery_id\r\n", {
              headers: {
                "content-type": "text/csv; charset=utf-8",
                "content-disposition": 'attachment; filename="psoriasis_queries_20260305T100000Z.csv"',
              },
            })
          : HttpResponse.json({ detail: "Database unavailable" }, { status });
      }),
    );
    return asked;
  }

  it("downloads the threads selected by the filters shown, under the server's file name", async () => {
    answerQueries(server);
    const asked = serveExport();
    renderWithQuery(<QueriesPage {...PROPS} />);
    await screen.findByTestId("query-row-44");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "closed" } });
    fireEvent.change(screen.getByLabelText("Visit type"), { target: { value: "week_4" } });
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get("visit_type")).toBe("week_4"));
    await waitFor(() => expect(screen.queryByTestId("query-row-45")).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(Object.fromEntries(asked[0]!)).toEqual({
      study_id: "3",
      order: "desc",
      status: "closed",
      visit_type: "week_4",
    });
    await waitFor(() => expect(saved).toEqual(["psoriasis_queries_20260305T100000Z.csv"]));
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  it("says why the file could not be downloaded", async () => {
    answerQueries(server);
    serveExport(503);
    renderWithQuery(<QueriesPage {...PROPS} />);
    await screen.findByTestId("query-row-44");
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The file could not be downloaded: Database unavailable",
    );
  });
});

describe("QueriesPage in Italian", () => {
  it("speaks Italian: headings, filters, statuses, the visit in the study's Italian words, Load more", async () => {
    answerQueries(server);
    renderWithQuery(
      <QueriesPage
        {...PROPS}
        labels={{
          ...PROPS.labels,
          visitTypes: [{ code: "week_4", label: "Settimana 4" }],
          fields: [{ name: "pasi_score", label: "Punteggio PASI" }],
        }}
      />,
      { locale: "it" },
    );
    expect(screen.getByRole("status")).toHaveTextContent("Caricamento delle query...");
    await screen.findByTestId("query-row-44");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Query");
    expect(
      table()
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Paziente", "Dove", "Campo", "Stato", "Assegnata a", "Aperta il", "Giorni di apertura"]);
    expect(
      within(row(44))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Visita 2 · Settimana 4", "Punteggio PASI", "Chiusa", "Dr Rossi", "05 mar 2026", "44"]);
    expect(
      within(row(45))
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(["Paziente", "weight_kg", "Aperta", "Non assegnata"]);
    for (const label of [
      "Stato",
      "Tipo di visita",
      "Campo",
      "Gruppo medico",
      "Aperte da almeno (giorni)",
      "Ordine",
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Scarica CSV" })).toBeInTheDocument();
    expect(screen.getByText("20 query mostrate")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Carica altre" })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Load more|Download|Patient\b|Unassigned|Answered|Open\b/);
  });

  it("says in Italian that nothing matches", async () => {
    answerQueries(() => ok(QueryListResponse, { items: [], next_cursor: null }));
    renderWithQuery(<QueriesPage {...PROPS} />, { locale: "it" });
    expect(await screen.findByText("Nessuna query corrisponde a questi filtri.")).toBeInTheDocument();
  });
});
