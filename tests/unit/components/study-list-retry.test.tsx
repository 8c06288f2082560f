import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StudyList } from "@/components/studies/study-list";
import { StudyListResponse } from "@/lib/schemas/studies";
import { callsTo, ok, refuse, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";

/** A failed load offers Retry, which asks again. */
describe("StudyList error state", () => {
  it("offers Retry after a failed load, and shows the studies once the retry succeeds", async () => {
    let calls = 0;
    serveApi(
      route("GET", "/api/studies", () =>
        ++calls === 1 ? refuse(503, "Database unavailable") : ok(StudyListResponse, []),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithIntl(
      <QueryClientProvider client={client}>
        <StudyList canCreate />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Error loading studies: Database unavailable")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No studies yet")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(callsTo("GET", "/api/studies")).toHaveLength(2);
  });
});
