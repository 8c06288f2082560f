import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import type { z } from "zod";
import { EditVisitDialog } from "@/components/visits/edit-visit-dialog";
import { staleWriteMessage } from "@/lib/schemas/versioning";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, replyError, route, serveApi } from "@/tests/support/msw/api";
import { smallConfig, visit, withQueryClient } from "./fixtures";
import { inEnglish } from "@/tests/support/words-in";

function answerVisit(status: number, payload: unknown) {
  const sent: unknown[] = [];
  serveApi(
    route("PUT", "/api/visits/{id}", (call) => {
      sent.push(call.body);
      if (status >= 400) return replyError(status, payload);
      return ok(VisitResponse, payload as z.input<typeof VisitResponse>, status);
    }),
  );
  return sent;
}

function renderDialog() {
  const props = { onClose: vi.fn(), onSaved: vi.fn(), onReload: vi.fn() };
  renderWithIntl(
    withQueryClient(<EditVisitDialog visit={visit({ version: 3 })} config={smallConfig} {...props} />),
  );
  return { ...props, user: userEvent.setup() };
}

async function editAndGiveReason(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText("PASI"));
  await user.type(screen.getByLabelText("PASI"), "18");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.type(screen.getByLabelText("Reason for change *"), "Source data check");
  await user.click(screen.getByRole("button", { name: "Save changes" }));
}

describe("Edit visit", () => {
  it("sends the change with the version it was based on and the reason", async () => {
    const sent = answerVisit(200, visit({ version: 4 }));
    const { user, onSaved } = renderDialog();
    await editAndGiveReason(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Visit 1 updated"));
    expect(sent[0]).toMatchObject({
      version: 3,
      reason: "Source data check",
      data_fields: { pasi_score: 18 },
    });
  });

  it("explains a stale write (409) and offers Reload", async () => {
    // The API answers in words (docs/decisions/0021).
    answerVisit(409, { detail: inEnglish(staleWriteMessage("visit", 3, 4)) });
    const { user, onReload, onClose, onSaved } = renderDialog();
    await editAndGiveReason(user);
    expect(await screen.findByText("Someone else saved this record first")).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the 423 detail of a visit locked meanwhile and refetches the list", async () => {
    const detail = "Visit 1 is locked and cannot be changed: a principal investigator must unlock it first";
    answerVisit(423, { detail });
    const { user, onReload } = renderDialog();
    await editAndGiveReason(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(onReload).toHaveBeenCalled();
  });
});
