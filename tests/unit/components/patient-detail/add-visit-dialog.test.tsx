import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { AddVisitDialog, nextVisitNumber } from "@/components/visits/add-visit-dialog";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, replyError, route, serveApi } from "@/tests/support/msw/api";
import { demoConfigIn, smallConfig, visit, withQueryClient } from "./fixtures";

/** The visit route answered like the server would (MSW); records what was sent. */
function answerVisit(status: number, payload: unknown) {
  const sent: unknown[] = [];
  serveApi(
    route("POST", "/api/visits", (call) => {
      sent.push(call.body);
      if (status >= 400) return replyError(status, payload);
      return ok(VisitResponse, payload as z.input<typeof VisitResponse>, status);
    }),
  );
  return sent;
}

function renderDialog(visits: VisitResponse[], config: StudyConfig = smallConfig) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(
    withQueryClient(
      <AddVisitDialog
        open
        onClose={onClose}
        patientId={7}
        config={config}
        visits={visits}
        onCreated={onCreated}
      />,
    ),
  );
  return { onCreated, onClose, user: userEvent.setup() };
}

async function chooseDateAndType(user: ReturnType<typeof userEvent.setup>, type = "Week 12") {
  await user.type(screen.getByLabelText("Visit Date *"), "2024-04-01");
  await user.selectOptions(screen.getByLabelText("Visit Type *"), type);
}

const PROMPT = "Is the patient continuing the same therapy?";

describe("Add Visit dialog", () => {
  it("defaults the visit number to the next free one", () => {
    expect(nextVisitNumber([])).toBe(1);
    expect(nextVisitNumber([{ visit_number: 1 }, { visit_number: 4 }])).toBe(5);
    renderDialog([visit({ visit_number: 3 })]);
    expect(screen.getByLabelText("Visit Number *")).toHaveValue(4);
  });

  it("shows the clinical form only once date and type are chosen, efficacy open, no prompt for a first visit", async () => {
    const { user } = renderDialog([]);
    expect(screen.queryByText("Efficacy")).toBeNull();
    await chooseDateAndType(user, "Baseline");
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(screen.getByText("Efficacy").closest("details")).toHaveAttribute("open");
    expect(screen.getByText("Safety").closest("details")).not.toHaveAttribute("open");
    // Visit booleans read Yes/No (spec §9).
    expect(screen.getByLabelText("Yes")).toBeInTheDocument();
  });

  it("asks the therapy prompt at a follow-up; Yes (Sì) leads to the form and sends is_continuing_therapy true", async () => {
    const sent = answerVisit(201, visit({ id: 99, visit_number: 2 }));
    const { user, onCreated, onClose } = renderDialog([visit()]);
    await chooseDateAndType(user);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(screen.queryByText("Efficacy")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await user.type(screen.getByLabelText("PASI"), "4");
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("Visit created successfully!"));
    expect(onClose).toHaveBeenCalled();
    expect(sent[0]).toEqual({
      patient_id: 7,
      visit_number: 2,
      visit_date: "2024-04-01",
      visit_type: "week_12",
      data_fields: { pasi_score: 4, therapy_switch: { is_continuing_therapy: true } },
      missing: {},
    });
  });

  it("No opens the switch form: '{label} is required', conditional field only when it applies", async () => {
    const sent = answerVisit(201, visit({ id: 99, visit_number: 2 }));
    const { user } = renderDialog([visit()]);
    await chooseDateAndType(user);
    await user.click(screen.getByRole("button", { name: "No" }));
    expect(screen.queryByLabelText(/Specify the reason/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Reason for switching is required")).toBeInTheDocument();
    expect(screen.queryByText("Efficacy")).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Reason for switching/), "altro");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Specify the reason is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Specify the reason/), "Patient preference");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Efficacy")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { data_fields: unknown }).data_fields).toEqual({
      therapy_switch: {
        is_continuing_therapy: false,
        switch_reason: "altro",
        switch_reason_other: "Patient preference",
      },
    });
  });

  it("says 'Error creating visit: …' with the server's detail and keeps the dialog open", async () => {
    answerVisit(409, { detail: "Visit number 2 already exists for this patient" });
    const { user, onCreated, onClose } = renderDialog([visit()]);
    await chooseDateAndType(user);
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    expect(
      await screen.findByText("Error creating visit: Visit number 2 already exists for this patient"),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("maps a 422 onto the visit's fields", async () => {
    answerVisit(422, {
      detail: [
        { loc: ["body", "visit_date"], msg: "Visit date must be a date (YYYY-MM-DD)", type: "custom" },
        { loc: ["body", "data_fields", "pasi_score"], msg: "PASI must be at most 72", type: "max" },
      ],
    });
    const { user } = renderDialog([visit()]);
    await chooseDateAndType(user);
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    expect(await screen.findByText("PASI: PASI must be at most 72")).toBeInTheDocument();
    expect(screen.getAllByText("Visit date must be a date (YYYY-MM-DD)").length).toBeGreaterThan(0);
  });

  it("refuses a visit number below 1 without calling the server", async () => {
    const sent = answerVisit(201, visit());
    const { user } = renderDialog([]);
    await user.clear(screen.getByLabelText("Visit Number *"));
    await user.type(screen.getByLabelText("Visit Number *"), "0");
    await chooseDateAndType(user, "Baseline");
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    expect(screen.getByText("Visit number must be at least 1")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe("Add Visit dialog in Italian", () => {
  const requiredPasi: StudyConfig = {
    ...smallConfig,
    data_fields: smallConfig.data_fields.map((f) =>
      f.name === "pasi_score" ? { ...f, validation: { required: true, max: 72 } } : f,
    ),
  };

  it("asks in Italian, Sì opens the visit form, whose engine messages are Italian", async () => {
    const sent = answerVisit(201, visit({ id: 99, visit_number: 2 }));
    const onCreated = vi.fn();
    render(
      withQueryClient(
        <AddVisitDialog
          open
          onClose={vi.fn()}
          patientId={7}
          config={requiredPasi}
          visits={[visit()]}
          onCreated={onCreated}
        />,
        "it",
      ),
    );
    const user = userEvent.setup();
    expect(screen.getByRole("dialog", { name: "Aggiungi visita" })).toBeInTheDocument();
    expect(
      screen.getByText("Scegli la data e il tipo della visita per inserire i dati clinici."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Data visita *"), "2024-04-01");
    await user.selectOptions(screen.getByLabelText("Tipo di visita *"), "Week 12");
    // The study's prompt, answered Sì / No.
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "No" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sì" }));
    expect(screen.getByTestId("switch-summary")).toHaveTextContent("Il paziente continua la stessa terapia.");
    await user.click(screen.getByRole("button", { name: "Salva visita" }));
    const summary = await screen.findByRole("alert", { name: "Correggere i seguenti errori:" });
    expect(summary).toHaveTextContent("PASI è obbligatorio");
    // The visit form's booleans read Sì/No.
    expect(within(screen.getByRole("group", { name: "Itch" })).getByLabelText("Sì")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/PASI/), "80");
    // Checked again as it is typed, under the field.
    await waitFor(() =>
      expect(screen.getByLabelText(/PASI/)).toHaveAccessibleDescription("PASI deve essere al massimo 72"),
    );
    await user.clear(screen.getByLabelText(/PASI/));
    await user.type(screen.getByLabelText(/PASI/), "12");
    await user.click(screen.getByRole("button", { name: "Salva visita" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("Visita creata correttamente!"));
    expect(sent).toHaveLength(1);
    // No English words of the dialog on the way.
    expect(document.body).not.toHaveTextContent(/Save Visit|Cancel|Visit Date|is required|Please fix/);
  });

  it("the switch form speaks Italian: '{label} è obbligatorio' as in the spec", async () => {
    answerVisit(201, visit({ id: 99, visit_number: 2 }));
    render(
      withQueryClient(
        <AddVisitDialog
          open
          onClose={vi.fn()}
          patientId={7}
          config={{ ...smallConfig, therapy_switch_config: demoConfigIn("it").therapy_switch_config }}
          visits={[visit()]}
          onCreated={vi.fn()}
        />,
        "it",
      ),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Data visita *"), "2024-04-01");
    await user.selectOptions(screen.getByLabelText("Tipo di visita *"), "Week 12");
    await user.click(screen.getByRole("button", { name: "No" }));
    const form = screen.getByRole("form", { name: "Cambio di terapia" });
    await user.click(within(form).getByRole("button", { name: "Continua" }));
    expect(within(form).getByText("Motivo dello switch è obbligatorio")).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Annulla" })).toBeInTheDocument();
  });
});
