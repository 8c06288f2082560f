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

// jsdom applies no stylesheet, so the table and the phone cards are both in the document: the
// table's checks look inside the table, the cards' inside their list.
const table = () => within(screen.getByRole("table"));
const cards = () => within(screen.getByRole("list", { name: "Visits" }));

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
    const locked = visit({ is_locked: true, form_status: "locked" });
    const { rerender } = renderWithIntl(
      <VisitHistory visitTypes={demoConfig.visit_types} actions={actions({ onUnlock })} visits={[locked]} />,
    );
    expect(table().getByText("Locked")).toBeInTheDocument();
    expect(table().getByRole("button", { name: "Edit visit 1" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Unlock visit 1" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Lock visit 1" })).toBeNull();
    rerender(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions({ canUnlock: true, onUnlock })}
        visits={[locked]}
      />,
    );
    await userEvent.setup().click(table().getByRole("button", { name: "Unlock visit 1" }));
    expect(onUnlock).toHaveBeenCalledWith(locked);
  });

  it("gives a phone a card per visit with every column and every action of the table", async () => {
    const onView = vi.fn();
    const onEdit = vi.fn();
    const onLock = vi.fn();
    const second = visit({ id: 12, visit_number: 2, visit_date: "2024-04-01", visit_type: "week_12" });
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions({ onView, onEdit, onLock })}
        visits={[visit(), second]}
      />,
    );
    const card = within(screen.getByTestId("visit-card-2"));
    expect(card.getByRole("heading", { name: "Visit 2" })).toBeInTheDocument();
    // Every column heading of the table but the number (the card's title) labels a value.
    const headings = within(screen.getByRole("table"))
      .getAllByRole("columnheader")
      .map((th) => th.textContent)
      .filter((text) => text && text !== "Visit #" && text !== "Actions");
    const terms = card.getAllByRole("term").map((dt) => dt.textContent);
    expect(terms).toEqual(headings);
    const values = card.getAllByRole("definition").map((dd) => dd.textContent);
    expect(values).toEqual(cells(screen.getByTestId("visit-row-2")).slice(1, 7));

    expect(cards().getAllByRole("listitem")).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(card.getByRole("button", { name: "View visit 2" }));
    await user.click(card.getByRole("button", { name: "Edit visit 2" }));
    await user.click(card.getByRole("button", { name: "Lock visit 2" }));
    expect(onView).toHaveBeenCalledWith(second);
    expect(onEdit).toHaveBeenCalledWith(second);
    expect(onLock).toHaveBeenCalledWith(second);
  });

  it("says on a locked visit's card why Edit is unavailable, and offers Unlock to those who may", () => {
    renderWithIntl(
      <VisitHistory
        visitTypes={demoConfig.visit_types}
        actions={actions({ canUnlock: true })}
        visits={[visit({ is_locked: true })]}
      />,
    );
    const card = within(screen.getByTestId("visit-card-1"));
    expect(card.getByRole("button", { name: "Edit visit 1" })).toBeDisabled();
    expect(card.getByText("Locked visits cannot be edited")).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Unlock visit 1" })).toBeEnabled();
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
