import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RecordReview } from "@/components/data-review/record-review";
import { PatientReviewProvider, type ReviewRights } from "@/components/data-review/review-context";
import { VerificationMark } from "@/components/data-review/verification-mark";
import type { Verification } from "@/lib/schemas/data-review";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, refuse, route, serveApi, type ApiCall } from "@/tests/support/msw/api";
import { visit, withQueryClient } from "../patient-detail/fixtures";

/**
 * A record's data review on the patient page (decision 0031): the form status and the progress
 * counted by the server's own rule, the marks beside values, and the steps each side may take,
 * sent to the real API contracts (MSW).
 */
const CONFIG = {
  sdv_requirement: "key" as const,
  data_fields: [
    { entity: "visit" as const, name: "pasi_score", label: "PASI", type: "number", sdv_required: true },
    { entity: "visit" as const, name: "itch", label: "Itch", type: "boolean", sdv_required: true },
    { entity: "visit" as const, name: "ae_note", label: "AE note", type: "text" },
  ],
};

function renderReview(rights: ReviewRights, verification: Verification, status = "in_progress" as const) {
  const onDone = vi.fn();
  const record = visit({ form_status: status, verification, data_fields: { pasi_score: 20, itch: true } });
  render(
    withQueryClient(
      <PatientReviewProvider patientId={7} rights={rights} config={CONFIG} onDone={onDone}>
        <RecordReview entity="visit" record={{ ...record, values: record.data_fields }} />
        <p>
          PASI 20
          <VerificationMark
            entity="visit"
            id={record.id}
            field="pasi_score"
            label="PASI"
            verification={verification}
          />
        </p>
      </PatientReviewProvider>,
    ),
  );
  return { user: userEvent.setup(), onDone, record };
}

const MONITOR = { verify: true, complete: false };
const SITE = { verify: false, complete: true };
const AT = "2024-03-01T10:00:00.000Z";

describe("a record's data review", () => {
  it("shows the status and the key fields verified, and lets the site mark it complete", async () => {
    const calls: ApiCall[] = [];
    serveApi(
      route("POST", "/api/visits/{id}/complete", (call) => {
        calls.push(call);
        return ok(VisitResponse, visit({ form_status: "complete" }));
      }),
    );
    const { user, onDone } = renderReview(SITE, { pasi_score: { state: "verified", by: 2, at: AT } });
    const review = screen.getByTestId("review-visit-11");
    expect(within(review).getByText("In progress")).toBeInTheDocument();
    // Two answered key fields, one verified: the rule the server keeps the status by.
    expect(within(review).getByTestId("sdv-progress")).toHaveTextContent("1 of 2 required fields verified");
    expect(screen.queryByRole("button", { name: /Verify/ })).toBeNull();
    await user.click(within(review).getByRole("button", { name: "Mark complete" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe("/api/visits/11/complete");
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ kind: "complete", entity: "visit", id: 11 }, null),
    );
  });

  it("lets a monitor verify one value or all, and says when a change cleared a verification", async () => {
    const calls: ApiCall[] = [];
    serveApi(
      route("POST", "/api/visits/{id}/verify", (call) => {
        calls.push(call);
        return ok(VisitResponse, visit());
      }),
    );
    const { user } = renderReview(MONITOR, {
      pasi_score: { state: "cleared", by: 5, at: AT, verified_by: 2, verified_at: AT },
    });
    expect(screen.getByTestId("verification-mark")).toHaveTextContent(/Verification cleared by change on/);
    expect(screen.queryByRole("button", { name: "Mark complete" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Verify PASI against the source" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ fields: ["pasi_score"] });
    await user.click(screen.getByRole("button", { name: "Verify all fields" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ fields: "all" });
  });

  it("reports a refused step to the page instead of swallowing it", async () => {
    serveApi(route("POST", "/api/visits/{id}/verify", () => refuse(423, "Visit 1 is locked")));
    const { user, onDone } = renderReview(MONITOR, {});
    await user.click(screen.getByRole("button", { name: "Verify all fields" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]![1]).toBeInstanceOf(Error);
  });

  it("shows a verified value as verified, to a reader without any button", () => {
    renderReview({ verify: false, complete: false }, { pasi_score: { state: "verified", by: 2, at: AT } });
    expect(screen.getByTestId("verification-mark")).toHaveAttribute("data-state", "verified");
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});
