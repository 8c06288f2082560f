/**
 * The Data Fields editor edits a field's words in both languages side by side (decision 0022): the
 * default language first, the other beside it, neither lost when the other is edited, an
 * untranslated one marked, and option labels translated by value.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DataFieldsEditor } from "@/components/study-editor/data-fields/data-fields-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { Locale } from "@/lib/i18n/locales";
import type { DataFieldDocument } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const fototipo: DataFieldDocument = {
  entity: "patient",
  name: "fototipo",
  label: { it: "Fototipo cutaneo", en: "Skin phototype" },
  description: "Scala di Fitzpatrick",
  type: "select",
  category: null,
  options: [
    { value: "I", label: { it: "Molto chiara", en: "Very fair" } },
    { value: "II", label: "Chiara" },
  ],
};

function renderEditor(locale: Locale) {
  const changes: DataFieldDocument[][] = [];
  function Harness() {
    const [fields, setFields] = useState([fototipo]);
    return (
      <ContentLanguageProvider language="it">
        <DataFieldsEditor
          dataFields={fields}
          categories={[]}
          entity="patient"
          onEntityChange={() => {}}
          onChange={(next) => {
            changes.push(next);
            setFields(next);
          }}
        />
      </ContentLanguageProvider>
    );
  }
  renderWithIntl(
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
    { locale },
  );
  return { last: () => changes.at(-1)![0]!, user: userEvent.setup() };
}

describe("a bilingual field in the Data Fields editor", () => {
  it("shows the editor's language in the list, and edits English beside Italian keeping both", async () => {
    const { last, user } = renderEditor("en");
    const card = screen.getByRole("listitem", { name: "Field Skin phototype" });
    await user.click(within(card).getByRole("button", { name: "Edit Skin phototype" }));
    // The study's default language (Italian) is the box named "Label"; English is beside it.
    const italian = within(card).getByLabelText("Label");
    const label = within(card).getByRole("group", { name: "Label" });
    const english = within(label).getByLabelText("English");
    expect(italian).toHaveValue("Fototipo cutaneo");
    expect(italian).toHaveAttribute("lang", "it");
    expect(english).toHaveValue("Skin phototype");
    await user.clear(english);
    await user.type(english, "Fitzpatrick skin type");
    expect(last().label).toEqual({ it: "Fototipo cutaneo", en: "Fitzpatrick skin type" });
    expect(last().name).toBe("fototipo"); // a name that is not generated stays

    // Emptying the translation stores the Italian plain again, and says who sees what.
    await user.clear(english);
    expect(last().label).toBe("Fototipo cutaneo");
    expect(english).toHaveAccessibleDescription(
      expect.stringContaining("Not translated: English readers see the Italian text."),
    );
  });

  it("translates option labels by value, keeping the codes and the default language's labels", async () => {
    const { last, user } = renderEditor("en");
    await user.click(screen.getByRole("button", { name: "Edit Skin phototype" }));
    const defaultLines = screen.getByLabelText("Options (one per line)");
    const translations = screen.getByLabelText("Options in English");
    expect(defaultLines).toHaveValue("I|Molto chiara\nII|Chiara");
    expect(translations).toHaveValue("I|Very fair");
    await user.type(translations, "\nII|Fair\nIII|Olive");
    expect(last().options).toEqual([
      { value: "I", label: { it: "Molto chiara", en: "Very fair" } },
      { value: "II", label: { it: "Chiara", en: "Fair" } },
    ]);
    // A value that is no option is said, not silently kept or dropped.
    expect(screen.getByRole("alert")).toHaveTextContent("III");
  });

  it("marks an untranslated help text for an Italian editor: English readers would see the Italian", async () => {
    const { user } = renderEditor("it");
    const card = screen.getByRole("listitem", { name: "Campo Fototipo cutaneo" });
    await user.click(within(card).getByRole("button", { name: "Modifica Fototipo cutaneo" }));
    // Help text only in Italian: an English reader would see it, so the English box says so.
    const help = within(card).getByRole("group", { name: "Descrizione" });
    expect(within(help).getByLabelText("Inglese")).toHaveAccessibleDescription(
      expect.stringContaining("Non tradotto"),
    );
  });
});
