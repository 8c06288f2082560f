import type { ReactElement } from "react";
import { inEnglish } from "@/tests/support/words-in";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MedicalGroupsPage } from "@/components/medical-groups/medical-groups-page";
import { StudyTeamPage } from "@/components/team/study-team-page";
import {
  AdminUserListResponse,
  MedicalGroupCreateBody,
  MedicalGroupListResponse,
  MedicalGroupResponse,
  TEAM_MESSAGES,
  UserStudyRoleCreateBody,
  UserStudyRoleListResponse,
  UserStudyRoleResponse,
} from "@/lib/schemas/users";
import { callsTo, invalid, ok, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { adminUserFixture, assignmentFixture, medicalGroupFixture } from "@/tests/support/msw/fixtures";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery as renderWithQueryOnly } from "../study-area/render-with-query";

/** The page as a signed-in area renders it: a query client and the English catalogue. */
const renderWithQuery = (ui: ReactElement) => renderWithQueryOnly(<IntlWrapper>{ui}</IntlWrapper>);

function serveTeam(onAssign: () => Reply) {
  serveApi(
    route("GET", "/api/admin/user-study-roles", () => ok(UserStudyRoleListResponse, { items: [], total: 0 })),
    route("GET", "/api/admin/users", () =>
      ok(AdminUserListResponse, { items: [adminUserFixture(4, { full_name: "Dott. Bianchi" })], total: 1 }),
    ),
    route("GET", "/api/studies/{id}/medical-groups", () =>
      ok(MedicalGroupListResponse, { items: [medicalGroupFixture(2, { name: "Milano" })], total: 1 }),
    ),
    route("POST", "/api/admin/user-study-roles", onAssign),
  );
}

async function openAssign() {
  const user = userEvent.setup();
  renderWithQuery(<StudyTeamPage studyId={1} studyName="Registry" currentUserId={1} readOnly={false} />);
  await waitFor(() => expect(screen.getByRole("button", { name: "Assign User" })).toBeEnabled());
  await user.click(screen.getByRole("button", { name: "Assign User" }));
  return { user, dialog: screen.getByRole("dialog", { name: "Assign User to Study" }) };
}

describe("Assign User to Study", () => {
  it("refuses with the API schema's messages: User and Role required, a group for a Sub-Investigator", async () => {
    serveTeam(() => ok(UserStudyRoleResponse, assignmentFixture(1), 201));
    const { user, dialog } = await openAssign();
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    const expected = UserStudyRoleCreateBody.safeParse({ study_id: 1, role: "" }).error!.issues;
    const at = (path: string) => inEnglish(expected.find((i) => i.path.join(".") === path)?.message ?? "");
    expect(at("user_id")).toBe(inEnglish(TEAM_MESSAGES.userRequired));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("User")).toHaveAccessibleDescription(at("user_id")!),
    );
    expect(within(dialog).getByLabelText("Role")).toHaveAccessibleDescription(at("role")!);

    await user.selectOptions(within(dialog).getByLabelText("User"), "4");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "sub_investigator");
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    const group = UserStudyRoleCreateBody.safeParse({ user_id: 4, study_id: 1, role: "sub_investigator" })
      .error!.issues[0]!;
    expect(group).toMatchObject({ path: ["medical_group_id"], message: TEAM_MESSAGES.groupRequired });
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Medical Group")).toHaveAccessibleDescription(
        inEnglish(group.message),
      ),
    );
    expect(callsTo("POST", "/api/admin/user-study-roles")).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText("Medical Group"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(callsTo("POST", "/api/admin/user-study-roles")).toHaveLength(1));
    expect(callsTo("POST", "/api/admin/user-study-roles")[0]!.body).toEqual({
      user_id: 4,
      study_id: 1,
      role: "sub_investigator",
      medical_group_id: 2,
    });
  });

  it("puts the server's 422 on the Medical Group select", async () => {
    serveTeam(() =>
      invalid({ loc: ["body", "medical_group_id"], msg: inEnglish(TEAM_MESSAGES.groupNotInStudy) }),
    );
    const { user, dialog } = await openAssign();
    await user.selectOptions(within(dialog).getByLabelText("User"), "4");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "sub_investigator");
    await user.selectOptions(within(dialog).getByLabelText("Medical Group"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Medical Group")).toHaveAccessibleDescription(
        inEnglish(TEAM_MESSAGES.groupNotInStudy),
      ),
    );
    expect(screen.getByRole("dialog", { name: "Assign User to Study" })).toBeInTheDocument();
  });
});

describe("Create Medical Group", () => {
  function serveGroups(onCreate: () => Reply) {
    serveApi(
      route("GET", "/api/studies/{id}/medical-groups", () =>
        ok(MedicalGroupListResponse, { items: [], total: 0 }),
      ),
      route("POST", "/api/studies/{id}/medical-groups", onCreate),
    );
    renderWithQuery(<MedicalGroupsPage studyId={1} studyName="Registry" readOnly={false} />);
  }

  it("shows the API schema's messages, uppercases the code and sends the parsed body", async () => {
    serveGroups(() => ok(MedicalGroupResponse, medicalGroupFixture(3), 201));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create Medical Group" }));
    const dialog = screen.getByRole("dialog", { name: "Create Medical Group" });
    await user.type(within(dialog).getByLabelText("Name"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    const issues = MedicalGroupCreateBody.safeParse({ code: "", name: "   " }).error!.issues;
    const at = (path: string) => inEnglish(issues.find((i) => i.path.join(".") === path)?.message ?? "");
    expect([at("code"), at("name")]).toEqual(["Code is required", "Name is required"]);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Code")).toHaveAccessibleDescription(at("code")!),
    );
    expect(within(dialog).getByLabelText("Name")).toHaveAccessibleDescription(at("name")!);
    expect(callsTo("POST", "/api/studies/1/medical-groups")).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Code"));
    await user.type(within(dialog).getByLabelText("Code"), "grp001");
    expect(within(dialog).getByLabelText("Code")).toHaveValue("GRP001");
    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "  Milano ");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(callsTo("POST", "/api/studies/1/medical-groups")).toHaveLength(1));
    expect(callsTo("POST", "/api/studies/1/medical-groups")[0]!.body).toEqual({
      code: "GRP001",
      name: "Milano",
      description: null,
      study_id: 1,
    });
  });

  it("puts the server's 422 on Code", async () => {
    serveGroups(() =>
      invalid({
        loc: ["body", "code"],
        msg: 'A medical group with code "GRP001" already exists in this study',
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create Medical Group" }));
    const dialog = screen.getByRole("dialog", { name: "Create Medical Group" });
    await user.type(within(dialog).getByLabelText("Code"), "grp001");
    await user.type(within(dialog).getByLabelText("Name"), "Milano");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Code")).toHaveAccessibleDescription(
        'A medical group with code "GRP001" already exists in this study',
      ),
    );
  });
});
