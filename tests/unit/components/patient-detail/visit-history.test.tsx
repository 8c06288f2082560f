import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { VisitHistory, type VisitActions } from "@/components/visits/visit-history";
import { demoConfig, visit } from "./fixtures";

const actions = (overrides: Partial<VisitActions> = {}): VisitActions => ({
  canWrite: true,
  canUnlock: false,
  onEdit: vi.fn(),
  onLock: vi.fn(),
  onUnlock: vi.fn(),
  ...overrides,
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("Visit History", () => {
  it("reads PASI75 from the stored calculated values, not from the entered data", () => {
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions()}
        visits={[
          visit(),
          visit({
            id: 12,
            visit_number: 2,
            visit_date: "2024-04-01",
            visit_type: "week_12",
            // A stale or forged value in data_fields must not be what the table shows.
            data_fields: { pasi_score: 4, dlqi_score: 3, pasi75_achieved: false },
            calculated_values: { pasi75_achieved: true },
          }),
        ]}
      />,
    );
    expect(cells(screen.getByTestId("visit-row-1")).slice(0, 6)).toEqual([
      "1",
      "Jan 05, 2024",
      "Baseline",
      "20",
      "12",
      "No",
    ]);
    expect(cells(screen.getByTestId("visit-row-2")).slice(0, 6)).toEqual([
      "2",
      "Apr 01, 2024",
      "Week 12",
      "4",
      "3",
      "Yes",
    ]);
  });

  it("shows a dash when no PASI75 was calculated", () => {
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions()}
        visits={[visit({ calculated_values: {}, data_fields: {} })]}
      />,
    );
    expect(cells(screen.getByTestId("visit-row-1")).slice(3, 6)).toEqual(["—", "—", "—"]);
  });

  it("disables Edit on a locked visit and offers Unlock only to those who may unlock", async () => {
    const onUnlock = vi.fn();
    const locked = visit({ is_locked: true });
    const { rerender } = renderWithIntl(
      <VisitHistory visitTypes={demoConfig.visit_types} actions={actions({ onUnlock })} visits={[locked]} />,
    );
    expect(screen.getByText("Locked")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit visit 1" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Unlock visit 1" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Lock visit 1" })).toBeNull();
    rerender(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions({ canUnlock: true, onUnlock })}
        visits={[locked]}
      />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Unlock visit 1" }));
    expect(onUnlock).toHaveBeenCalledWith(locked);
  });

  it("shows no write buttons to a reader", () => {
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions({ canWrite: false })}
        visits={[visit()]}
      />,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});
