/**
 * The SDV page (docs/decisions/0031) against the API's own contracts: the rows in the study's
 * words with their form status and progress, the filters sent as the list's terms, Load more with
 * the keyset cursor, the "none" note, the states, and "Verify all checked": a POST per checked
 * visit, its progress, a refused visit named with the server's reason, and the rows refetched.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { SdvPage, type SdvPageProps } from "@/components/sdv/sdv-page";
import { SdvListResponse, type SdvVisitRow } from "@/lib/schemas/sdv";
import { VisitResponse } from "@/lib/schemas/visits";
import { apiCalls, ok, refuse, route, serveApi, type ApiCall } from "@/tests/support/msw/api";
import { visit } from "../patient-detail/fixtures";
import { renderWithQuery } from "../study-area/render-with-query";

type Row = z.input<typeof SdvVisitRow>;

/** Visit n of patient PT-0p: patients 1..20 with 3 visits each, 60 rows in all. */
const row = (patient: number, n: number, extra: Partial<Row> = {}): Row => ({
  visit_id: patient * 10 + n,
  patient_id: 100 + patient,
  patient_code: `PT-${String(patient).padStart(2, "0")}`,
  medical_group_id: patient % 2 ? 11 : 12,
  visit_number: n,
  visit_type: n === 1 ? "baseline" : "week_4",
  visit_date: `2024-0${n}-10`,
  form_status: "complete",
  completed_at: "2024-03-01T10:00:00.000Z",
  verified: n - 1,
  required: 2,
  version: 1,
  ...extra,
});
const ALL = Array.from({ length: 20 }, (_, p) => [1, 2, 3].map((n) => row(p + 1, n))).flat();

function list({ url }: ApiCall, rows: Row[] = ALL, requirement: "none" | "key" = "key") {
  const size = Number(url.searchParams.get("page_size"));
  const cursor = url.searchParams.get("cursor");
  const start = cursor ? rows.findIndex((r) => r.visit_id === Number(cursor)) + 1 : 0;
  const items = rows.slice(start, start + size);
  const more = start + size < rows.length;
  return ok(SdvListResponse, {
    sdv_requirement: requirement,
    items,
    next_cursor: more ? String(items.at(-1)!.visit_id) : null,
  });
}
const listCalls = () => apiCalls.filter((c) => c.url.pathname === "/api/sdv");
const verifyCalls = () => apiCalls.filter((c) => c.method === "POST" && c.url.pathname.endsWith("/verify"));

const PROPS: SdvPageProps = {
  studyId: 3,
  studyCode: "psoriasis",
  requirement: "key",
  labels: {
    visitTypes: [
      { code: "baseline", label: "Baseline" },
      { code: "week_4", label: "Week 4" },
    ],
  },
  groups: [
    { id: 11, code: "MI", name: "Milano" },
    { id: 12, code: "RM", name: "Roma" },
  ],
  filterGroups: true,
  canVerify: true,
};

const table = () => within(screen.getByRole("table"));

describe("SdvPage", () => {
  it("lists visits by patient in the study's words, in a table and as phone cards", async () => {
    serveApi(route("GET", "/api/sdv", (call) => list(call)));
    renderWithQuery(<SdvPage {...PROPS} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading visits…");
    const tr = within(await screen.findByTestId("sdv-row-12"));
    expect(
      table()
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Select", "Patient", "Visit", "Date", "Medical group", "Form status", "Verified / required"]);
    expect(tr.getByRole("link", { name: "Open patient PT-01" })).toHaveAttribute(
      "href",
      "/psoriasis/patients/101",
    );
    expect(tr.getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "",
      "2: Week 4",
      "Feb 10, 2024",
      "Milano",
      "Complete",
      "1 / 21 of 2 required values verified",
    ]);
    expect(tr.getByRole("checkbox", { name: "Select PT-01, visit 2" })).not.toBeChecked();
    const card = within(screen.getByTestId("sdv-card-12"));
    expect(card.getByRole("checkbox", { name: "Select PT-01, visit 2" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Visits" })).toHaveClass("md:hidden");
    expect(listCalls()[0]!.url.searchParams.get("page_size")).toBe("50");
    expect(screen.getByText("50 visits shown")).toBeInTheDocument();
  });

  it("sends the filters as the list's terms and follows the cursor with Load more", async () => {
    serveApi(route("GET", "/api/sdv", (call) => list(call)));
    const user = userEvent.setup();
    renderWithQuery(<SdvPage {...PROPS} />);
    await screen.findByTestId("sdv-row-11");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("60 visits shown");
    expect(listCalls().at(-1)!.url.searchParams.get("cursor")).toBe(String(ALL[49]!.visit_id));
    await user.selectOptions(screen.getByLabelText("Form status"), "Verified");
    await user.selectOptions(screen.getByLabelText("Visit type"), "Week 4");
    await user.selectOptions(screen.getByLabelText("Medical group"), "Roma");
    await waitFor(() => {
      const params = listCalls().at(-1)!.url.searchParams;
      expect([params.get("form_status"), params.get("visit_type"), params.get("medical_group_id")]).toEqual([
        "verified",
        "week_4",
        "12",
      ]);
    });
  });

  it("verifies every checked visit, names the one refused with the server's reason, and refetches", async () => {
    let verified = new Set<number>();
    serveApi(
      route("GET", "/api/sdv", (call) =>
        list(
          call,
          ALL.slice(0, 6).map((r) =>
            verified.has(r.visit_id) ? { ...r, form_status: "verified", verified: 2 } : r,
          ),
        ),
      ),
      route("POST", "/api/visits/{id}/verify", ({ params }) => {
        if (params.id === "13") return refuse(423, "This visit is locked: unlock it to change it");
        verified = new Set([...verified, Number(params.id)]);
        return ok(VisitResponse, visit({ id: Number(params.id), form_status: "verified" }));
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<SdvPage {...PROPS} />);
    await screen.findByTestId("sdv-row-11");
    const verify = screen.getByRole("button", { name: "Verify all checked" });
    expect(verify).toBeDisabled();
    for (const name of ["Select PT-01, visit 1", "Select PT-01, visit 3", "Select PT-02, visit 2"])
      await user.click(table().getByRole("checkbox", { name }));
    expect(screen.getByText("3 visits selected")).toBeInTheDocument();
    await user.click(verify);
    await screen.findByText("2 visits verified");
    expect(verifyCalls().map((c) => [c.params.id, c.body])).toEqual([
      ["11", { fields: "all" }],
      ["13", { fields: "all" }],
      ["22", { fields: "all" }],
    ]);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("1 visit could not be verified:");
    expect(alert).toHaveTextContent("PT-01, visit 3: This visit is locked: unlock it to change it");
    // The rows are read again: the verified ones show it; the refused one stays checked.
    await waitFor(() =>
      expect(within(screen.getByTestId("sdv-row-11")).getByText("Verified")).toBeInTheDocument(),
    );
    expect(table().getByRole("checkbox", { name: "Select PT-01, visit 3" })).toBeChecked();
    expect(table().getByRole("checkbox", { name: "Select PT-01, visit 1" })).not.toBeChecked();
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
  });

  it("offers no checkbox nor button to a reader without sdv.verify", async () => {
    serveApi(route("GET", "/api/sdv", (call) => list(call, ALL.slice(0, 3))));
    renderWithQuery(<SdvPage {...PROPS} canVerify={false} />);
    await screen.findByTestId("sdv-row-11");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Verify all checked" })).toBeNull();
  });

  it("says when the study requires no verification, and shows the empty and error states", async () => {
    serveApi(route("GET", "/api/sdv", (call) => list(call, [], "none")));
    const { unmount } = renderWithQuery(<SdvPage {...PROPS} requirement="none" />);
    expect(
      screen.getByText("This study requires no source data verification: every visit requires 0 values."),
    ).toBeInTheDocument();
    await screen.findByText("No visit matches these filters.");
    unmount();
    serveApi(route("GET", "/api/sdv", () => refuse(500, "Internal server error")));
    renderWithQuery(<SdvPage {...PROPS} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The visits could not be loaded: Internal server error",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    serveApi(route("GET", "/api/sdv", (call) => list(call, ALL.slice(0, 3))));
    renderWithQuery(<SdvPage {...PROPS} />, { locale: "it" });
    const tr = within(await screen.findByTestId("sdv-row-11"));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Verifica dei dati alla fonte");
    expect(tr.getByText("Completo")).toBeInTheDocument();
    expect(tr.getByRole("checkbox", { name: "Seleziona PT-01, visita 1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verifica tutte le selezionate" })).toBeInTheDocument();
  });
});
