/** The study's electronic signature settings in the editor (docs/decisions/0032). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import {
  SignatureSettingsEditor,
  type SignatureSettingsDocument,
} from "@/components/study-editor/signature-settings/signature-settings-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import { SignatureMeaningSchema } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

// The schema's own message for a bad key, as a save answers it.
const KEY_MESSAGE = SignatureMeaningSchema.safeParse({ key: "Bad", label: "x" }).error!.issues[0]!.message;
const changes: (SignatureSettingsDocument | undefined)[] = [];
const latest = () => changes[changes.length - 1];

function Harness({ initial }: { initial?: SignatureSettingsDocument }) {
  const [settings, setSettings] = useState(initial);
  return (
    <ContentLanguageProvider language="en">
      <SignatureSettingsEditor
        settings={settings}
        onChange={(next) => {
          changes.push(next);
          setSettings(next);
        }}
        issues={[
          {
            path: ["signatures", "meanings", 0, "key"],
            message: KEY_MESSAGE,
          },
        ]}
      />
    </ContentLanguageProvider>
  );
}

const REVIEW = "Refuse signing while queries are open or required fields are unverified";
const SUB = "Sub-investigators may sign their group's patients";

describe("SignatureSettingsEditor", () => {
  it("shows the defaults when absent; the checkboxes write their keys and take them out again", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    expect(screen.getByRole("checkbox", { name: REVIEW })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: SUB })).not.toBeChecked();
    expect(screen.getByText("I have reviewed the data", { exact: false })).toBeVisible();
    expect(changes).toEqual([]);

    await user.click(screen.getByRole("checkbox", { name: REVIEW }));
    expect(latest()).toEqual({ require_review_complete: false });
    await user.click(screen.getByRole("checkbox", { name: SUB }));
    expect(latest()).toEqual({ require_review_complete: false, sub_investigators_sign: true });
    await user.click(screen.getByRole("checkbox", { name: REVIEW }));
    expect(latest()).toEqual({ sub_investigators_sign: true });
    await user.click(screen.getByRole("checkbox", { name: SUB }));
    // Back to every default: the key leaves the document.
    expect(latest()).toBeUndefined();
  });

  it("keeps a stated default stated", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness initial={{ require_review_complete: true, sub_investigators_sign: false }} />);
    await user.click(screen.getByRole("checkbox", { name: REVIEW }));
    await user.click(screen.getByRole("checkbox", { name: REVIEW }));
    await user.click(screen.getByRole("checkbox", { name: SUB }));
    await user.click(screen.getByRole("checkbox", { name: SUB }));
    expect(latest()).toEqual({ require_review_complete: true, sub_investigators_sign: false });
  });

  it("copies the standard meanings, then adds, edits, reorders and removes one", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness initial={{ sub_investigators_sign: true }} />);
    await user.click(screen.getByRole("button", { name: "Edit the list" }));
    expect(latest()).toEqual({
      sub_investigators_sign: true,
      meanings: [
        { key: "approve", label: { en: "I approve the data", it: "Approvo i dati" } },
        { key: "review", label: { en: "I have reviewed the data", it: "Ho esaminato i dati" } },
        { key: "author", label: { en: "I am the author", it: "Sono l'autore dei dati" } },
      ],
    });
    // The save's message for the first key, in words and tied to the box.
    const message =
      "Meaning key must start with a lowercase letter and contain only lowercase letters, numbers and underscores (at most 32 characters)";
    expect(
      within(screen.getByTestId("signature-meaning-0")).getByLabelText("Key"),
    ).toHaveAccessibleDescription(message);

    await user.click(screen.getByRole("button", { name: "Add meaning" }));
    const fourth = screen.getByTestId("signature-meaning-3");
    await user.type(within(fourth).getByLabelText("Key"), "Witness");
    const [english, italian] = within(fourth).getAllByRole("textbox").slice(1);
    await user.type(english!, "I witnessed the signature");
    await user.type(italian!, "Ho assistito alla firma");
    expect(latest()?.meanings?.[3]).toEqual({
      key: "witness",
      label: { en: "I witnessed the signature", it: "Ho assistito alla firma" },
    });

    const review = within(screen.getByTestId("signature-meaning-1")).getByLabelText("Key");
    await user.clear(review);
    await user.type(review, "reviewed");
    expect(latest()?.meanings?.[1]?.key).toBe("reviewed");

    await user.click(screen.getByRole("button", { name: "Move witness up" }));
    expect(latest()?.meanings?.map((meaning) => meaning.key)).toEqual([
      "approve",
      "reviewed",
      "witness",
      "author",
    ]);
    await user.click(screen.getByRole("button", { name: "Remove meaning approve" }));
    expect(latest()?.meanings?.map((meaning) => meaning.key)).toEqual(["reviewed", "witness", "author"]);

    await user.click(screen.getByRole("button", { name: "Use the standard meanings" }));
    expect(latest()).toEqual({ sub_investigators_sign: true });
  });

  it("speaks Italian from the catalogue", () => {
    renderWithIntl(<Harness />, { locale: "it" });
    expect(
      screen.getByRole("checkbox", {
        name: "Rifiuta la firma finché ci sono query aperte o campi obbligatori non verificati",
      }),
    ).toBeChecked();
    expect(screen.getByRole("button", { name: "Modifica l'elenco" })).toBeVisible();
  });
});
