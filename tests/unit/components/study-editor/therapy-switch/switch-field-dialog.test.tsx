import { inEnglish } from "@/tests/support/words-in";
import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SwitchFieldDialog } from "@/components/study-editor/therapy-switch/switch-field-dialog";
import {
  TherapySwitchFieldSchema,
  type TherapySwitchFieldDocument as TherapySwitchField,
} from "@/lib/schemas/study-config";
import { ContentLanguageProvider } from "@/components/study-text/content-language";

const reason: TherapySwitchField = {
  name: "motivo",
  label: "Motivo",
  type: "select",
  options: [{ value: "altro", label: "Altro" }],
};

function renderDialog() {
  const onSave = vi.fn();
  renderWithIntl(<SwitchFieldDialog editing={null} fields={[reason]} onSave={onSave} onClose={vi.fn()} />);
  return { onSave, user: userEvent.setup(), dialog: screen.getByRole("dialog", { name: "Add field" }) };
}

/**
 * A study text's box: the default language's is named by the text ("Label"), the other language's
 * by its language inside the text's group.
 */
const textBox = (container: HTMLElement, text: string, language?: "English" | "Italiano") =>
  language
    ? within(within(container).getByRole("group", { name: text })).getByLabelText(language)
    : within(container).getByLabelText(text);

describe("SwitchFieldDialog", () => {
  it("checks the entry with the config's TherapySwitchFieldSchema and shows its messages", async () => {
    const { onSave, user, dialog } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const required = TherapySwitchFieldSchema.safeParse({ name: "", label: "", type: "text" }).error!
      .issues[0]!;
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(inEnglish(required.message)),
    );
    expect(within(dialog).getByLabelText("Name *")).toHaveAccessibleDescription(inEnglish(required.message));

    // A name with an invisible character: the schema's own identifier rule, before any save.
    await user.type(within(dialog).getByLabelText("Name *"), "note\u200b");
    await user.type(textBox(dialog, "Label *"), "Note");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const hidden = TherapySwitchFieldSchema.safeParse({ name: "note\u200b", label: "Note", type: "text" })
      .error!.issues[0]!;
    expect(inEnglish(hidden.message)).toMatch(
      /^Switch field name must not contain control or invisible characters/,
    );
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Name *")).toHaveAccessibleDescription(inEnglish(hidden.message)),
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it("keeps the list's rules: a taken name, then a condition without its value", async () => {
    const { onSave, user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText("Name *"), "motivo");
    await user.type(textBox(dialog, "Label *"), "Dettagli");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("A field with this name already exists"),
    );

    await user.clear(within(dialog).getByLabelText("Name *"));
    await user.type(within(dialog).getByLabelText("Name *"), "dettagli");
    await user.selectOptions(within(dialog).getByLabelText("Conditional on"), "motivo");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Conditional on")).toHaveAccessibleDescription(
        "Choose the value of the condition",
      ),
    );
    await user.selectOptions(within(dialog).getByLabelText("Value"), "altro");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      name: "dettagli",
      label: "Dettagli",
      type: "text",
      required: false,
      conditional_on: { field: "motivo", value: "altro" },
    });
  });

  it("edits the English words of a bilingual field and keeps the Italian ones (decision 0022)", async () => {
    const onSave = vi.fn();
    const editing: TherapySwitchField = {
      name: "motivo",
      label: { it: "Motivo", en: "Reason" },
      type: "select",
      placeholder: "Scegli",
      options: [
        { value: "efficacia", label: { it: "Perdita di efficacia", en: "Loss of efficacy" } },
        { value: "altro", label: "Altro" },
      ],
    };
    renderWithIntl(
      <ContentLanguageProvider language="it">
        <SwitchFieldDialog editing={editing} fields={[editing]} onSave={onSave} onClose={vi.fn()} />
      </ContentLanguageProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Edit field" });
    const user = userEvent.setup();
    expect(textBox(dialog, "Label *")).toHaveValue("Motivo");
    // Each language lists the options it has a label for, matched by value.
    const options = "Options (one per line, value|label)";
    expect(textBox(dialog, options)).toHaveValue("efficacia|Perdita di efficacia\naltro|Altro");
    expect(textBox(dialog, options, "English")).toHaveValue("efficacia|Loss of efficacy");

    const english = textBox(dialog, "Label *", "English");
    await user.clear(english);
    await user.type(english, "Why the switch");
    await user.type(textBox(dialog, "Placeholder", "English"), "Choose");
    await user.type(textBox(dialog, options, "English"), "{Enter}altro|Other");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      name: "motivo",
      label: { it: "Motivo", en: "Why the switch" },
      type: "select",
      required: false,
      placeholder: { it: "Scegli", en: "Choose" },
      options: [
        { value: "efficacia", label: { it: "Perdita di efficacia", en: "Loss of efficacy" } },
        { value: "altro", label: { it: "Altro", en: "Other" } },
      ],
    });
  });
});
