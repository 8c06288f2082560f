import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StudyList } from "@/components/studies/study-list";
import { StudyListResponse } from "@/lib/schemas/studies";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { studySummaryFixture } from "@/tests/support/msw/fixtures";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const summary = (id: number, name: string) => studySummaryFixture(id, { name, study_name: name });

afterEach(() => vi.restoreAllMocks());

describe("StudyList after a create", () => {
  it("confirms the new study and highlights and scrolls to its card", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    serveApi(
      route("GET", "/api/studies", () =>
        ok(StudyListResponse, [summary(1, "Alpha"), summary(2, "Lupus Cohort")]),
      ),
    );
    renderWithIntl(
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
