import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientSignatures } from "@/components/signatures/patient-signatures";
import { SignatureListResponse, SignatureResponse } from "@/lib/schemas/signatures";
import { invalid, ok, route, serveApi, type ApiCall } from "@/tests/support/msw/api";
import { visit, withQueryClient } from "../patient-detail/fixtures";

/**
 * The patient page's signatures (decision 0032): the manifestation and state of each signature
 * from the real API contract, and a signature sent with exactly the proof the session asks for.
 */
const SIGNED = {
  id: 1,
  entity_type: "visit" as const,
  patient_id: 7,
  visit_id: 11,
  signer_id: 3,
  signer_name: "Dr Anna Rossi",
  meaning: "approve",
  meaning_text: "I approve the data",
  signed_at: "2026-03-01T10:00:00.000Z",
  data_hash: "a".repeat(64),
  state: "valid" as const,
  invalidated_at: null,
  invalidated_by: null,
};
const INVALIDATED = {
  ...SIGNED,
  id: 2,
  entity_type: "patient" as const,
  visit_id: null,
  state: "invalidated" as const,
  invalidated_at: "2026-03-02T09:30:00.000Z",
  invalidated_by: { entity_type: "visit" as const, entity_id: 11, fields: ["pasi_score"], visit_number: 1 },
};
const MEANINGS = [
  { key: "approve", label: "I approve the data" },
  { key: "review", label: "I have reviewed the data" },
];

function renderSignatures(next: Partial<SignatureListResponse["next"]> = {}) {
  const onSigned = vi.fn();
  const calls: ApiCall[] = [];
  serveApi(
    route("GET", "/api/patients/{id}/signatures", () =>
      ok(SignatureListResponse, {
        items: [SIGNED, INVALIDATED],
        next: {
          allowed: true,
          refusal: null,
          proof: "full",
          second_factor: false,
          meanings: MEANINGS,
          ...next,
        },
      }),
    ),
    route("POST", "/api/patients/{id}/signatures", (call) => {
      calls.push(call);
      const body = call.body as { password: string };
      if (body.password !== "right one")
        return invalid({ loc: ["body", "password"], msg: "The email address or password is not correct." });
      return ok(SignatureResponse, { ...SIGNED, id: 3, entity_type: "patient", visit_id: null }, 201);
    }),
  );
  render(
    withQueryClient(
      <PatientSignatures
        patientId={7}
        visits={[visit({ id: 11, visit_number: 1 })]}
        visitTypeLabel={(code) => code}
        fieldLabel={(name) => (name === "pasi_score" ? "PASI score" : name)}
        canSign
        onSigned={onSigned}
      />,
    ),
  );
  return { user: userEvent.setup(), onSigned, calls };
}

describe("a patient's signatures", () => {
  it("shows each signature's manifestation and state, the invalidated one with what changed", async () => {
    renderSignatures();
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    // Newest first: the casebook's, invalidated by the change of visit 1's PASI.
    expect(items[0]!.textContent).toContain("Casebook");
    expect(items[0]!.textContent).toContain("Invalidated by the change of visit 1 (PASI score)");
    expect(within(items[0]!).getByText("Invalidated")).toBeTruthy();
    expect(items[1]!.textContent).toContain("Signed by Dr Anna Rossi on");
    expect(items[1]!.textContent).toContain("Meaning: I approve the data");
    expect(within(items[1]!).getByText("Valid")).toBeTruthy();
  });

  it("asks for email and password at the first signature, shows the server's refusal under the password, and signs", async () => {
    const { user, calls, onSigned } = renderSignatures();
    await user.click(await screen.findByRole("button", { name: "Sign…" }));
    const dialog = await screen.findByRole("dialog");
    await user.selectOptions(within(dialog).getByLabelText(/Meaning of your signature/), "approve");
    await user.type(within(dialog).getByLabelText(/Email address/), "anna@example.org");
    await user.type(within(dialog).getByLabelText(/^Password/), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Sign" }));
    expect(await within(dialog).findByText("The email address or password is not correct.")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), "right one");
    await user.click(within(dialog).getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith("Signed: Casebook."));
    expect(calls.map((c) => c.body)).toEqual([
      { meaning: "approve", password: "wrong", email: "anna@example.org" },
      { meaning: "approve", password: "right one", email: "anna@example.org" },
    ]);
  });

  it("asks for the password alone within a signing session, and for the code when the signer has a second factor", async () => {
    const { user } = renderSignatures({ proof: "password", second_factor: true });
    await user.click(await screen.findByRole("button", { name: "Sign…" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText(/Email address/)).toBeNull();
    expect(within(dialog).queryByLabelText(/Authenticator code/)).toBeNull();
    expect(within(dialog).getByText(/your password confirms this signature/)).toBeTruthy();
  });

  it("tells a signer why they cannot sign yet, and shows no Sign button", async () => {
    renderSignatures({
      allowed: false,
      refusal: "This record cannot be signed while 1 query is open or answered.",
    });
    expect(
      await screen.findByText(
        "You cannot sign now: This record cannot be signed while 1 query is open or answered.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign…" })).toBeNull();
  });
});
