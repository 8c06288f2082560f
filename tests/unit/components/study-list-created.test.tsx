import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StudyList } from "@/components/studies/study-list";

const summary = (id: number, name: string) => ({
  id,
  code: `s${id}`,
  name,
  study_name: name,
  disease: "SLE",
  description: null,
  domain: `s${id}`,
  is_active: true,
  version: 1,
  field_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("StudyList after a create", () => {
  it("confirms the new study and highlights and scrolls to its card", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify([summary(1, "Alpha"), summary(2, "Lupus Cohort")]), {
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StudyList canCreate createdId={2} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("status")).toHaveTextContent('Study "Lupus Cohort" created.');
    const card = screen.getByRole("listitem", { name: "Lupus Cohort" });
    expect(card).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("listitem", { name: "Alpha" })).not.toHaveAttribute("aria-current");
    expect(scrolled).toEqual([card]);
  });
});
