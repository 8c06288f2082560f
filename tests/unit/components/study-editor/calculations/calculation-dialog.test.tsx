import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CalculationDialog } from "@/components/study-editor/calculations/calculation-dialog";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import {
  FORMULA_MESSAGES,
  type CalculationDocument as Calculation,
  type DataFieldDocument as DataField,
} from "@/lib/schemas/study-config";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { Locale } from "@/lib/i18n/locales";
import { inEnglish } from "@/tests/support/words-in";

const fields: DataField[] = [
  { entity: "visit", name: "pasi_score", label: "PASI", type: "number" },
  { entity: "visit", name: "dlqi_score", label: "DLQI", type: "number" },
];
const existing: Calculation = {
  name: "calc_total",
  label: "Total",
  formula: { type: "sum", fields: ["pasi_score"] },
};

function renderDialog(editing: Calculation | null = null, studyLanguage: Locale = "en") {
  const onSave = vi.fn();
  renderWithIntl(
    <ContentLanguageProvider language={studyLanguage}>
      <CalculationDialog
        editing={editing}
        calculations={editing ? [editing] : [existing]}
        dataFields={fields}
        visitTypes={[{ code: "baseline", label: "Baseline", order: 1 }]}
        onSave={onSave}
        onClose={vi.fn()}
      />
    </ContentLanguageProvider>,
  );
  const user = userEvent.setup();
  return { onSave, user, save: () => user.click(screen.getByRole("button", { name: "Save" })) };
}

/**
 * A study text's box: the default language's is named by the text ("Label *"), the other
 * language's by its language inside the text's group.
 */
const textBox = (text: string, language?: "English" | "Italiano") =>
  language
    ? within(screen.getByRole("group", { name: text })).getByLabelText(language)
    : screen.getByLabelText(text);

describe("Calculation dialog", () => {
  it("refuses a Save with the config's messages under each part, and sends nothing", async () => {
    const { onSave, save } = renderDialog();
    await save();
    const label = textBox("Label *");
    await waitFor(() => expect(label).toHaveAttribute("aria-invalid", "true"));
    expect(label).toHaveAccessibleDescription(
      expect.stringContaining(inEnglish(MESSAGES.calculationRequired)),
    );
    expect(screen.getByLabelText("Name *")).toHaveAccessibleDescription(
      inEnglish(MESSAGES.calculationRequired),
    );
    expect(screen.getByText(inEnglish(FORMULA_MESSAGES.fields))).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("names the calculation from its label, refuses a taken name or a field's name", async () => {
    const { onSave, user, save } = renderDialog();
    await user.type(textBox("Label *"), "Total");
    expect(screen.getByLabelText("Name *")).toHaveValue("calc_total");
    await user.click(screen.getByRole("checkbox", { name: "DLQI (dlqi_score)" }));
    await save();
    expect(await screen.findByText(inEnglish(MESSAGES.calculationUnique))).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Name *"));
    await user.type(screen.getByLabelText("Name *"), "pasi_score");
    await save();
    expect(await screen.findByText(inEnglish(MESSAGES.calculationClashesWithField))).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Name *"));
    await user.type(screen.getByLabelText("Name *"), "Bad Name");
    await save();
    expect(await screen.findByText(inEnglish(MESSAGES.calculationName))).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows an expression's syntax error under it and saves a good one, description trimmed", async () => {
    const { onSave, user, save } = renderDialog();
    await user.type(textBox("Label *"), "PASI share");
    await user.type(textBox("Description"), "  share of max  ");
    await user.selectOptions(screen.getByLabelText("Formula type"), "custom_expression");
    const expression = screen.getByLabelText(/^Expression/);
    await user.click(expression);
    await user.paste("data['pasi_score'] /");
    await save();
    await waitFor(() => expect(expression).toHaveAttribute("aria-invalid", "true"));
    expect(expression).toHaveAccessibleDescription(/position/);
    expect(onSave).not.toHaveBeenCalled();
    // Editing the formula retires the message about the one the last Save saw.
    await user.click(expression);
    await user.paste(" 72");
    expect(expression).not.toHaveAttribute("aria-invalid");
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: "calc_pasi_share",
        label: "PASI share",
        description: "share of max",
        formula: { type: "custom_expression", expression: "data['pasi_score'] / 72" },
      }),
    );
  });

  it("keeps an edited calculation's own name and asks a numeric threshold", async () => {
    const { onSave, user, save } = renderDialog(existing);
    expect(screen.getByLabelText("Name *")).toHaveValue("calc_total");
    await user.selectOptions(screen.getByLabelText("Formula type"), "threshold");
    await save();
    expect(await screen.findByText(inEnglish(FORMULA_MESSAGES.threshold))).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Field"), "pasi_score");
    await user.type(screen.getByLabelText("Threshold"), "75");
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: "calc_total",
        label: "Total",
        formula: { type: "threshold", field: "pasi_score", operator: "gte", threshold: 75 },
      }),
    );
  });

  it("edits the English words of a bilingual label, keeping the Italian ones and the name (decision 0022)", async () => {
    const bilingual: Calculation = {
      ...existing,
      label: { it: "Totale", en: "Total" },
      description: { it: "Somma dei punteggi", en: "" },
    };
    const { onSave, user, save } = renderDialog(bilingual, "it");
    expect(textBox("Label *")).toHaveValue("Totale");
    const english = textBox("Label *", "English");
    expect(english).toHaveValue("Total");
    await user.clear(english);
    await user.type(english, " Overall total ");
    // The name is made from the Italian words, which did not change.
    expect(screen.getByLabelText("Name *")).toHaveValue("calc_total");
    await user.type(textBox("Description", "English"), "Sum of the scores");
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: "calc_total",
        label: { it: "Totale", en: "Overall total" },
        description: { it: "Somma dei punteggi", en: "Sum of the scores" },
        formula: { type: "sum", fields: ["pasi_score"] },
      }),
    );
  });
});
