import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { VisitTypesEditor } from "@/components/study-editor/visit-types/visit-types-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { Locale } from "@/lib/i18n/locales";
import type { VisitTypeDocument } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const initial: VisitTypeDocument[] = [
  { code: "baseline", label: "Baseline", order: 1, day_offset: 0 },
  { code: "week_12", label: "Week 12", order: 2, day_offset: 84, window_before: 7, window_after: 14 },
  { code: "flare", label: "Flare", order: 3 },
];

function renderEditor(locale: Locale = "en") {
  const changes: VisitTypeDocument[][] = [];
  function Harness() {
    const [list, setList] = useState(initial);
    return (
      <VisitTypesEditor
        visitTypes={list}
        onChange={(next) => {
          changes.push(next);
          setList(next);
        }}
      />
    );
  }
  renderWithIntl(
    <ContentLanguageProvider language="en">
      <Harness />
    </ContentLanguageProvider>,
    { locale },
  );
  return { changes, user: userEvent.setup() };
}

const scheduleCells = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]!.textContent);

describe("Visit Types: the schedule (decision 0025)", () => {
  it("shows each type's day and window in the list, in both languages", () => {
    renderEditor();
    expect(scheduleCells()).toEqual(["Day 0 (baseline)", "Day 84 (−7/+14)", "Not scheduled"]);
  });

  it("in Italian", () => {
    renderEditor("it");
    expect(scheduleCells()).toEqual(["Giorno 0 (basale)", "Giorno 84 (−7/+14)", "Fuori calendario"]);
  });

  it("edits the day offset and window; blank keeps a type unscheduled", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit Flare" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Visit Type" });
    const offset = within(dialog).getByLabelText("Day offset");
    expect(offset).toHaveValue(null);
    expect(offset).toHaveAccessibleDescription(expect.stringContaining("0 makes this the baseline"));
    await user.type(offset, "168");
    await user.type(within(dialog).getByLabelText("Window before (days)"), "14");
    await user.type(within(dialog).getByLabelText("Window after (days)"), "21");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes.at(-1)).toContainEqual({
      code: "flare",
      label: "Flare",
      order: 3,
      day_offset: 168,
      window_before: 14,
      window_after: 21,
    });
    expect(scheduleCells()[2]).toBe("Day 168 (−14/+21)");

    // Emptied again: the keys go, the type leaves the schedule.
    await user.click(screen.getByRole("button", { name: "Edit Flare" }));
    const again = screen.getByRole("dialog", { name: "Edit Visit Type" });
    for (const name of ["Day offset", "Window before (days)", "Window after (days)"])
      await user.clear(within(again).getByLabelText(name));
    await user.click(within(again).getByRole("button", { name: "Save" }));
    expect(changes.at(-1)).toContainEqual({ code: "flare", label: "Flare", order: 3 });
  });

  it("refuses a window without an offset, a second day 0 and a negative or fractional day, with messages", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit Flare" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Visit Type" });
    const before = within(dialog).getByLabelText("Window before (days)");
    await user.type(before, "3");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(before).toHaveAttribute("aria-invalid", "true");
    expect(before).toHaveAccessibleDescription(expect.stringContaining("A window needs a day offset."));

    const offset = within(dialog).getByLabelText("Day offset");
    await user.type(offset, "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(offset).toHaveAccessibleDescription(
      expect.stringContaining("Only one visit type can be the baseline (day 0)."),
    );

    await user.clear(offset);
    await user.type(offset, "2.5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(offset).toHaveAccessibleDescription(
      expect.stringContaining("The day offset is a whole number of days from 0 to 36500."),
    );
    expect(changes).toHaveLength(0);
  });
});
