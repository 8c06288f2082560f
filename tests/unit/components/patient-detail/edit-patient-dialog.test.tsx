import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { EditPatientDialog } from "@/components/patient-detail/edit-patient-dialog";
import { PATIENT_MESSAGES, PatientResponse } from "@/lib/schemas/patients";
import { invalid, ok, route, serveApi, type ApiCall, type Reply } from "@/tests/support/msw/api";
import { patient, smallConfig, withQueryClient } from "./fixtures";
import { inEnglish } from "@/tests/support/words-in";

function renderDialog(answer: () => Reply, locale: "en" | "it" = "en") {
  const calls = serveApi(route("PUT", "/api/patients/{id}", answer));
  const props = { onClose: vi.fn(), onSaved: vi.fn(), onReload: vi.fn() };
  render(
    withQueryClient(
      <EditPatientDialog open patient={patient({ version: 2 })} config={smallConfig} {...props} />,
      locale,
    ),
  );
  return { ...props, calls, user: userEvent.setup() };
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === "PUT");

describe("Edit patient", () => {
  it("checks the fixed fields by the API's update body before asking the reason", async () => {
    const { user, calls } = renderDialog(() => ok(PatientResponse, patient({ version: 3 })));
    const code = screen.getByLabelText("Patient Code *");
    await user.clear(code);
    await user.clear(screen.getByLabelText("Birth Date *"));
    await user.clear(screen.getByLabelText("Weight (kg)"));
    await user.type(screen.getByLabelText("Weight (kg)"), "-2");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(inEnglish(PATIENT_MESSAGES.codeRequired))).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(inEnglish(PATIENT_MESSAGES.codeRequired));
    expect(screen.getByText("Birth date is required")).toBeInTheDocument();
    expect(screen.getByText("Weight must be greater than 0")).toBeInTheDocument();
    expect(screen.queryByLabelText("Reason for change *")).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it("sends the checked fields with the version and the trimmed reason; an emptied measure is cleared", async () => {
    const { user, calls, onSaved } = renderDialog(() => ok(PatientResponse, patient({ version: 3 })));
    await user.clear(screen.getByLabelText("Patient Code *"));
    await user.type(screen.getByLabelText("Patient Code *"), " PSO-070 ");
    await user.clear(screen.getByLabelText("Height (cm)"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Reason for change *"), "  Typo in code ");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Patient updated"));
    expect(puts(calls)[0]!.body).toEqual({
      version: 2,
      reason: "Typo in code",
      code: "PSO-070",
      birth_date: "1980-05-17",
      sex: "F",
      height_cm: null,
      weight_kg: 68.2,
      custom_fields: {},
      missing: {},
    });
  });

  it("puts a 422 on a fixed field back under that field, with the answers kept", async () => {
    const { user } = renderDialog(() =>
      invalid({ loc: ["body", "code"], msg: "Patient code must not contain invisible characters" }),
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Reason for change *"), "Source check");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    const code = await screen.findByLabelText("Patient Code *");
    expect(code).toHaveValue("PSO-007");
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(code).toHaveAccessibleDescription("Patient code must not contain invisible characters");
  });

  it("shows a 422 on the reason under the reason box", async () => {
    const { user } = renderDialog(() =>
      invalid({ loc: ["body", "reason"], msg: "Reason must be at most 500 characters" }),
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Reason for change *"), "Source check");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Reason for change *")).toHaveAccessibleDescription(
        /Reason must be at most 500 characters/,
      ),
    );
  });

  it("shows and takes height and weight in the reader's language: a decimal comma in Italian", async () => {
    const { user, calls, onSaved } = renderDialog(() => ok(PatientResponse, patient({ version: 3 })), "it");
    const weight = screen.getByLabelText("Peso (kg)");
    expect(weight).toHaveValue("68,2");
    await user.clear(weight);
    await user.type(weight, "70,5");
    await user.click(screen.getByRole("button", { name: "Continua" }));
    await user.type(await screen.findByLabelText(/^Motivo/), "Peso aggiornato");
    await user.click(screen.getByRole("button", { name: /^Salva/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts(calls)[0]!.body).toMatchObject({ weight_kg: 70.5 });
  });
});

describe("the kept draft of an edit (decision 0027)", () => {
  beforeEach(() => window.sessionStorage.clear());
  const withNote: typeof smallConfig = {
    ...smallConfig,
    data_fields: [
      ...smallConfig.data_fields,
      { entity: "patient", name: "referral", label: "Referred by", type: "text", category: "demographic" },
    ],
  };
  const KEY = "registry.draft:patient-edit:7:2";
  const renderEdit = (answer: () => Reply = () => ok(PatientResponse, patient({ version: 3 }))) => {
    const calls = serveApi(route("PUT", "/api/patients/{id}", answer));
    const props = { onClose: vi.fn(), onSaved: vi.fn(), onReload: vi.fn() };
    const view = render(
      withQueryClient(
        <EditPatientDialog open patient={patient({ version: 2 })} config={withNote} {...props} />,
      ),
    );
    return { ...props, calls, view, user: userEvent.setup() };
  };

  it("survives a reload, is offered back for the same version, and a save clears it", async () => {
    const first = renderEdit();
    await first.user.clear(screen.getByLabelText("Weight (kg)"));
    await first.user.type(screen.getByLabelText("Weight (kg)"), "71.5");
    await first.user.type(screen.getByLabelText("Referred by"), "Dr Rossi");
    await waitFor(() => expect(window.sessionStorage.getItem(KEY)).not.toBeNull());
    // The page goes away (a reload, or the trip to /login when the session ended).
    first.view.unmount();

    const again = renderEdit();
    await again.user.click(await screen.findByRole("button", { name: "Restore draft" }));
    expect(screen.getByLabelText("Weight (kg)")).toHaveValue("71.5");
    expect(screen.getByLabelText("Referred by")).toHaveValue("Dr Rossi");
    await again.user.click(screen.getByRole("button", { name: "Continue" }));
    await again.user.type(await screen.findByLabelText("Reason for change *"), "Weighed again");
    await again.user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(again.onSaved).toHaveBeenCalledWith("Patient updated"));
    expect(puts(again.calls)[0]!.body).toMatchObject({
      version: 2,
      weight_kg: 71.5,
      custom_fields: { referral: "Dr Rossi" },
    });
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it("closing with changes asks first; Discard forgets the draft", async () => {
    const { user, onClose } = renderEdit();
    await user.type(screen.getByLabelText("Referred by"), "Dr Bianchi");
    await waitFor(() => expect(window.sessionStorage.getItem(KEY)).not.toBeNull());
    await user.keyboard("{Escape}");
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Discard your changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});
