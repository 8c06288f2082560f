import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArraySchemaEditor } from "@/components/study-editor/data-fields/array-schema-editor";
import type { SubFieldDocument } from "@/lib/schemas/study-config";
import { SUB_FIELD_MESSAGES } from "@/lib/study-editor/data-fields";
import { inEnglish } from "@/tests/support/words-in";

function renderEditor(start: Record<string, SubFieldDocument> = {}) {
  const changes: Record<string, SubFieldDocument>[] = [];
  function Harness() {
    const [schema, setSchema] = useState(start);
    return (
      <ArraySchemaEditor
        fieldLabel="Lesions"
        schema={schema}
        onChange={(next) => {
          changes.push(next);
          setSchema(next);
        }}
      />
    );
  }
  renderWithIntl(<Harness />);
  return { user: userEvent.setup(), last: () => changes[changes.length - 1] };
}

const session = () => screen.getByRole("group", { name: /sub-field/i });

afterEach(() => vi.restoreAllMocks());

describe("ArraySchemaEditor", () => {
  it("requires name and label", async () => {
    const { user, last } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add Sub-field" }));
    await user.click(within(session()).getByRole("button", { name: "Add" }));
    // The config's sub-field rules (subFieldEntrySchema), each message under its box.
    const name = within(session()).getByLabelText("Name");
    const label = within(session()).getByLabelText("Label");
    await waitFor(() => expect(name).toHaveAccessibleDescription("Name and Label are required"));
    expect(label).toHaveAccessibleDescription(expect.stringContaining("Name and Label are required"));
    await user.type(name, "site");
    await user.type(label, "   ");
    await user.click(within(session()).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(name).not.toHaveAttribute("aria-invalid"));
    expect(label).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Name and Label are required");
    await user.clear(name);
    await user.type(name, "Site");
    await user.click(within(session()).getByRole("button", { name: "Add" }));
    expect(await within(session()).findByText(inEnglish(SUB_FIELD_MESSAGES.format))).toBeInTheDocument();
    expect(last()).toBeUndefined();
  });

  it("adds a radio sub-field with options one per line, blank lines dropped", async () => {
    const { user, last } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add Sub-field" }));
    const s = session();
    await user.type(within(s).getByLabelText("Name"), "site");
    await user.type(within(s).getByLabelText("Label"), "Site");
    await user.selectOptions(within(s).getByLabelText("Type"), "radio");
    await user.type(
      within(s).getByLabelText("Options (one per line)"),
      "scalp{Enter}{Enter}  {Enter}elbow{Enter}",
    );
    await user.click(within(s).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(last()).toBeDefined());
    expect(last()).toEqual({
      site: {
        type: "radio",
        label: "Site",
        options: [
          { value: "scalp", label: "scalp" },
          { value: "elbow", label: "elbow" },
        ],
      },
    });
    expect(screen.queryByRole("group", { name: /sub-field/i })).toBeNull();
  });

  it("keeps optional min and max on number sub-fields", async () => {
    const { user, last } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add Sub-field" }));
    const s = session();
    await user.type(within(s).getByLabelText("Name"), "area");
    await user.type(within(s).getByLabelText("Label"), "Area");
    await user.selectOptions(within(s).getByLabelText("Type"), "number");
    await user.type(within(s).getByLabelText("Min"), "0");
    await user.click(within(s).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(last()).toEqual({ area: { type: "number", label: "Area", validation: { min: 0 } } }),
    );

    await user.click(screen.getByRole("button", { name: "Edit sub-field Area" }));
    await user.type(within(session()).getByLabelText("Max"), "-1");
    await user.click(within(session()).getByRole("button", { name: "Update" }));
    expect(await within(session()).findByText(SUB_FIELD_MESSAGES.bounds)).toBeInTheDocument();
    expect(within(session()).getByLabelText("Max")).toHaveAttribute("aria-invalid", "true");
    await user.clear(within(session()).getByLabelText("Max"));
    await user.type(within(session()).getByLabelText("Max"), "100");
    await user.click(within(session()).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: /sub-field/i })).toBeNull());
    expect(last()).toEqual({ area: { type: "number", label: "Area", validation: { min: 0, max: 100 } } });
  });

  it("allows one add or edit session at a time; a rename keeps the position", async () => {
    const { user, last } = renderEditor({
      site: { type: "text", label: "Site" },
      area: { type: "number", label: "Area" },
    });
    await user.click(screen.getByRole("button", { name: "Edit sub-field Site" }));
    expect(screen.getByRole("button", { name: "Add Sub-field" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Edit sub-field Area" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete sub-field Area" })).toBeDisabled();
    expect(screen.getAllByRole("group", { name: /sub-field/i })).toHaveLength(1);
    const name = within(session()).getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "body_site");
    await user.click(within(session()).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(Object.keys(last()!)).toEqual(["body_site", "area"]));
    expect(screen.getByRole("button", { name: "Add Sub-field" })).toBeEnabled();
  });

  it("refuses a name taken by another sub-field", async () => {
    const { user } = renderEditor({ site: { type: "text", label: "Site" } });
    await user.click(screen.getByRole("button", { name: "Add Sub-field" }));
    await user.type(within(session()).getByLabelText("Name"), "site");
    await user.type(within(session()).getByLabelText("Label"), "Again");
    await user.click(within(session()).getByRole("button", { name: "Add" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A sub-field with this name already exists");
    expect(within(session()).getByLabelText("Name")).toHaveAccessibleDescription(
      "A sub-field with this name already exists",
    );
  });

  it("deletes after confirmation", async () => {
    const { user, last } = renderEditor({ site: { type: "text", label: "Site" } });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole("button", { name: "Delete sub-field Site" }));
    expect(last()).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Delete sub-field Site" }));
    expect(confirm).toHaveBeenCalledWith('Delete sub-field "Site"?');
    expect(last()).toEqual({});
  });
});
