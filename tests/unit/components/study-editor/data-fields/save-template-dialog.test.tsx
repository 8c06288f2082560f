import { screen, waitFor } from "@testing-library/react";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SaveTemplateDialog } from "@/components/study-editor/data-fields/save-template-dialog";
import {
  FieldTemplateCreateBody,
  FieldTemplateResponse,
  TEMPLATE_MESSAGES,
} from "@/lib/schemas/field-templates";
import type { DataField } from "@/lib/schemas/study-config";
import { callsTo, invalid, ok, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { templateFixture } from "@/tests/support/msw/fixtures";
import { renderWithQuery } from "../../study-area/render-with-query";
import { inEnglish } from "@/tests/support/words-in";

const pasi: DataField = {
  entity: "visit",
  name: "pasi",
  label: "PASI",
  type: "number",
  category: "efficacy",
};

function renderDialog(reply: Reply) {
  serveApi(route("POST", "/api/field-templates", () => reply));
  const onSaved = vi.fn();
  renderWithQuery(
    <IntlWrapper>
      <SaveTemplateDialog open fields={[pasi]} onSaved={onSaved} onClose={vi.fn()} />
    </IntlWrapper>,
  );
  return { onSaved, user: userEvent.setup() };
}

describe("Save as Template", () => {
  it("refuses an empty name with the API schema's message, under the name", async () => {
    const { user } = renderDialog(ok(FieldTemplateResponse, templateFixture(3), 201));
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    const expected = inEnglish(
      FieldTemplateCreateBody.safeParse({ name: " ", fields: [pasi] }).error!.issues[0]!.message,
    );
    expect(expected).toBe(inEnglish(TEMPLATE_MESSAGES.nameRequired));
    await waitFor(() => expect(screen.getByLabelText("Template Name")).toHaveAccessibleDescription(expected));
    expect(callsTo("POST", "/api/field-templates")).toEqual([]);
  });

  it("sends the selected fields and puts a 422 on the field it names", async () => {
    const { user, onSaved } = renderDialog(
      invalid({ loc: ["body", "category"], msg: "Category is too long" }),
    );
    await user.type(screen.getByLabelText("Template Name"), "Scores");
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Category")).toHaveAccessibleDescription("Category is too long"),
    );
    expect(screen.getByText("Error saving template: Category is too long")).toBeInTheDocument();
    expect(callsTo("POST", "/api/field-templates")[0]!.body).toMatchObject({
      name: "Scores",
      description: null,
      category: null,
      is_global: true,
      fields: [{ name: "pasi", label: "PASI", type: "number" }],
    });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
