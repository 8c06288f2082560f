import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm } from "@/components/forms/dynamic-form";
import type { Locale } from "@/lib/i18n/locales";
import type { DataField } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

// A number field typed in the reader's language (docs/decisions/0021): the form holds the number.
const pasi: DataField = { entity: "visit", name: "pasi", label: "PASI", type: "number", category: "main" };

function renderNumberForm(locale: Locale, defaultValues?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  renderWithIntl(
    <DynamicForm
      fields={[pasi]}
      categories={[{ code: "main", label: "Main", order: 1, entity: "visit" }]}
      entity="visit"
      defaultOpenCategory="main"
      booleanLabels={YES_NO}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
    >
      <button type="submit">OK</button>
    </DynamicForm>,
    { locale },
  );
  return { onSubmit, user: userEvent.setup(), box: screen.getByLabelText("PASI") };
}

describe("number fields in the reader's language", () => {
  it("reads an Italian decimal comma and submits the number", async () => {
    const { onSubmit, user, box } = renderNumberForm("it");
    expect(box).toHaveAttribute("inputmode", "decimal");
    await user.type(box, "12,5");
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ pasi: 12.5 });
  });

  it("shows a stored number with a decimal comma in Italian and a point in English", () => {
    const italian = renderNumberForm("it", { pasi: 7.25 });
    expect(italian.box).toHaveValue("7,25");
  });

  it("keeps the English rule: 1,5 is not a number, so nothing is sent", async () => {
    const { onSubmit, user, box } = renderNumberForm("en", { pasi: 7.25 });
    expect(box).toHaveValue("7.25");
    await user.clear(box);
    await user.type(box, "1,5");
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(box).toHaveAttribute("aria-invalid", "true"));
    expect(box).toHaveValue("1,5");
    expect(screen.getAllByText("PASI must be a number").length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses Italian thousands grouping rather than guess", async () => {
    const { onSubmit, user, box } = renderNumberForm("it");
    await user.type(box, "1.500");
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(box).toHaveAttribute("aria-invalid", "true"));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends no value once the field is cleared", async () => {
    const { onSubmit, user, box } = renderNumberForm("it", { pasi: 3 });
    await user.clear(box);
    expect(box).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].pasi).toBeUndefined();
  });

  it("steps by 0.1 with the arrow keys (the spec's step), in the reader's notation", async () => {
    const { user, box } = renderNumberForm("it", { pasi: 1.23 });
    await user.click(box);
    await user.keyboard("{ArrowUp}");
    expect(box).toHaveValue("1,3");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(box).toHaveValue("1,1");
  });
});
