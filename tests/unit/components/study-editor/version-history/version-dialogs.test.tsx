import { screen, waitFor, within } from "@testing-library/react";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { VersionHistoryTab } from "@/components/study-editor/version-history/version-history-tab";
import {
  PROTOCOL_VERSION_MESSAGES,
  ProtocolVersionApproveBody,
  ProtocolVersionCreateBody,
  ProtocolVersionListResponse,
  ProtocolVersionResponse,
} from "@/lib/schemas/protocol-versions";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import { callsTo, invalid, ok, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { renderWithQuery } from "../../study-area/render-with-query";
import { inEnglish } from "@/tests/support/words-in";

const config = StudyConfigShape.parse({ version: 1 });

const draft = {
  id: 7,
  study_id: 1,
  version_number: 2,
  version_label: null,
  version_date: "2026-01-01",
  effective_from: "2026-01-01",
  effective_to: null,
  amendment_reason: "New score",
  config: { version: 1 },
  status: "draft",
  is_active: false,
  rejection_reason: null,
  approved_by: null,
  approved_at: null,
  created_by: 1,
  created_at: "2026-01-01T00:00:00.000Z",
  patient_count: 0,
  visit_count: 0,
} as const;

function renderTab(answers: { create?: () => Reply; decide?: () => Reply }) {
  serveApi(
    route("GET", "/api/studies/{id}/protocol-versions", () =>
      ok(ProtocolVersionListResponse, { versions: [draft], active_version_id: null }),
    ),
    route(
      "POST",
      "/api/studies/{id}/protocol-versions",
      answers.create ?? (() => ok(ProtocolVersionResponse, draft, 201)),
    ),
    route(
      "POST",
      "/api/studies/{id}/protocol-versions/{versionId}/approve",
      answers.decide ?? (() => ok(ProtocolVersionResponse, draft)),
    ),
  );
  renderWithQuery(
    <IntlWrapper>
      <VersionHistoryTab studyId={1} config={config} onApproved={() => undefined} />
    </IntlWrapper>,
  );
  return userEvent.setup();
}

describe("Create Amendment", () => {
  it("refuses with the API body schema's messages under the reason and the date, sending nothing", async () => {
    const user = renderTab({});
    await user.click(await screen.findByRole("button", { name: "Create Amendment" }));
    const dialog = screen.getByRole("dialog", { name: "Create Amendment" });
    await user.type(within(dialog).getByLabelText("Amendment reason *"), "   ");
    await user.clear(within(dialog).getByLabelText("Effective from *"));
    await user.click(within(dialog).getByRole("button", { name: "Create Amendment" }));

    const issues = ProtocolVersionCreateBody.safeParse({ amendment_reason: "   ", config }).error!.issues;
    const at = (path: string) => issues.find((i) => i.path.join(".") === path)?.message;
    expect([at("amendment_reason"), at("effective_from")]).toEqual([
      PROTOCOL_VERSION_MESSAGES.reasonRequired,
      PROTOCOL_VERSION_MESSAGES.effectiveFromRequired,
    ]);
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Amendment reason *")).toHaveAccessibleDescription(
        inEnglish(at("amendment_reason")!),
      ),
    );
    expect(within(dialog).getByLabelText("Effective from *")).toHaveAccessibleDescription(
      inEnglish(at("effective_from")!),
    );
    expect(callsTo("POST", "/api/studies/1/protocol-versions")).toEqual([]);
  });

  it("sends the parsed body with the editor's config and puts the server's 422 on Effective from", async () => {
    const user = renderTab({
      create: () =>
        invalid({ loc: ["body", "effective_from"], msg: inEnglish(PROTOCOL_VERSION_MESSAGES.dateFormat) }),
    });
    await user.click(await screen.findByRole("button", { name: "Create Amendment" }));
    const dialog = screen.getByRole("dialog", { name: "Create Amendment" });
    await user.type(within(dialog).getByLabelText("Amendment reason *"), "  Add DLQI ");
    await user.click(within(dialog).getByRole("button", { name: "Create Amendment" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Effective from *")).toHaveAccessibleDescription(
        inEnglish(PROTOCOL_VERSION_MESSAGES.dateFormat),
      ),
    );
    expect(screen.getByRole("dialog", { name: "Create Amendment" })).toBeInTheDocument();
    const [call] = callsTo("POST", "/api/studies/1/protocol-versions");
    expect(call!.body).toMatchObject({
      amendment_reason: "Add DLQI",
      status: "draft",
      config: { version: 1 },
    });
    expect(call!.body).not.toHaveProperty("version_label");
  });
});

describe("Reject version", () => {
  it("refuses an empty reason with the API body schema's message, then sends approved false and the reason", async () => {
    const user = renderTab({});
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject version 2" });
    await user.type(within(dialog).getByLabelText("Rejection reason *"), "  ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    const expected = ProtocolVersionApproveBody.safeParse({ approved: false, rejection_reason: null }).error!
      .issues[0]!;
    expect(expected).toMatchObject({
      path: ["rejection_reason"],
      message: PROTOCOL_VERSION_MESSAGES.rejectionReasonRequired,
    });
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Rejection reason *")).toHaveAccessibleDescription(
        inEnglish(expected.message),
      ),
    );
    expect(callsTo("POST", "/api/studies/1/protocol-versions/7/approve")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Rejection reason *"), "Wrong scale");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.getByText("Version status updated!")).toBeInTheDocument());
    expect(callsTo("POST", "/api/studies/1/protocol-versions/7/approve")[0]!.body).toEqual({
      approved: false,
      rejection_reason: "Wrong scale",
    });
  });

  it("puts the server's 422 on the reason and keeps the dialog open", async () => {
    const user = renderTab({
      decide: () => invalid({ loc: ["body", "rejection_reason"], msg: "Too long: at most 5000 characters" }),
    });
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject version 2" });
    await user.type(within(dialog).getByLabelText("Rejection reason *"), "Wrong scale");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Rejection reason *")).toHaveAccessibleDescription(
        "Too long: at most 5000 characters",
      ),
    );
    expect(screen.getByRole("dialog", { name: "Reject version 2" })).toBeInTheDocument();
  });
});
