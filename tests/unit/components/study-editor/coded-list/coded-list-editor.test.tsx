/**
 * The shared coded-list editor (missing-data codes, decision 0023; signature meanings, decision
 * 0032): each config issue of the last save is shown at the part of the entry it is about.
 */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MissingCodesEditor } from "@/components/study-editor/missing-codes/missing-codes-editor";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import { MissingCodeSchema } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { renderWithIntl } from "@/tests/support/render-with-intl";

// The schema's own issues for a lowercase code with no label, where a save puts them.
const ENTRY_ISSUES: PathIssue[] = MissingCodeSchema.safeParse({ code: "unk", label: "" }).error!.issues.map(
  (issue) => ({ path: ["missing_codes", 0, ...(issue.path as string[])], message: issue.message }),
);

function renderCodes(issues: PathIssue[]) {
  renderWithIntl(
    <ContentLanguageProvider language="en">
      <MissingCodesEditor codes={[{ code: "unk", label: "" }]} onChange={() => {}} issues={issues} />
    </ContentLanguageProvider>,
  );
  return screen.getByTestId("missing-code-0");
}

describe("CodedListEditor", () => {
  it("shows a code's issue at the code and a label's issue at the label", () => {
    const entry = renderCodes(ENTRY_ISSUES);
    const code = within(entry).getByLabelText("Code");
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(code).toHaveAccessibleDescription(
      "The code must be capital letters, digits or underscores (at most 16), starting with a letter",
    );
    const label = within(entry).getByRole("textbox", { name: /Label/ });
    expect(label).toHaveAttribute("aria-invalid", "true");
    expect(label).toHaveAccessibleDescription(/Label is required/);
  });

  it("shows an issue about the whole list above it, and none at an entry", () => {
    const entry = renderCodes([{ path: ["missing_codes"], message: "Whole list" }]);
    expect(screen.getByRole("alert")).toHaveTextContent("Whole list");
    expect(within(entry).getByLabelText("Code")).not.toHaveAttribute("aria-invalid");
    expect(within(entry).getByRole("textbox", { name: /Label/ })).not.toHaveAttribute("aria-invalid");
  });
});
