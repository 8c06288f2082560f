import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StudyList } from "@/components/studies/study-list";

function renderList(response: Response, canCreate = true) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => response),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StudyList canCreate={canCreate} />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("StudyList", () => {
  it("says 'Loading studies...' and then 'No studies yet' for an empty list", async () => {
    renderList(json([]));
    expect(screen.getByText("Loading studies...")).toBeInTheDocument();
    expect(await screen.findByText("No studies yet")).toBeInTheDocument();
  });

  it("shows the server's detail as 'Error loading studies: {message}'", async () => {
    renderList(json({ detail: "Database unavailable" }, 503));
    expect(await screen.findByText("Error loading studies: Database unavailable")).toBeInTheDocument();
  });

  it("shows each study's card with its links, and + New Study only to those who may create", async () => {
    const study = {
      id: 7,
      code: "lupus",
      name: "Lupus Cohort",
      study_name: "Lupus Cohort",
      disease: "SLE",
      description: "Adults with SLE",
      domain: "lupus-cohort",
      is_active: false,
      field_count: 12,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    renderList(json([study]), false);
    expect(await screen.findByRole("heading", { name: "Lupus Cohort" })).toBeInTheDocument();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByText("lupus-cohort")).toBeInTheDocument();
    expect(screen.getByText("12")).toBeInTheDocument();
    const hrefs = Object.fromEntries(
      screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]),
    );
    expect(hrefs).toEqual({
      "Edit Config": "/admin/studies/7/edit",
      "Public view": "/lupus",
      Team: "/admin/studies/7/team",
      "Medical Groups": "/admin/studies/7/medical-groups",
      "Homepage Content": "/admin/studies/7/content",
    });
  });
});
