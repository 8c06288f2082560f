import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { SI_NO, YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm } from "@/components/forms/dynamic-form";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import type { Calculation, Category, DataField } from "@/lib/schemas/study-config";

/** The error summary above the form (each field also announces its own message). */
const SUMMARY = "Please fix the following errors:";

const demoFields = DEMO_STUDY_CONFIG.data_fields as DataField[];
const demoCategories = DEMO_STUDY_CONFIG.categories as Category[];
const demoCalculations = DEMO_STUDY_CONFIG.calculations as Calculation[];

const categories: Category[] = [
  { code: "main", label: "Main", order: 1, entity: "visit" },
  { code: "extra", label: "Extra", order: 2, entity: "visit" },
];

const field = (overrides: Partial<DataField> & Pick<DataField, "name" | "type">): DataField => ({
  entity: "visit",
  label: overrides.name.replaceAll("_", " "),
  category: "main",
  ...overrides,
});

function renderForm(fields: DataField[], extra: Partial<React.ComponentProps<typeof DynamicForm>> = {}) {
  const onSubmit = vi.fn();
  renderWithIntl(
    <DynamicForm
      fields={fields}
      categories={categories}
      entity="visit"
      defaultOpenCategory="main"
      booleanLabels={YES_NO}
      onSubmit={onSubmit}
      {...extra}
    >
      <button type="submit">Save</button>
    </DynamicForm>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe("DynamicForm", () => {
  it("groups fields by category with the default section open", () => {
    renderForm([
      field({ name: "score", type: "number" }),
      field({ name: "note", type: "text", category: "extra" }),
    ]);
    const main = screen.getByText("Main").closest("details")!;
    const extra = screen.getByText("Extra").closest("details")!;
    expect(main).toHaveAttribute("open");
    expect(extra).not.toHaveAttribute("open");
    expect(within(main).getByLabelText("score")).toBeVisible();
  });

  it("renders every field type, booleans as Yes/No (the SI/NO style too: Sì/No in Italian), and says when a type is unsupported", () => {
    const options = [
      { value: "a", label: "Alpha" },
      { value: "b", label: "Beta" },
    ];
    const all: DataField[] = [
      field({ name: "t", type: "text" }),
      field({ name: "ta", type: "textarea" }),
      field({ name: "n", type: "number" }),
      field({ name: "d", type: "date" }),
      field({ name: "m", type: "month" }),
      field({ name: "s", type: "select", options }),
      field({ name: "ms", type: "multiselect", options }),
      field({ name: "b", type: "boolean" }),
      field({ name: "c", type: "checkbox" }),
      field({ name: "e", type: "email" }),
      field({ name: "r", type: "radio", options }),
      field({ name: "arr", type: "array", schema: { x: { type: "text", label: "X" } } }),
      field({ name: "sig", type: "signature" }),
    ];
    const { container } = renderWithIntl(
      <DynamicForm
        fields={all}
        categories={categories}
        entity="visit"
        defaultOpenCategory="main"
        booleanLabels={SI_NO}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText("t")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("ta").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("n")).toHaveAttribute("inputmode", "decimal");
    // Dates and months are typed in one stop, their format in the description (decision 0027).
    expect(screen.getByLabelText("d")).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByLabelText("d")).toHaveAccessibleDescription("Format: mm/dd/yyyy");
    expect(screen.getByLabelText("m")).toHaveAccessibleDescription("Format: mm/yyyy");
    expect(within(screen.getByLabelText("s")).getByRole("option", { name: "Beta" })).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "ms" })).getAllByRole("checkbox")).toHaveLength(2);
    expect(within(screen.getByRole("group", { name: "b" })).getByLabelText("Yes")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "b" })).getByLabelText("No")).toBeInTheDocument();
    expect(screen.getByLabelText("c")).toHaveAttribute("type", "checkbox");
    expect(screen.getByLabelText("e")).toHaveAttribute("type", "email");
    expect(within(screen.getByRole("group", { name: "r" })).getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "+ Add arr" })).toBeInTheDocument();
    expect(container).toHaveTextContent("Unsupported field type: signature");
  });

  it("shows and hides fields live with show_if (spec §4 therapy history)", async () => {
    const patientFields = demoFields.filter((f) => f.entity === "patient");
    const user = userEvent.setup();
    renderWithIntl(
      <DynamicForm
        fields={patientFields}
        categories={demoCategories}
        entity="patient"
        defaultOpenCategory="therapy_history"
        booleanLabels={SI_NO}
        onSubmit={vi.fn()}
      />,
    );
    const naiveBiologic = screen.getByRole("group", { name: "Naive to biologic therapy" });
    expect(screen.queryByRole("group", { name: "Failed previous biologics" })).toBeNull();
    await user.click(within(naiveBiologic).getByLabelText("No"));
    const failed = screen.getByRole("group", { name: "Failed previous biologics" });
    expect(screen.queryByRole("group", { name: /Previous biologics/ })).toBeNull();
    await user.click(within(failed).getByLabelText("Yes"));
    expect(screen.getByRole("group", { name: /Previous biologics/ })).toBeInTheDocument();
    await user.click(within(naiveBiologic).getByLabelText("Yes"));
    expect(screen.queryByRole("group", { name: "Failed previous biologics" })).toBeNull();
    expect(screen.queryByRole("group", { name: /Previous biologics/ })).toBeNull();

    // naive_systemic = Yes (SI) hides the previous-therapy checkboxes.
    const naiveSystemic = screen.getByRole("group", { name: "Naive to conventional systemic therapy" });
    await user.click(within(naiveSystemic).getByLabelText("No"));
    const checkboxCount = screen.getAllByRole("checkbox").length;
    await user.click(within(naiveSystemic).getByLabelText("Yes"));
    expect(screen.getAllByRole("checkbox").length).toBeLessThan(checkboxCount);
  });

  it("lists the errors after a failed submit and does not submit", async () => {
    const { onSubmit, user } = renderForm([
      field({
        name: "pasi_score",
        label: "PASI",
        type: "number",
        validation: { required: true, min: 0, max: 72 },
      }),
      field({ name: "email", label: "Contact", type: "email" }),
      field({ name: "note", label: "Note", type: "text", category: "extra", validation: { required: true } }),
    ]);
    await user.type(screen.getByLabelText("Contact"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert", { name: SUMMARY });
    expect(alert).toHaveTextContent("Please fix the following errors:");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["PASI is required", "Contact must be a valid email address", "Note is required"]);
    expect(onSubmit).not.toHaveBeenCalled();
    // The section holding an error opens, and the field says what is wrong.
    expect(screen.getByText("Extra").closest("details")).toHaveAttribute("open");
    expect(screen.getByLabelText(/PASI/)).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText(/PASI/), "80");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(screen.getByRole("alert", { name: SUMMARY })).toHaveTextContent("PASI must be at most 72"),
    );
  });

  it("submits the cleaned values: hidden fields dropped", async () => {
    const { onSubmit, user } = renderForm([
      field({ name: "adverse_event", label: "Adverse event", type: "boolean" }),
      field({
        name: "ae_text",
        label: "Describe",
        type: "text",
        show_if: { field: "adverse_event", operator: "eq", value: true },
      }),
    ]);
    const group = screen.getByRole("group", { name: "Adverse event" });
    await user.click(within(group).getByLabelText("Yes"));
    await user.type(screen.getByLabelText("Describe"), "rash");
    await user.click(within(group).getByLabelText("No"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ adverse_event: false });
  });

  it("disables a field while enable_if is false", async () => {
    const { user } = renderForm([
      field({ name: "resolved", label: "Resolved", type: "boolean" }),
      field({
        name: "resolved_on",
        label: "Resolved on",
        type: "date",
        enable_if: { field: "resolved", operator: "eq", value: true },
      }),
    ]);
    expect(screen.getByLabelText("Resolved on")).toBeDisabled();
    await user.click(within(screen.getByRole("group", { name: "Resolved" })).getByLabelText("Yes"));
    expect(screen.getByLabelText("Resolved on")).toBeEnabled();
  });

  it("adds and removes array rows and validates each row", async () => {
    const { onSubmit, user } = renderForm([
      field({
        name: "drugs",
        label: "Drugs",
        type: "array",
        validation: { required: true },
        schema: {
          drug: { type: "text", label: "Drug", validation: { required: true } },
          dose: { type: "number", label: "Dose", validation: { min: 1 } },
        },
      }),
    ]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert", { name: SUMMARY })).toHaveTextContent("Drugs is required");

    await user.click(screen.getByRole("button", { name: "+ Add Drugs" }));
    await user.click(screen.getByRole("button", { name: "+ Add Drugs" }));
    expect(screen.getAllByLabelText(/Drug\s*\*?$/)).toHaveLength(2);
    await user.type(screen.getAllByLabelText(/Drug\s*\*?$/)[0]!, "adalimumab");
    fireEvent.change(screen.getAllByLabelText("Dose")[0]!, { target: { value: "0" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(screen.getByRole("alert", { name: SUMMARY })).toHaveTextContent("Dose must be at least 1"),
    );
    expect(screen.getByRole("alert", { name: SUMMARY })).toHaveTextContent("Drug is required");

    await user.click(screen.getByRole("button", { name: "Remove Drugs 2" }));
    fireEvent.change(screen.getAllByLabelText("Dose")[0]!, { target: { value: "40" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ drugs: [{ drug: "adalimumab", dose: 40 }] });
  });

  it("shows calculated values read-only as they update", async () => {
    const visitFields = demoFields.filter((f) => f.entity === "visit");
    renderWithIntl(
      <DynamicForm
        fields={visitFields}
        categories={demoCategories}
        entity="visit"
        defaultOpenCategory="efficacy"
        booleanLabels={YES_NO}
        calculations={demoCalculations}
        baselineValues={{ pasi_score: 20 }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByTestId("calc-pasi_improvement")).toHaveTextContent("—");
    fireEvent.change(screen.getByLabelText(/^PASI/), { target: { value: "4" } });
    await waitFor(() => expect(screen.getByTestId("calc-pasi_improvement")).toHaveTextContent("80"));
    expect(screen.getByTestId("calc-pasi75_achieved")).toHaveTextContent("Yes");
    fireEvent.change(screen.getByLabelText(/^PASI/), { target: { value: "6" } });
    await waitFor(() => expect(screen.getByTestId("calc-pasi_improvement")).toHaveTextContent("70"));
    expect(screen.getByTestId("calc-pasi75_achieved")).toHaveTextContent("No");
  });
});
