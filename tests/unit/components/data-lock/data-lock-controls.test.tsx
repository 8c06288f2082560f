import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PatientFreezeControls } from "@/components/patient-detail/freeze-controls";
import { StudyLockBanner } from "@/components/study-area/study-lock-banner";
import { StudyLockControl } from "@/components/study-area/study-lock-control";
import { LockStateResponse } from "@/lib/schemas/data-lock";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { withQueryClient } from "../patient-detail/fixtures";

const FROZEN_AT = "2026-11-20T09:30:00.000Z";

describe("patient freeze controls (decision 0034)", () => {
  it("shows nothing to a reader who may not freeze an open patient", () => {
    const { container } = render(
      withQueryClient(
        <PatientFreezeControls patient={{ id: 7, code: "PSO-007", locked_at: null }} canFreeze={false} />,
      ),
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("freezes with a reason and says so", async () => {
    const calls = serveApi(
      route("POST", "/api/patients/{id}/lock", () =>
        ok(LockStateResponse, { id: 7, locked_at: FROZEN_AT, locked_by: 1 }),
      ),
    );
    render(
      withQueryClient(
        <PatientFreezeControls patient={{ id: 7, code: "PSO-007", locked_at: null }} canFreeze />,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Freeze patient" }));
    const dialog = await screen.findByRole("dialog", { name: "Freeze PSO-007" });
    await user.type(within(dialog).getByLabelText("Reason for change *"), "All visits signed");
    await user.click(within(dialog).getByRole("button", { name: "Freeze" }));
    expect(await screen.findByText("PSO-007 is frozen.")).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ reason: "All visits signed" });
  });

  it("shows the banner while frozen, with Unlock only for those who may", () => {
    const frozen = { id: 7, code: "PSO-007", locked_at: FROZEN_AT };
    const { unmount } = render(withQueryClient(<PatientFreezeControls patient={frozen} canFreeze={false} />));
    expect(screen.getByText(/This patient is frozen/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unlock patient" })).toBeNull();
    unmount();
    render(withQueryClient(<PatientFreezeControls patient={frozen} canFreeze />));
    expect(screen.getByRole("button", { name: "Unlock patient" })).toBeInTheDocument();
  });
});

describe("study lock banner", () => {
  it("says the study is read-only while locked, and nothing while open", () => {
    const { container, rerender } = renderWithIntl(<StudyLockBanner lockedAt={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StudyLockBanner lockedAt={FROZEN_AT} />);
    expect(screen.getByRole("status")).toHaveTextContent("This study is locked: read-only.");
  });
});

describe("study lock control", () => {
  it("is the administrators' only", () => {
    const { container } = render(
      withQueryClient(<StudyLockControl study={{ id: 3, name: "PSO", locked_at: null }} canLock={false} />),
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("unlocks a locked study with a reason", async () => {
    const calls = serveApi(
      route("POST", "/api/studies/{id}/unlock", () =>
        ok(LockStateResponse, { id: 3, locked_at: null, locked_by: null }),
      ),
    );
    render(
      withQueryClient(<StudyLockControl study={{ id: 3, name: "PSO", locked_at: FROZEN_AT }} canLock />),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Unlock study" }));
    const dialog = await screen.findByRole("dialog", { name: "Unlock the study PSO" });
    await user.type(within(dialog).getByLabelText("Reason for change *"), "Late correction");
    await user.click(within(dialog).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("The study is unlocked.")).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ id: "3" });
  });
});
