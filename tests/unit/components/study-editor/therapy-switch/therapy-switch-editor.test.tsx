import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TherapySwitchEditor } from "@/components/study-editor/therapy-switch/therapy-switch-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { TherapySwitchConfigDocument } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const italianOnly: TherapySwitchConfigDocument = {
  enabled: true,
  prompt_message: "Il paziente continua la stessa terapia?",
  switch_fields: [
    {
      name: "motivo",
      label: { it: "Motivo", en: "Reason" },
      type: "select",
      required: true,
      options: [{ value: "altro", label: { it: "Altro", en: "Other" } }],
    },
  ],
};

/** Feeds onChange back in, as the study editor does, and records every change. */
function renderEditor(config: TherapySwitchConfigDocument) {
  const changes: TherapySwitchConfigDocument[] = [];
  function Harness() {
    const [current, setCurrent] = useState(config);
    return (
      <TherapySwitchEditor
        config={current}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  renderWithIntl(
    <ContentLanguageProvider language="it">
      <Harness />
    </ContentLanguageProvider>,
    { locale: "en" },
  );
  return { changes, user: userEvent.setup() };
}

describe("TherapySwitchEditor with bilingual texts (decision 0022)", () => {
  it("adds the English prompt beside the Italian one, and previews the reader's language", async () => {
    const { changes, user } = renderEditor(italianOnly);
    const prompt = screen.getByRole("group", { name: "Prompt message" });
    expect(screen.getByLabelText("Prompt message")).toHaveValue("Il paziente continua la stessa terapia?");
    // Not translated yet: the English box says its readers get the Italian text.
    const english = within(prompt).getByLabelText("English");
    expect(english).toHaveAccessibleDescription(/Not translated/);
    const preview = screen.getByRole("complementary", { name: "Preview" });
    expect(within(preview).getByText("Il paziente continua la stessa terapia?")).toBeInTheDocument();

    await user.type(english, "Is the patient continuing the same therapy?");
    expect(changes.at(-1)?.prompt_message).toEqual({
      it: "Il paziente continua la stessa terapia?",
      en: "Is the patient continuing the same therapy?",
    });
    expect(changes.at(-1)?.switch_fields).toBe(italianOnly.switch_fields);
    expect(within(preview).getByText("Is the patient continuing the same therapy?")).toBeInTheDocument();
    // The field in the list and in the previewed form, in English.
    expect(screen.getByRole("listitem", { name: "Reason" })).toBeInTheDocument();
    await user.click(within(preview).getByRole("button", { name: "No" }));
    expect(within(preview).getByLabelText(/Reason/)).toBeInTheDocument();
    expect(within(preview).getByRole("option", { name: "Other" })).toBeInTheDocument();
  });
});
