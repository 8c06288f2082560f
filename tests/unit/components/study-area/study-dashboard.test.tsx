import { screen, within } from "@testing-library/react";
import type { z } from "zod";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { demographicRows, sexLabel } from "@/components/study-area/dashboard-figures";
import { StudyDashboard } from "@/components/study-area/study-dashboard";
import { DashboardResponse } from "@/lib/schemas/reports";
import { apiCalls, ok, refuse, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { renderWithQuery } from "./render-with-query";

const DASHBOARD: z.input<typeof DashboardResponse> = {
  overview: {
    total_patients: 12,
    active_therapies: 9,
    total_visits: 47,
    total_adverse_events: 5,
    serious_adverse_events: 2,
    total_therapy_lines: 15,
  },
  efficacy: {
    pasi75_rate: 66.7,
    pasi75_achieved: 6,
    pasi75_total: 9,
    calculation: { name: "pasi75", label: "PASI75" },
  },
  demographics: { patients_by_sex: { M: 7, F: 4, X: 1 } },
  queries: { open: 4, answered: 2, closed: 1234 },
  form_status: {
    patients: { in_progress: 3, complete: 2, verified: 1, locked: 0 },
    visits: { in_progress: 5, complete: 4, verified: 3, locked: 2 },
  },
};

function card(title: string) {
  return screen.getByRole("listitem", { name: title });
}

const answer = (reply: () => Reply) => serveApi(route("GET", "/api/reports/dashboard", reply));

describe("StudyDashboard", () => {
  it("says what the efficacy figure counts, in words (the study's calculation as a sentence)", async () => {
    answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(
      <StudyDashboard studyId={3} calculationText={{ pasi75: "PASI improvement ≥\u00a075%" }} />,
    );
    const efficacy = await screen.findByRole("listitem", { name: "PASI75 Achievement" });
    expect(within(efficacy).getByTestId("card-detail")).toHaveTextContent(/^PASI improvement ≥ 75%$/);
    // The other cards count no calculation.
    expect(screen.getAllByTestId("card-detail")).toHaveLength(1);
  });

  it("shows the six cards of the spec and the Queries card with the server's figures, then the demographics", async () => {
    const calls = answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(<StudyDashboard studyId={3} />);
    expect(await screen.findByRole("listitem", { name: "Total Patients" })).toHaveTextContent("12");
    expect(calls[0]!.url.pathname + calls[0]!.url.search).toBe("/api/reports/dashboard?study_id=3");
    const titles = within(screen.getByRole("list", { name: "Study figures" }))
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(titles).toEqual([
      "Total Patients",
      "Active Therapies",
      "Total Visits",
      "PASI75 Achievement",
      "Adverse Events",
      "Therapy Lines",
      "Queries",
      "Visits by form status",
    ]);
    expect(card("Active Therapies")).toHaveTextContent("9");
    expect(card("Total Visits")).toHaveTextContent("47");
    expect(card("PASI75 Achievement")).toHaveTextContent("66.7%");
    expect(card("PASI75 Achievement")).toHaveTextContent("6 of 9 patients");
    expect(card("Adverse Events")).toHaveTextContent("5");
    expect(card("Adverse Events")).toHaveTextContent("2 serious");
    expect(card("Therapy Lines")).toHaveTextContent("15");

    const demographics = screen.getByRole("region", { name: "Patient Demographics" });
    const rows = within(demographics)
      .getAllByRole("term")
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(["Male=7", "Female=4", "Other=1"]);
  });

  it("shows zeros for a study without patients", async () => {
    answer(() =>
      ok(DashboardResponse, {
        overview: {
          total_patients: 0,
          active_therapies: 0,
          total_visits: 0,
          total_adverse_events: 0,
          serious_adverse_events: 0,
          total_therapy_lines: 0,
        },
        efficacy: { pasi75_rate: 0, pasi75_achieved: 0, pasi75_total: 0, calculation: null },
        demographics: { patients_by_sex: {} },
        queries: { open: 0, answered: 0, closed: 0 },
        form_status: {
          patients: { in_progress: 0, complete: 0, verified: 0, locked: 0 },
          visits: { in_progress: 0, complete: 0, verified: 0, locked: 0 },
        },
      }),
    );
    renderWithQuery(<StudyDashboard studyId={3} />);
    expect(await screen.findByRole("listitem", { name: "Total Patients" })).toHaveTextContent("0");
    expect(card("PASI75 Achievement")).toHaveTextContent("0%");
    expect(card("PASI75 Achievement")).toHaveTextContent("0 of 0 patients");
    expect(card("Adverse Events")).toHaveTextContent("0 serious");
    const demographics = screen.getByRole("region", { name: "Patient Demographics" });
    expect(
      within(demographics)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Male", "Female"]);
  });

  it("says it is loading, then offers Retry after a failure", async () => {
    let fail = true;
    answer(() => (fail ? refuse(503, "Database unavailable") : ok(DashboardResponse, DASHBOARD)));
    renderWithQuery(<StudyDashboard studyId={3} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading dashboard...");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error loading dashboard: Database unavailable",
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("listitem", { name: "Total Patients" })).toHaveTextContent("12");
    expect(apiCalls).toHaveLength(2);
  });
});

describe("the Queries card (decision 0030)", () => {
  const counts = () =>
    within(card("Queries"))
      .getAllByRole("term")
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);

  it("counts the queries by status and links to the Queries page filtered to the open ones", async () => {
    answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(<StudyDashboard studyId={3} studyCode="psoriasis" />);
    await screen.findByRole("listitem", { name: "Queries" });
    expect(counts()).toEqual(["Open=4", "Answered=2", "Closed=1,234"]);
    expect(within(card("Queries")).getByRole("link", { name: "View open queries" })).toHaveAttribute(
      "href",
      "/psoriasis/queries?status=open",
    );
  });

  it("counts the visits by form status and the patient records reviewed, linking to source verification", async () => {
    answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(<StudyDashboard studyId={3} studyCode="psoriasis" />);
    const review = await screen.findByRole("listitem", { name: "Visits by form status" });
    const shown = within(review)
      .getAllByRole("term")
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(shown).toEqual(["In progress=5", "Complete=4", "Verified=3", "Locked=2"]);
    expect(review).toHaveTextContent("Patient records: 2 complete, 1 verified of 12");
    expect(within(review).getByRole("link", { name: "Open source verification" })).toHaveAttribute(
      "href",
      "/psoriasis/sdv",
    );
  });

  it("says the same in Italian, with the Italian number format", async () => {
    answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(<StudyDashboard studyId={3} studyCode="psoriasis" />, { locale: "it" });
    await screen.findByRole("listitem", { name: "Query" });
    expect(
      within(card("Query"))
        .getAllByRole("term")
        .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`),
    ).toEqual(["Aperte=4", "Con risposta=2", "Chiuse=1234"]);
    expect(within(card("Query")).getByRole("link", { name: "Vedi le query aperte" })).toHaveAttribute(
      "href",
      "/psoriasis/queries?status=open",
    );
  });
});

describe("StudyDashboard in Italian", () => {
  it("titles its cards, notes and demographics in Italian", async () => {
    answer(() => ok(DashboardResponse, DASHBOARD));
    renderWithQuery(<StudyDashboard studyId={3} />, { locale: "it" });
    expect(await screen.findByRole("listitem", { name: "Pazienti totali" })).toHaveTextContent("12");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Cruscotto");
    expect(card("Raggiungimento PASI75")).toHaveTextContent("6 pazienti su 9");
    expect(card("Eventi avversi")).toHaveTextContent("2 gravi");
    const demographics = screen.getByRole("region", { name: "Dati demografici dei pazienti" });
    expect(
      within(demographics)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Maschi", "Femmine", "Altro"]);
    expect(document.body).not.toHaveTextContent(/Total|Patients|Male|Female|serious|Dashboard/);
  });
});

/** Figures big enough that the old `String(n)` / `${rate}%` text differs from the reader's format. */
const BIG_STUDY: z.input<typeof DashboardResponse> = {
  overview: {
    total_patients: 12345,
    active_therapies: 10500,
    total_visits: 1234567,
    total_adverse_events: 23456,
    serious_adverse_events: 10001,
    total_therapy_lines: 15,
  },
  efficacy: {
    pasi75_rate: 45.5,
    pasi75_achieved: 10234,
    pasi75_total: 22500,
    calculation: { name: "pasi75", label: "PASI75" },
  },
  demographics: { patients_by_sex: { M: 11000, F: 1345 } },
  queries: { open: 0, answered: 0, closed: 0 },
  form_status: {
    patients: { in_progress: 0, complete: 0, verified: 0, locked: 0 },
    visits: { in_progress: 0, complete: 0, verified: 0, locked: 0 },
  },
};

function demographicTexts() {
  return within(screen.getByRole("region"))
    .getAllByRole("term")
    .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
}

describe("StudyDashboard figures in the reader's number format (decision 0021)", () => {
  it("groups counts with a comma and writes the rate 45.5% in English", async () => {
    answer(() => ok(DashboardResponse, BIG_STUDY));
    renderWithQuery(<StudyDashboard studyId={3} />);
    const patients = await screen.findByRole("listitem", { name: "Total Patients" });
    expect(within(patients).getByTestId("card-value")).toHaveTextContent(/^12,345$/);
    expect(within(card("Active Therapies")).getByTestId("card-value")).toHaveTextContent(/^10,500$/);
    expect(within(card("Total Visits")).getByTestId("card-value")).toHaveTextContent(/^1,234,567$/);
    expect(within(card("PASI75 Achievement")).getByTestId("card-value")).toHaveTextContent(/^45\.5%$/);
    expect(card("PASI75 Achievement")).toHaveTextContent("10,234 of 22,500 patients");
    expect(within(card("Adverse Events")).getByTestId("card-value")).toHaveTextContent(/^23,456$/);
    expect(card("Adverse Events")).toHaveTextContent("10,001 serious");
    expect(demographicTexts()).toEqual(["Male=11,000", "Female=1,345"]);
  });

  it("groups counts with a point and writes the rate with a decimal comma in Italian", async () => {
    answer(() => ok(DashboardResponse, BIG_STUDY));
    renderWithQuery(<StudyDashboard studyId={3} />, { locale: "it" });
    const patients = await screen.findByRole("listitem", { name: "Pazienti totali" });
    // Intl's it-IT: a point between thousands from five digits on (four-digit numbers stay whole).
    expect(within(patients).getByTestId("card-value")).toHaveTextContent(/^12\.345$/);
    expect(within(card("Terapie attive")).getByTestId("card-value")).toHaveTextContent(/^10\.500$/);
    expect(within(card("Visite totali")).getByTestId("card-value")).toHaveTextContent(/^1\.234\.567$/);
    const rate = within(card("Raggiungimento PASI75")).getByTestId("card-value").textContent;
    expect(rate).toBe(
      new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 1 }).format(0.455),
    );
    expect(rate).toMatch(/^45,5\s?%$/);
    expect(card("Raggiungimento PASI75")).toHaveTextContent("10.234 pazienti su 22.500");
    expect(within(card("Eventi avversi")).getByTestId("card-value")).toHaveTextContent(/^23\.456$/);
    expect(card("Eventi avversi")).toHaveTextContent("10.001 gravi");
    expect(demographicTexts()).toEqual(["Maschi=11.000", "Femmine=1345"]);
  });

  it("says one serious event in the singular in Italian ('1 grave')", async () => {
    answer(() =>
      ok(DashboardResponse, { ...BIG_STUDY, overview: { ...BIG_STUDY.overview, serious_adverse_events: 1 } }),
    );
    renderWithQuery(<StudyDashboard studyId={3} />, { locale: "it" });
    expect(await screen.findByText("1 grave")).toBeInTheDocument();
  });
});

describe("demographics mapping", () => {
  it("reads M as Male, F as Female and anything else as Other, counted together", () => {
    expect(sexLabel("M")).toBe("Male");
    expect(sexLabel("F")).toBe("Female");
    expect(sexLabel("m")).toBe("Other");
    expect(sexLabel("")).toBe("Other");
    expect(demographicRows({ F: 2, U: 1, X: 3 })).toEqual([
      { label: "Male", count: 0 },
      { label: "Female", count: 2 },
      { label: "Other", count: 4 },
    ]);
  });
});
