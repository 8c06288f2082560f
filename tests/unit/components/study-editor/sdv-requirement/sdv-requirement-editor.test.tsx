/** The study's source data verification requirement in the editor (docs/decisions/0031). */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SdvRequirementEditor } from "@/components/study-editor/sdv-requirement/sdv-requirement-editor";
import type { SdvRequirement } from "@/lib/schemas/data-review";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const changes: (SdvRequirement | undefined)[] = [];

function Harness({ initial, flagged }: { initial?: SdvRequirement; flagged: boolean }) {
  const [requirement, setRequirement] = useState(initial);
  return (
    <SdvRequirementEditor
      requirement={requirement}
      dataFields={[{}, flagged ? { sdv_required: true } : {}]}
      onChange={(next) => {
        changes.push(next);
        setRequirement(next);
      }}
    />
  );
}

const select = () => screen.getByRole("combobox", { name: "Source data verification" });
const WARNING = "No field is marked 'SDV required': with key fields only, nothing will need verification.";

describe("SdvRequirementEditor", () => {
  it("leaves none absent, and warns when key fields are asked for and none is marked", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness flagged={false} />);
    expect(select()).toHaveValue("none");
    expect(screen.queryByText(WARNING)).toBeNull();
    await user.selectOptions(select(), "key");
    expect(screen.getByText(WARNING)).toBeVisible();
    expect(select()).toHaveAccessibleDescription(expect.stringContaining(WARNING));
    await user.selectOptions(select(), "all");
    expect(screen.queryByText(WARNING)).toBeNull();
    await user.selectOptions(select(), "none");
    expect(changes).toEqual(["key", "all", undefined]);
  });

  it("does not warn when a field is marked; a document that said none keeps saying it", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness initial="none" flagged />);
    await user.selectOptions(select(), "key");
    expect(screen.queryByText(WARNING)).toBeNull();
    await user.selectOptions(select(), "none");
    expect(changes).toEqual(["key", "none"]);
  });

  it("speaks Italian from the catalogue", () => {
    renderWithIntl(<Harness initial="key" flagged={false} />, { locale: "it" });
    expect(screen.getByRole("combobox", { name: "Verifica dei dati alla fonte" })).toHaveValue("key");
    expect(screen.getByRole("option", { name: "Tutti i campi" })).toBeInTheDocument();
  });
});
