/**
 * The trend chart plots by visit date, not number (decision 0024): the repro, a visit 6
 * dated 1950 beside visits of 2024, is drawn first, never as the latest point.
 */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TrendChart, trendOrder } from "@/components/patient-detail/trend-chart";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { visit } from "./fixtures";

const visits = [
  visit({ id: 1, visit_number: 1, visit_date: "2024-01-05", data_fields: { pasi_score: 20 } }),
  visit({ id: 2, visit_number: 2, visit_date: "2024-04-05", data_fields: { pasi_score: 10 } }),
  visit({ id: 6, visit_number: 6, visit_date: "1950-01-01", data_fields: { pasi_score: 30 } }),
];

describe("TrendChart", () => {
  it("orders the points by date and places them on a time axis", () => {
    const order = trendOrder(visits);
    expect(order.map((p) => p.visit.visit_number)).toEqual([6, 1, 2]);
    expect(order[0]!.at).toBe(0);
    expect(order[2]!.at).toBe(1);
    // 1950 → 2024-01 is almost the whole span; January → April 2024 the last sliver.
    expect(order[1]!.at).toBeGreaterThan(0.99);
    // One day: the middle. The number breaks a tie of dates.
    const sameDay = trendOrder([
      visit({ id: 3, visit_number: 3, visit_date: "2024-01-05" }),
      visit({ id: 2, visit_number: 2, visit_date: "2024-01-05" }),
    ]);
    expect(sameDay.map((p) => [p.visit.visit_number, p.at])).toEqual([
      [2, 0.5],
      [3, 0.5],
    ]);
  });

  it("draws the line in date order and lists the figures in date order", () => {
    const { container } = renderWithIntl(<TrendChart visits={visits} />);
    const pasiLine = container.querySelector("polyline")!;
    const xs = pasiLine
      .getAttribute("points")!
      .split(" ")
      .map((point) => Number(point.split(",")[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const rows = within(screen.getByRole("table", { hidden: true })).getAllByRole("row", { hidden: true });
    expect(rows.slice(1).map((row) => row.querySelector("th")!.textContent)).toEqual(["6", "1", "2"]);
  });
});
