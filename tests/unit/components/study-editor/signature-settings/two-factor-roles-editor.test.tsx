/** The study roles that must sign in with a second factor, in the editor (docs/decisions/0033). */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TwoFactorRolesEditor } from "@/components/study-editor/signature-settings/two-factor-roles-editor";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

type Roles = StudyConfigDocument["two_factor_roles"];
const changes: Roles[] = [];

function Harness({ initial }: { initial?: Roles }) {
  const [roles, setRoles] = useState(initial);
  return (
    <TwoFactorRolesEditor
      roles={roles}
      onChange={(next) => {
        changes.push(next);
        setRoles(next);
      }}
    />
  );
}

describe("TwoFactorRolesEditor", () => {
  it("writes the checked roles in the roles' order, and takes the key out when none is left", async () => {
    changes.length = 0;
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    const group = screen.getByRole("group", { name: "Study roles that must sign in with a second factor" });
    expect(group).toBeVisible();
    expect(screen.getAllByRole("checkbox").every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "Sub-Investigator" }));
    await user.click(screen.getByRole("checkbox", { name: "Principal Investigator" }));
    expect(changes.at(-1)).toEqual(["principal_investigator", "sub_investigator"]);
    await user.click(screen.getByRole("checkbox", { name: "Sub-Investigator" }));
    expect(changes.at(-1)).toEqual(["principal_investigator"]);
    await user.click(screen.getByRole("checkbox", { name: "Principal Investigator" }));
    expect(changes.at(-1)).toBeUndefined();
  });

  it("shows a stated list checked, in Italian from the catalogue", () => {
    changes.length = 0;
    renderWithIntl(<Harness initial={["data_manager"]} />, { locale: "it" });
    expect(screen.getByRole("checkbox", { name: "Data manager" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Sperimentatore principale" })).not.toBeChecked();
    expect(changes).toEqual([]);
  });
});
