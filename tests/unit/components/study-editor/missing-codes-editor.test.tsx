/** The study editor's missing-data code list (docs/decisions/0023). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MissingCodesEditor } from "@/components/study-editor/missing-codes/missing-codes-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import type { MissingCodeDocument } from "@/lib/schemas/study-config";
import { MESSAGES } from "@/lib/schemas/study-config-rules";
import { renderWithIntl } from "@/tests/support/render-with-intl";

let latest: MissingCodeDocument[] | undefined;

function Harness({ initial }: { initial?: MissingCodeDocument[] }) {
  const [codes, setCodes] = useState(initial);
  return (
    <ContentLanguageProvider language="en">
      <MissingCodesEditor
        codes={codes}
        onChange={(next) => {
          latest = next;
          setCodes(next);
        }}
        issues={[{ path: ["missing_codes", 1, "code"], message: MESSAGES.missingCodeUnique }]}
      />
    </ContentLanguageProvider>
  );
}

describe("MissingCodesEditor", () => {
  it("shows the standard codes until edited; editing copies them into the document", async () => {
    renderWithIntl(<Harness />);
    const user = userEvent.setup();
    expect(
      screen.getByText("This study uses the standard codes. Edit the list to make it the study's own."),
    ).toBeVisible();
    expect(screen.getByText("ASKU")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Edit the list" }));
    expect(latest?.map((entry) => entry.code)).toEqual(["NA", "UNK", "ASKU", "NASK", "ND"]);
    expect(latest?.[1]?.label).toEqual({ it: "Sconosciuto", en: "Unknown" });
    await user.click(screen.getByRole("button", { name: "Use the standard codes" }));
    expect(latest).toBeUndefined();
  });

  it("adds, edits (capitals), reorders and removes codes, and shows the config check's message", async () => {
    renderWithIntl(
      <Harness
        initial={[
          { code: "UNK", label: { it: "Sconosciuto", en: "Unknown" } },
          { code: "UNK", label: "Again" },
        ]}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByText("Missing-data codes must be unique")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Add code" }));
    const third = screen.getByTestId("missing-code-2");
    await user.type(within(third).getByLabelText("Code"), "lost");
    await user.type(within(third).getByRole("textbox", { name: /Label/ }), "Lost to follow-up");
    expect(latest?.[2]).toEqual({ code: "LOST", label: "Lost to follow-up" });
    await user.click(screen.getByRole("button", { name: "Move LOST up" }));
    expect(latest?.map((entry) => entry.code)).toEqual(["UNK", "LOST", "UNK"]);
    await user.click(screen.getAllByRole("button", { name: "Remove code UNK" })[1]!);
    expect(latest?.map((entry) => entry.code)).toEqual(["UNK", "LOST"]);
  });
});
