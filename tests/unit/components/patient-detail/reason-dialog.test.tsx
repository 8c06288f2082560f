import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReasonDialog } from "@/components/patient-detail/reason-dialog";

function renderDialog(error: string | null = null) {
  const onConfirm = vi.fn();
  render(
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
  it("refuses fewer than 3 characters (after trimming)", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.type(box, "  ab  ");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(screen.getByText("Reason must be at least 3 characters")).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("refuses more than 500 characters", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.click(box);
    await user.paste("x".repeat(501));
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(screen.getByText("Reason must be at most 500 characters")).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("sends a reason of 3 to 500 characters, trimmed", async () => {
    const { onConfirm, user, box } = renderDialog();
    await user.type(box, " Typo {enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(onConfirm).toHaveBeenCalledWith("Typo");
    await user.clear(box);
    await user.click(box);
    await user.paste("y".repeat(500));
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(onConfirm).toHaveBeenLastCalledWith("y".repeat(500));
  });

  it("shows the server's refusal, e.g. a locked visit's 423 detail", () => {
    renderDialog("Visit 2 is locked and cannot be changed: a principal investigator must unlock it first");
    expect(screen.getByRole("alert")).toHaveTextContent("Visit 2 is locked and cannot be changed");
  });
});
