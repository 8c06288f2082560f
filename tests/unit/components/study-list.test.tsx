import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudyList } from "@/components/studies/study-list";
import { StudyListResponse } from "@/lib/schemas/studies";
import { ok, refuse, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { studySummaryFixture } from "@/tests/support/msw/fixtures";
import { renderWithIntl } from "@/tests/support/render-with-intl";

function renderList(reply: Reply, canCreate = true) {
  serveApi(route("GET", "/api/studies", () => reply));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <StudyList canCreate={canCreate} />
    </QueryClientProvider>,
  );
}

describe("StudyList", () => {
  it("says 'Loading studies...' and then 'No studies yet' for an empty list", async () => {
    renderList(ok(StudyListResponse, []));
    expect(screen.getByText("Loading studies...")).toBeInTheDocument();
    expect(await screen.findByText("No studies yet")).toBeInTheDocument();
  });

  it("shows the server's detail as 'Error loading studies: {message}'", async () => {
    renderList(refuse(503, "Database unavailable"));
    expect(await screen.findByText("Error loading studies: Database unavailable")).toBeInTheDocument();
  });

  it("shows each study's card with its links, and + New Study only to those who may create", async () => {
    const study = studySummaryFixture(7, {
      code: "lupus",
      name: "Lupus Cohort",
      study_name: "Lupus Cohort",
      description: "Adults with SLE",
      domain: "lupus-cohort",
      is_active: false,
      field_count: 12,
    });
    renderList(ok(StudyListResponse, [study]), false);
    expect(await screen.findByRole("heading", { name: "Lupus Cohort" })).toBeInTheDocument();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByText("lupus-cohort")).toBeInTheDocument();
    expect(screen.getByText("12")).toBeInTheDocument();
    const hrefs = Object.fromEntries(
      screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]),
    );
    expect(hrefs).toEqual({
      "Edit Config": "/admin/studies/7/edit",
      "Study area": "/lupus",
      Team: "/admin/studies/7/team",
      "Medical Groups": "/admin/studies/7/medical-groups",
      "Homepage Content": "/admin/studies/7/content",
    });
  });
});
