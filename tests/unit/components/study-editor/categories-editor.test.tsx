import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CategoriesEditor } from "@/components/study-editor/categories/categories-editor";
import type {
  CategoryDocument as Category,
  DataFieldDocument as DataField,
} from "@/lib/schemas/study-config";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { categoryEntrySchema } from "@/lib/study-editor/categories";
import { inEnglish } from "@/tests/support/words-in";

const categories: Category[] = [
  { code: "history", label: "History", order: 2, entity: "patient" },
  { code: "demographic", label: "Demographics", order: 1, entity: "patient" },
  { code: "lifestyle", label: "Lifestyle", order: 3, entity: "patient" },
  { code: "efficacy", label: "Efficacy", order: 1, entity: "visit" },
];

const field = (
  name: string,
  entity: DataField["entity"],
  category: string | null,
  label = name,
): DataField => ({
  name,
  entity,
  category,
  label,
  type: "text",
});

const dataFields: DataField[] = [
  field("birth_place", "patient", "demographic", "Birth place"),
  field("ethnicity", "patient", "demographic", "Ethnicity"),
  field("pasi", "visit", "efficacy", "PASI"),
  field("smoker", "patient", "lifestyle", "Smoker"),
];

type Change = { categories: Category[]; dataFields: DataField[] };

function renderEditor(
  start: Change = { categories, dataFields },
  { locale = "en", studyLanguage = "en" }: { locale?: Locale; studyLanguage?: Locale } = {},
) {
  const changes: Change[] = [];
  function Harness() {
    const [state, setState] = useState(start);
    return (
      <CategoriesEditor
        categories={state.categories}
        dataFields={state.dataFields}
        onChange={(nextCategories, nextFields) => {
          const next = { categories: nextCategories, dataFields: nextFields };
          changes.push(next);
          setState(next);
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

const panel = () => screen.getByRole("tabpanel");
const headings = () =>
  within(panel())
    .queryAllByRole("heading")
    .map((h) => h.textContent);

afterEach(() => vi.restoreAllMocks());

describe("CategoriesEditor", () => {
  it("has Patient and Visit tabs with counts, each listing its categories by order with field counts", async () => {
    const { user } = renderEditor();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Patient Categories (3)", "Visit Categories (1)"]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    expect(panel()).toHaveAttribute("aria-labelledby", tabs[0]?.id);
    expect(headings()).toEqual(["Demographics", "History", "Lifestyle"]);
    const demographics = screen.getByRole("heading", { name: "Demographics" }).closest("li")!;
    expect(within(demographics).getByText("2 fields")).toBeInTheDocument();

    // Arrow keys move between tabs.
    tabs[0]?.focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Visit Categories (1)" })).toHaveFocus();
    expect(headings()).toEqual(["Efficacy"]);
    expect(within(panel()).getByText("1 field")).toBeInTheDocument();
  });

  it("shows the empty state per tab", async () => {
    const { user } = renderEditor({
      categories: categories.filter((c) => c.entity === "patient"),
      dataFields,
    });
    await user.click(screen.getByRole("tab", { name: "Visit Categories (0)" }));
    expect(within(panel()).getByText("No categories yet.")).toBeInTheDocument();
  });

  it("expands and collapses the fields of a category", async () => {
    const { user } = renderEditor();
    const toggle = screen.getByRole("button", { name: "Show fields in Demographics" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("Birth place")).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Hide fields in Demographics");
    expect(screen.getByText("Birth place")).toBeVisible();
    expect(screen.getByText("ethnicity")).toBeVisible();
    await user.click(toggle);
    expect(screen.getByText("Birth place")).not.toBeVisible();
  });

  it("adds a category to the active entity, normalizing the code as it is typed", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("tab", { name: "Visit Categories (1)" }));
    await user.click(screen.getByRole("button", { name: "Add Category" }));
    const dialog = screen.getByRole("dialog", { name: "Add Category" });
    const code = within(dialog).getByLabelText("Code");

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    // The config's own entry rules and messages (categoryEntrySchema), each under its box.
    const empty = categoryEntrySchema(categories, "visit").safeParse({ code: "", label: "" }).error!.issues;
    expect(empty.map((i) => [i.path.join("."), i.message])).toEqual([
      ["code", MESSAGES.categoryRequired],
      ["label", MESSAGES.categoryRequired],
    ]);
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(inEnglish(MESSAGES.categoryRequired))),
    );
    expect(within(dialog).getByLabelText("Label")).toHaveAccessibleDescription(
      expect.stringContaining(inEnglish(MESSAGES.categoryRequired)),
    );
    expect(textBox(dialog, "Label")).toHaveAccessibleDescription(
      expect.stringContaining(inEnglish(MESSAGES.categoryRequired)),
    );

    await user.type(code, "Efficacy");
    expect(code).toHaveValue("efficacy");
    await user.type(textBox(dialog, "Label"), "Efficacy again");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(inEnglish(MESSAGES.categoryUnique))),
    );
    expect(textBox(dialog, "Label")).not.toHaveAttribute("aria-invalid");
    expect(changes).toHaveLength(0);

    await user.clear(code);
    await user.type(code, "Quality of Life-2");
    expect(code).toHaveValue("quality_of_life_2");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes.at(-1)?.categories.at(-1)).toEqual({
      code: "quality_of_life_2",
      label: "Efficacy again",
      order: 2,
      entity: "visit",
    });
    expect(screen.getByRole("tab", { name: "Visit Categories (2)" })).toBeInTheDocument();
  });

  it("edits only the label inline; the code stays read-only", async () => {
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit History" }));
    const item = screen.getByRole("group", { name: "Label" }).closest("li")!;
    expect(within(item).queryByLabelText("Code")).not.toBeInTheDocument();
    expect(within(item).getByText("history")).toBeInTheDocument();
    const input = textBox(item, "Label");
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, "   ");
    await user.click(within(item).getByRole("button", { name: "Save" }));
    // The config's label rule (categoryLabelSchema) after trimming, tied to the box.
    expect(await within(item).findByRole("alert")).toHaveTextContent("Code and Label are required");
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Code and Label are required"));
    expect(changes).toHaveLength(0);

    await user.clear(input);
    await user.type(input, " Medical history {Enter}");
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes.at(-1)?.categories[0]).toEqual({
      code: "history",
      label: "Medical history",
      order: 2,
      entity: "patient",
    });
    expect(changes.at(-1)?.dataFields).toBe(dataFields);
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Medical history" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Edit Medical history" }));
    await user.type(textBox(document.body, "Label"), " x{Escape}");
    expect(screen.queryByRole("group", { name: "Label" })).not.toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it("moves categories by swapping order values", async () => {
    const { changes, user } = renderEditor();
    expect(screen.getByRole("button", { name: "Move Demographics up" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move Lifestyle up" }));
    expect(headings()).toEqual(["Demographics", "Lifestyle", "History"]);
    const patient = changes.at(-1)?.categories.filter((c) => c.entity === "patient");
    expect(patient?.map((c) => [c.code, c.order])).toEqual([
      ["history", 3],
      ["demographic", 1],
      ["lifestyle", 2],
    ]);
    await user.click(screen.getByRole("button", { name: "Move Demographics down" }));
    expect(headings()).toEqual(["Lifestyle", "Demographics", "History"]);
  });

  it("deletes after confirmation and leaves the category's fields uncategorized", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { changes, user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Delete Demographics" }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Delete category "Demographics"? Its fields will become uncategorized.',
    );
    expect(changes).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Demographics" }));
    const last = changes.at(-1)!;
    expect(last.categories.map((c) => c.code)).toEqual(["history", "lifestyle", "efficacy"]);
    expect(last.dataFields.map((f) => f.category)).toEqual([null, null, "efficacy", "lifestyle"]);
    expect(screen.getByRole("tab", { name: "Patient Categories (2)" })).toBeInTheDocument();
  });

  it("renames the English words of a bilingual label inline and keeps the Italian ones (decision 0022)", async () => {
    const { changes, user } = renderEditor(
      {
        categories: [
          { code: "history", label: { it: "Anamnesi", en: "History" }, order: 1, entity: "patient" },
        ],
        dataFields: [field("smoker", "patient", "history", "Smoker")],
      },
      { locale: "en", studyLanguage: "it" },
    );
    expect(headings()).toEqual(["History"]);
    await user.click(screen.getByRole("button", { name: "Edit History" }));
    const item = screen.getByRole("group", { name: "Label" }).closest("li")!;
    // The study's default language comes first, and has the focus.
    const italian = textBox(item, "Label");
    expect(italian).toHaveFocus();
    expect(italian).toHaveValue("Anamnesi");
    const english = textBox(item, "Label", "English");
    await user.clear(english);
    await user.type(english, "Medical history {Enter}");
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes.at(-1)?.categories).toEqual([
      { code: "history", label: { it: "Anamnesi", en: "Medical history" }, order: 1, entity: "patient" },
    ]);
    expect(headings()).toEqual(["Medical history"]);
  });

  it("adds a category with its label in both languages, listed in the reader's language", async () => {
    const { changes, user } = renderEditor(
      { categories: [], dataFields: [] },
      { locale: "it", studyLanguage: "en" },
    );
    await user.click(screen.getByRole("button", { name: "Aggiungi categoria" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Codice"), "therapy");
    await user.type(textBox(dialog, "Etichetta"), "Therapy");
    await user.type(textBox(dialog, "Etichetta", "Italiano"), "Terapia");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changes.at(-1)?.categories).toEqual([
      { code: "therapy", label: { it: "Terapia", en: "Therapy" }, order: 1, entity: "patient" },
    ]);
    expect(headings()).toEqual(["Terapia"]);
  });
});
