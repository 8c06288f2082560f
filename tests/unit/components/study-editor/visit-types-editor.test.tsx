import { inEnglish } from "@/tests/support/words-in";
import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VisitTypesEditor } from "@/components/study-editor/visit-types/visit-types-editor";
import { VisitTypeSchema, type VisitTypeDocument } from "@/lib/schemas/study-config";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { Locale } from "@/lib/i18n/locales";

const initial: VisitTypeDocument[] = [
  { code: "week_4", label: "Week 4", order: 2, description: "Early response" },
  { code: "baseline", label: "Baseline", order: 1 },
];

/** Feeds onChange back in, as the study editor does, and records every change. */
function renderEditor(
  visitTypes: VisitTypeDocument[] = initial,
  { locale = "en", studyLanguage = "en" }: { locale?: Locale; studyLanguage?: Locale } = {},
) {
  const changes: VisitTypeDocument[][] = [];
  function Harness() {
    const [list, setList] = useState(visitTypes);
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
    <ContentLanguageProvider language={studyLanguage}>
      <Harness />
    </ContentLanguageProvider>,
    { locale },
  );
  return { changes, user: userEvent.setup() };
}

/**
 * A study text's box: the default language's is named by the text ("Label"), the other language's
 * by its language inside the text's group.
 */
const textBox = (container: HTMLElement, text: string, language?: "English" | "Italiano") =>
  language
    ? within(within(container).getByRole("group", { name: text })).getByLabelText(language)
    : within(container).getByLabelText(text);

const rows = () => screen.getAllByRole("row").slice(1);
const rowText = () =>
  rows().map((row) =>
    within(row)
      .getAllByRole("cell")
      .slice(0, 2)
      .map((c) => c.textContent),
  );

afterEach(() => vi.restoreAllMocks());

describe("VisitTypesEditor", () => {
  it("lists visit types sorted by order, and says when there are none", () => {
    renderEditor();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Order",
      "Code",
      "Label",
      "Schedule",
      "Description",
      "Actions",
    ]);
    expect(rowText()).toEqual([
      ["1", "baseline"],
      ["2", "week_4"],
    ]);
    expect(screen.getByText("Early response")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move Baseline up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Week 4 down" })).toBeDisabled();
  });

  it("shows the empty state", () => {
    renderEditor([]);
    expect(screen.getByText("No visit types defined yet.")).toBeInTheDocument();
  });

  it("adds a visit type, showing the validation messages inline and staying open on error", async () => {
    const { changes, user } = renderEditor();
    const opener = screen.getByRole("button", { name: "Add Visit Type" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Add Visit Type" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    const code = within(dialog).getByLabelText("Code");
    expect(code).toHaveFocus();
    expect(within(dialog).getByLabelText("Order")).toHaveValue(3);

    await user.type(code, "Week 12");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining("Code must contain only lowercase letters, numbers, and underscores"),
    );
    expect(within(dialog).getByText("Label is required")).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, "baseline");
    await user.type(textBox(dialog, "Label"), "Week 12");
    await user.clear(within(dialog).getByLabelText("Order"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Code must be unique")).toBeInTheDocument();
    expect(within(dialog).getByText("Order must be a number")).toBeInTheDocument();
    expect(changes).toHaveLength(0);

    await user.clear(code);
    await user.type(code, "week_12");
    await user.type(within(dialog).getByLabelText("Order"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Order must be at least 1")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Order"));
    await user.type(within(dialog).getByLabelText("Order"), "3");
    await user.type(textBox(dialog, "Description"), "Primary endpoint");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes.at(-1)).toContainEqual({
      code: "week_12",
      label: "Week 12",
      order: 3,
      description: "Primary endpoint",
    });
    expect(rowText().at(-1)).toEqual(["3", "week_12"]);
    // The dialog gives focus back in its effect's cleanup, which React may run after the commit
    // that removed it (the save resolves after the click): wait for it rather than race it.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("checks the entry with the config's VisitTypeSchema: its messages, tied to Label and Order", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add Visit Type" }));
    const dialog = screen.getByRole("dialog", { name: "Add Visit Type" });
    await user.type(within(dialog).getByLabelText("Code"), "week_12");
    await user.type(textBox(dialog, "Label"), "   ");
    await user.clear(within(dialog).getByLabelText("Order"));
    await user.type(within(dialog).getByLabelText("Order"), "2.5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const issues = VisitTypeSchema.safeParse({ code: "week_12", label: "", order: 2.5 }).error!.issues;
    const at = (path: string) => issues.find((i) => i.path.join(".") === path)?.message;
    expect([at("label"), at("order")].map((m) => inEnglish(m!))).toEqual([
      "Label is required",
      "Order must be a whole number",
    ]);
    await waitFor(() =>
      expect(textBox(dialog, "Label")).toHaveAccessibleDescription(
        expect.stringContaining(inEnglish(at("label")!)),
      ),
    );
    expect(within(dialog).getByLabelText("Order")).toHaveAccessibleDescription(
      expect.stringContaining(inEnglish(at("order")!)),
    );
    expect(changes).toHaveLength(0);
  });

  it("edits a visit type, keeping its own code allowed", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit Week 4" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Visit Type" });
    expect(within(dialog).getByLabelText("Code")).toHaveValue("week_4");
    const label = textBox(dialog, "Label");
    await user.clear(label);
    await user.type(label, "Week 4 (±3 days){Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes.at(-1)).toEqual([
      { code: "baseline", label: "Baseline", order: 1 },
      { code: "week_4", label: "Week 4 (±3 days)", order: 2, description: "Early response" },
    ]);
  });

  it("closes the dialog on Escape and Cancel without changing anything", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add Visit Type" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit Baseline" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes).toHaveLength(0);
  });

  it("deletes only after the confirmation is accepted", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Delete Week 4" }));
    expect(confirm).toHaveBeenLastCalledWith('Delete visit type "Week 4"?');
    expect(changes).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete Week 4" }));
    expect(changes.at(-1)).toEqual([{ code: "baseline", label: "Baseline", order: 1 }]);
    expect(rowText()).toEqual([["1", "baseline"]]);
  });

  it("moves up and down by swapping order values", async () => {
    const { changes, user } = renderEditor([
      { code: "a", label: "A", order: 1 },
      { code: "b", label: "B", order: 5 },
      { code: "c", label: "C", order: 7 },
    ]);
    await user.click(screen.getByRole("button", { name: "Move C up" }));
    expect(changes.at(-1)?.map((v) => [v.code, v.order])).toEqual([
      ["a", 1],
      ["c", 5],
      ["b", 7],
    ]);
    await user.click(screen.getByRole("button", { name: "Move A down" }));
    expect(rowText()).toEqual([
      ["1", "c"],
      ["5", "a"],
      ["7", "b"],
    ]);
  });

  it("applies a schedule template, skipping codes already present", async () => {
    const { changes, user } = renderEditor();
    const apply = screen.getByRole("button", { name: "Apply Template" });
    expect(apply).toBeDisabled();
    const select = screen.getByLabelText("Schedule template");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a template…", "Psoriasis", "Oncology", "Rheumatology"]);
    await user.selectOptions(select, "Psoriasis");
    await user.click(apply);
    const codes = changes.at(-1)?.map((v) => v.code);
    expect(codes?.slice(0, 3)).toEqual(["baseline", "week_4", "week_12"]);
    expect(codes?.filter((c) => c === "baseline")).toHaveLength(1);
    expect(changes.at(-1)?.find((v) => v.code === "week_12")?.order).toBe(3);
    expect(screen.getByRole("status")).toHaveTextContent("Skipped existing codes: baseline, week_4.");

    await user.click(apply);
    expect(changes).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Every visit type of the Psoriasis template already exists.",
    );
  });

  it("edits the English words of a bilingual label and keeps the Italian ones (decision 0022)", async () => {
    const { changes, user } = renderEditor(
      [
        {
          code: "baseline",
          label: { it: "Basale", en: "Baseline" },
          order: 1,
          description: { it: "Prima visita", en: "" },
        },
      ],
      { locale: "en", studyLanguage: "it" },
    );
    // The English reader sees the English label; the description, Italian only, marked as such.
    const row = rows()[0]!;
    expect(within(row).getByRole("rowheader")).toHaveTextContent("Baseline");
    expect(within(row).getByText("Prima visita").closest("[lang]")).toHaveAttribute("lang", "it");

    await user.click(screen.getByRole("button", { name: "Edit Baseline" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Visit Type" });
    expect(textBox(dialog, "Label")).toHaveValue("Basale");
    const english = textBox(dialog, "Label", "English");
    expect(english).toHaveValue("Baseline");
    await user.clear(english);
    await user.type(english, " Day 0 ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Trimmed per language; the Italian-only description is stored as the study's plain text.
    expect(changes.at(-1)).toEqual([
      { code: "baseline", label: { it: "Basale", en: "Day 0" }, order: 1, description: "Prima visita" },
    ]);
    expect(screen.getByRole("button", { name: "Edit Day 0" })).toBeInTheDocument();
  });

  it("shows an Italian reader the Italian label, and the English one marked where there is none", () => {
    renderEditor(
      [
        { code: "baseline", label: { it: "Basale", en: "Baseline" }, order: 1 },
        { code: "week_4", label: { it: "", en: "Week 4" }, order: 2 },
      ],
      { locale: "it", studyLanguage: "en" },
    );
    expect(rows().map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Basale",
      "Week 4 EN",
    ]);
    expect(screen.getByRole("button", { name: "Modifica Week 4" })).toBeInTheDocument();
  });
});
