/**
 * The confirm step of soft plausibility warnings (decision 0024) in the Add Visit dialog, against
 * the API as MSW answers it: a 422 of warnings shows them with "Confirm and save", which takes the
 * focus and resends the same visit with the warnings' codes; an impossible date is refused before
 * anything is sent.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AddVisitDialog } from "@/components/visits/add-visit-dialog";
import { messageRef } from "@/lib/i18n/message-ref";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, replyError, route, serveApi } from "@/tests/support/msw/api";
import { smallConfig, visit, withQueryClient } from "../patient-detail/fixtures";

const WARNING = {
  loc: ["body", "visit_date"],
  msg: messageRef("api.plausibility.visitDateOrder", { n: 2, date: "2024-04-10" }),
  type: "plausibility_warning",
  code: "visit_date_order",
};

function renderDialog() {
  const onCreated = vi.fn();
  render(
    withQueryClient(
      <AddVisitDialog
        open
        onClose={() => undefined}
        patientId={7}
        birthDate="1980-05-17"
        config={{
          ...smallConfig,
          therapy_switch_config: { ...smallConfig.therapy_switch_config, enabled: false },
        }}
        visits={[
          visit({ id: 1, visit_number: 1, visit_date: "2024-01-10" }),
          visit({ id: 2, visit_number: 2, visit_date: "2024-04-10" }),
        ]}
        onCreated={onCreated}
      />,
    ),
  );
  return { onCreated, user: userEvent.setup() };
}

describe("confirming soft warnings", () => {
  it("shows the warnings, focuses 'Confirm and save', and resends with confirmed_warnings", async () => {
    const sent: Record<string, unknown>[] = [];
    serveApi(
      route("POST", "/api/visits", (call) => {
        const body = call.body as Record<string, unknown>;
        sent.push(body);
        if (!body.confirmed_warnings) return replyError(422, { detail: [WARNING] });
        return ok(VisitResponse, visit({ id: 9, visit_number: 3, visit_date: "2024-03-01" }), 201);
      }),
    );
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText("Visit Date *"), "2024-03-01");
    await user.selectOptions(screen.getByLabelText("Visit Type *"), "Week 12");
    await user.click(screen.getByRole("button", { name: "Save Visit" }));

    const confirm = await screen.findByRole("button", { name: "Confirm and save" });
    expect(screen.getByText("Visit date is out of order: visit 2 is dated 2024-04-10")).toBeInTheDocument();
    // Only the warnings: no failure message beside them.
    expect(screen.queryByText(/Failed/)).toBeNull();
    await waitFor(() => expect(confirm).toHaveFocus());
    await user.keyboard("{Enter}");

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ ...sent[0], confirmed_warnings: ["visit_date_order"] });
  });

  it("refuses a visit date before birth at the field, before anything is sent", async () => {
    const sent: unknown[] = [];
    serveApi(
      route("POST", "/api/visits", (call) => {
        sent.push(call.body);
        return replyError(500, { detail: "unexpected" });
      }),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Visit Date *"), "1950-01-01");
    await user.selectOptions(screen.getByLabelText("Visit Type *"), "Week 12");
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    expect(
      await screen.findByText("Visit date cannot be before the patient's birth date (1980-05-17)"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Visit Date *")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Visit Date *")).toHaveFocus();
    expect(sent).toEqual([]);
  });
});
