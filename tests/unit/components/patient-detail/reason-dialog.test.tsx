import { screen, waitFor } from "@testing-library/react";
import { inEnglish } from "@/tests/support/words-in";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReasonDialog } from "@/components/patient-detail/reason-dialog";
import { apiFetch } from "@/lib/client/api-fetch";
import { ReasonBody } from "@/lib/schemas/patients";
import { invalid, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";

function renderDialog(error: unknown = null) {
  const onConfirm = vi.fn();
  renderWithIntl(
    <ReasonDialog
      open
      title="Unlock Visit 1"
      confirmLabel="Unlock"
      error={error}
      onConfirm={onConfirm}
      onClose={vi.fn()}
    />,
  );
  return { onConfirm, user: userEvent.setup(), box: screen.getByLabelText("Reason for change *") };
}

describe("Reason dialog", () => {
  it("refuses fewer than 3 characters (after trimming), in the API's words", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.type(box, "  ab  ");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    const message = inEnglish(ReasonBody.safeParse({ reason: "  ab  " }).error!.issues[0]!.message);
    expect(message).toBe("Reason must be at least 3 characters");
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(/Reason must be at least 3 characters/);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("refuses more than 500 characters", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.click(box);
    await user.paste("x".repeat(501));
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("Reason must be at most 500 characters")).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("sends a reason of 3 to 500 characters, trimmed", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.type(box, " Typo {enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith("Typo"));
    await user.clear(box);
    await user.click(box);
    await user.paste("y".repeat(500));
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    await waitFor(() => expect(onConfirm).toHaveBeenLastCalledWith("y".repeat(500)));
  });

  it("shows the server's refusal, e.g. a locked visit's 423 detail", () => {
    renderDialog("Visit 2 is locked and cannot be changed: a principal investigator must unlock it first");
    expect(screen.getByRole("alert")).toHaveTextContent("Visit 2 is locked and cannot be changed");
  });

  it("puts the server's 422 on the reason under the box, and other issues above the buttons", async () => {
    serveApi(
      route("POST", "/api/visits/{id}/unlock", () =>
        invalid(
          { loc: ["body", "reason"], msg: "Reason must be at least 3 characters" },
          { loc: ["path", "id"], msg: "Visit id must be a positive integer" },
        ),
      ),
    );
    const refusal = await apiFetch("/visits/4/unlock", { method: "POST", json: { reason: "ok" } }).catch(
      (error: unknown) => error,
    );
    const { box } = renderDialog(refusal);
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(/Reason must be at least 3 characters/);
    expect(screen.getByText("Visit id must be a positive integer")).toBeInTheDocument();
  });
});
