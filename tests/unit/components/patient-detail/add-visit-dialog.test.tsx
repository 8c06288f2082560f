import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import type { z } from "zod";
import { AddVisitDialog, nextVisitNumber } from "@/components/visits/add-visit-dialog";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, replyError, route, serveApi } from "@/tests/support/msw/api";
import { smallConfig, visit, withQueryClient } from "./fixtures";

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
  renderWithIntl(
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

const PROMPT = "Il paziente sta continuando la stessa terapia?";

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

  it("asks the therapy prompt at a follow-up; Sì leads to the form and sends is_continuing_therapy true", async () => {
    const sent = answerVisit(201, visit({ id: 99, visit_number: 2 }));
    const { user, onCreated, onClose } = renderDialog([visit()]);
    await chooseDateAndType(user);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(screen.queryByText("Efficacy")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sì" }));
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
    });
  });

  it("No opens the Italian switch form: '{label} è obbligatorio', conditional field only when it applies", async () => {
    const sent = answerVisit(201, visit({ id: 99, visit_number: 2 }));
    const { user } = renderDialog([visit()]);
    await chooseDateAndType(user);
    await user.click(screen.getByRole("button", { name: "No" }));
    expect(screen.queryByLabelText(/Specificare il motivo/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continua" }));
    expect(screen.getByText("Motivo dello switch è obbligatorio")).toBeInTheDocument();
    expect(screen.queryByText("Efficacy")).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Motivo dello switch/), "altro");
    await user.click(screen.getByRole("button", { name: "Continua" }));
    expect(screen.getByText("Specificare il motivo è obbligatorio")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Specificare il motivo/), "Preferenza del paziente");
    await user.click(screen.getByRole("button", { name: "Continua" }));
    expect(screen.getByText("Efficacy")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { data_fields: unknown }).data_fields).toEqual({
      therapy_switch: {
        is_continuing_therapy: false,
        switch_reason: "altro",
        switch_reason_other: "Preferenza del paziente",
      },
    });
  });

  it("says 'Error creating visit: …' with the server's detail and keeps the dialog open", async () => {
    answerVisit(409, { detail: "Visit number 2 already exists for this patient" });
    const { user, onCreated, onClose } = renderDialog([visit()]);
    await chooseDateAndType(user);
    await user.click(screen.getByRole("button", { name: "Sì" }));
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
    await user.click(screen.getByRole("button", { name: "Sì" }));
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
