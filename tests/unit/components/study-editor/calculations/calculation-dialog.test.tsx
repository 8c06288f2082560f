import { screen, waitFor } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CalculationDialog } from "@/components/study-editor/calculations/calculation-dialog";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { FORMULA_MESSAGES, type Calculation, type DataField } from "@/lib/schemas/study-config";
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

function renderDialog(editing: Calculation | null = null) {
  const onSave = vi.fn();
  renderWithIntl(
    <CalculationDialog
      editing={editing}
      calculations={[existing]}
      dataFields={fields}
      visitTypes={[{ code: "baseline", label: "Baseline", order: 1 }]}
      onSave={onSave}
      onClose={vi.fn()}
    />,
  );
  const user = userEvent.setup();
  return { onSave, user, save: () => user.click(screen.getByRole("button", { name: "Save" })) };
}

describe("Calculation dialog", () => {
  it("refuses a Save with the config's messages under each part, and sends nothing", async () => {
    const { onSave, save } = renderDialog();
    await save();
    const label = screen.getByLabelText("Label *");
    await waitFor(() => expect(label).toHaveAttribute("aria-invalid", "true"));
    expect(label).toHaveAccessibleDescription(inEnglish(MESSAGES.calculationRequired));
    expect(screen.getByLabelText("Name *")).toHaveAccessibleDescription(
      inEnglish(MESSAGES.calculationRequired),
    );
    expect(screen.getByText(FORMULA_MESSAGES.fields)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("names the calculation from its label, refuses a taken name or a field's name", async () => {
    const { onSave, user, save } = renderDialog();
    await user.type(screen.getByLabelText("Label *"), "Total");
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
    await user.type(screen.getByLabelText("Label *"), "PASI share");
    await user.type(screen.getByLabelText("Description"), "  share of max  ");
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
    expect(await screen.findByText(FORMULA_MESSAGES.threshold)).toBeInTheDocument();
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
});
