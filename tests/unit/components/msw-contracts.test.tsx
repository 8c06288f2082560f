import { describe, expect, it } from "vitest";
import { apiFetch } from "@/lib/client/api-fetch";
import { DashboardResponse } from "@/lib/schemas/reports";
import { StudyListResponse } from "@/lib/schemas/studies";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { studySummaryFixture } from "@/tests/support/msw/fixtures";

/** The component tests' network breaks when the API changes, instead of agreeing with a stale copy. */
describe("MSW handlers are bound to the API's contracts", () => {
  it("refuses a route the API does not have", () => {
    expect(() => route("GET", "/api/studies/{id}/no-such-thing", () => ok(StudyListResponse, []))).toThrow(
      "No API route GET /api/studies/{id}/no-such-thing in API_CONTRACTS",
    );
  });

  it("answers a fixture parsed by the route's response schema", async () => {
    serveApi(route("GET", "/api/studies", () => ok(StudyListResponse, [studySummaryFixture(1)])));
    await expect(apiFetch("/studies")).resolves.toEqual([studySummaryFixture(1)]);
  });

  it("fails the call when a fixture no longer matches the schema (a field the API dropped or retyped)", async () => {
    const stale = { ...studySummaryFixture(1), version: "1" } as unknown as ReturnType<
      typeof studySummaryFixture
    >;
    serveApi(route("GET", "/api/studies", () => ok(StudyListResponse, [stale])));
    await expect(apiFetch("/studies")).rejects.toMatchObject({ status: 500 });
  });

  it("fails the call when the fixture is typed by another schema than the route's", async () => {
    serveApi(
      route("GET", "/api/studies", () =>
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
      ),
    );
    await expect(apiFetch("/studies")).rejects.toMatchObject({ status: 500 });
  });
});
