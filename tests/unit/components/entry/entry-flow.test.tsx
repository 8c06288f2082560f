import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { DynamicForm } from "@/components/forms/dynamic-form";
import { SI_NO } from "@/components/forms/boolean-labels";
import { AddVisitDialog } from "@/components/visits/add-visit-dialog";
import type { DataField } from "@/lib/schemas/study-config";
import { VisitResponse } from "@/lib/schemas/visits";
import { invalid, ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { demoConfig, visit, withQueryClient } from "../patient-detail/fixtures";

/**
 * The entry flow (decision 0027): save and add the next visit, the continuing therapy pre-filled,
 * sections with required fields open, the first error in page order, the close confirm and the
 * kept draft. The demo study's configuration; the API answered by MSW.
 */
beforeEach(() => window.sessionStorage.clear());

const baseline = visit({
  id: 11,
  visit_number: 1,
  visit_type: "baseline",
  therapy_line_id: 1,
  data_fields: { current_therapy: "ustekinumab", pasi_score: 20, adverse_event: false },
});

function answerVisits(...replies: z.input<typeof VisitResponse>[]) {
  const sent: Record<string, unknown>[] = [];
  serveApi(
    route("POST", "/api/visits", (call) => {
      sent.push(call.body as Record<string, unknown>);
      return ok(VisitResponse, replies[sent.length - 1] ?? replies.at(-1)!, 201);
    }),
  );
  return sent;
}

function renderAddVisit(visits = [baseline]) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const ui = (
    <AddVisitDialog
      open
      onClose={onClose}
      patientId={7}
      config={demoConfig}
      visits={visits}
      onCreated={onCreated}
    />
  );
  const view = render(withQueryClient(ui));
  return { onClose, onCreated, user: userEvent.setup(), view, ui };
}

const dialog = () => screen.getByRole("dialog", { name: "Add Visit" });

describe("save and add the next visit", () => {
  it("suggests the next number and visit type, pre-fills the continuing therapy, and starts the next visit after saving", async () => {
    const sent = answerVisits(
      visit({
        id: 12,
        visit_number: 2,
        visit_type: "week_4",
        data_fields: { current_therapy: "ustekinumab" },
      }),
    );
    const { user, onClose, onCreated } = renderAddVisit();
    // Number and type suggested; the date takes focus, typed in one stop (month first in English).
    expect(screen.getByLabelText("Visit Number *")).toHaveValue(2);
    expect(screen.getByLabelText("Visit Type *")).toHaveValue("week_4");
    expect(screen.getByLabelText("Visit Date *")).toHaveFocus();
    await user.keyboard("02022024");
    await user.click(screen.getByRole("button", { name: "Yes" }));
    // The current line's therapy, shown in its box.
    expect(screen.getByLabelText(/Current biologic/)).toHaveValue("ustekinumab");
    expect(screen.getByTestId("therapy-prefilled")).toHaveTextContent(
      "Pre-filled with the therapy of the current line.",
    );
    // Safety holds a required field: open from the start.
    expect(screen.getByText("Safety").closest("details")).toHaveAttribute("open");
    await user.type(screen.getByLabelText(/^PASI/), "9");
    await user.click(within(screen.getByRole("group", { name: /^Adverse event/ })).getByLabelText("No"));
    await user.click(screen.getByRole("button", { name: "Save and add next visit" }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      visit_number: 2,
      visit_date: "2024-02-02",
      visit_type: "week_4",
      data_fields: {
        current_therapy: "ustekinumab",
        pasi_score: 9,
        adverse_event: false,
        therapy_switch: { is_continuing_therapy: true },
      },
    });
    expect(onCreated).toHaveBeenCalledWith("Visit created successfully!");
    expect(onClose).not.toHaveBeenCalled();
    // The next visit: number 3, the type after week 4, an empty date with focus.
    await waitFor(() => expect(screen.getByLabelText("Visit Number *")).toHaveValue(3));
    expect(screen.getByLabelText("Visit Type *")).toHaveValue("week_12");
    expect(screen.getByLabelText("Visit Date *")).toHaveValue("");
    await waitFor(() => expect(screen.getByLabelText("Visit Date *")).toHaveFocus());
  });

  it("a first visit is the baseline, with no therapy to carry on", async () => {
    const { user } = renderAddVisit([]);
    expect(screen.getByLabelText("Visit Number *")).toHaveValue(1);
    expect(screen.getByLabelText("Visit Type *")).toHaveValue("baseline");
    await user.keyboard("01/10/2024");
    expect(screen.getByLabelText(/Current biologic/)).toHaveValue("");
  });

  it("after a switch the therapy box holds the new therapy", async () => {
    const { user } = renderAddVisit();
    await user.keyboard("02022024");
    await user.click(screen.getByRole("button", { name: "No" }));
    await user.selectOptions(screen.getByLabelText(/Reason for switching/), "inefficacia");
    await user.selectOptions(screen.getByLabelText(/New therapy/), "secukinumab");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText(/Current biologic/)).toHaveValue("secukinumab");
  });
});

describe("the first error in page order", () => {
  // Field order puts `later` first; its section comes second on the page.
  const fields: DataField[] = [
    {
      entity: "visit",
      name: "later",
      label: "Later",
      type: "text",
      category: "second",
      order: 1,
      validation: { required: true },
    },
    {
      entity: "visit",
      name: "sooner",
      label: "Sooner",
      type: "text",
      category: "first",
      order: 2,
      validation: { required: true },
    },
  ] as DataField[];
  const categories = [
    { code: "first", label: "First", order: 1, entity: "visit" as const },
    { code: "second", label: "Second", order: 2, entity: "visit" as const },
  ];

  it("focuses the field the reader meets first, not the first the engine lists", async () => {
    renderWithIntl(
      <DynamicForm
        fields={fields}
        categories={categories}
        entity="visit"
        booleanLabels={SI_NO}
        onSubmit={vi.fn()}
      >
        <button type="submit">Submit</button>
      </DynamicForm>,
    );
    // Both sections hold a required field: both start open.
    expect(screen.getByText("First").closest("details")).toHaveAttribute("open");
    expect(screen.getByText("Second").closest("details")).toHaveAttribute("open");
    await userEvent.setup().click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getByLabelText(/^Sooner/)).toHaveFocus());
  });

  it("after a server 422, focuses the first refused field on the page, the dialog's own fields first", async () => {
    serveApi(
      route("POST", "/api/visits", () =>
        invalid(
          { loc: ["body", "data_fields", "pasi_score"], msg: "PASI must be at most 72" },
          { loc: ["body", "data_fields", "current_therapy"], msg: "Choose a valid option" },
        ),
      ),
    );
    const { user } = renderAddVisit();
    await user.keyboard("02022024");
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await user.type(screen.getByLabelText(/^PASI/), "9");
    await user.click(within(screen.getByRole("group", { name: /^Adverse event/ })).getByLabelText("No"));
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    // Current biologic comes before PASI on the page, though the server named PASI first.
    await waitFor(() => expect(screen.getByLabelText(/Current biologic/)).toHaveFocus());
    expect(screen.getByLabelText(/Current biologic/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^PASI/)).toHaveAttribute("aria-invalid", "true");
  });
});

describe("closing with changes, and the kept draft", () => {
  it("closes at once without changes", async () => {
    const { user, onClose } = renderAddVisit();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("Keep editing keeps what was typed; Discard closes and forgets the draft", async () => {
    const { user, onClose } = renderAddVisit();
    await user.keyboard("02022024");
    await user.keyboard("{Escape}");
    const ask = screen.getByRole("alertdialog", { name: "Discard your changes?" });
    expect(within(ask).getByRole("button", { name: "Keep editing" })).toHaveFocus();
    await user.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Visit Date *")).toHaveValue("02/02/2024"); // written out in full once left
    expect(window.sessionStorage.getItem("registry.draft:visit-new:7")).not.toBeNull();

    await user.click(within(dialog()).getAllByRole("button", { name: "Cancel" })[0]!);
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem("registry.draft:visit-new:7")).toBeNull();
  });

  it("a draft survives a reload and is offered back when the dialog opens again; a save clears it", async () => {
    const sent = answerVisits(visit({ id: 12, visit_number: 2, visit_type: "week_4" }));
    const first = renderAddVisit();
    await first.user.keyboard("02022024");
    await first.user.click(screen.getByRole("button", { name: "Yes" }));
    await first.user.type(screen.getByLabelText(/^PASI/), "7");
    // The page goes away (a reload, or the trip to /login when the session ended).
    first.view.unmount();

    const again = renderAddVisit();
    const offer = await screen.findByText("An unsaved draft of this form was kept.");
    expect(offer).toBeInTheDocument();
    await again.user.click(screen.getByRole("button", { name: "Restore draft" }));
    expect(screen.getByLabelText("Visit Date *")).toHaveValue("02/02/2024");
    expect(screen.getByLabelText(/^PASI/)).toHaveValue("7");
    expect(screen.getByLabelText(/Current biologic/)).toHaveValue("ustekinumab");
    await again.user.click(
      within(screen.getByRole("group", { name: /^Adverse event/ })).getByLabelText("No"),
    );
    await again.user.click(screen.getByRole("button", { name: "Save Visit" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ visit_date: "2024-02-02", data_fields: { pasi_score: 7 } });
    await waitFor(() => expect(window.sessionStorage.getItem("registry.draft:visit-new:7")).toBeNull());
  });

  it("Discard draft forgets it", async () => {
    window.sessionStorage.setItem(
      "registry.draft:visit-new:7",
      JSON.stringify({
        draft: { number: "2", date: "2024-02-02", type: "week_4", switchAnswer: null, values: {} },
      }),
    );
    const { user } = renderAddVisit();
    await user.click(await screen.findByRole("button", { name: "Discard draft" }));
    expect(screen.queryByText("An unsaved draft of this form was kept.")).toBeNull();
    expect(window.sessionStorage.getItem("registry.draft:visit-new:7")).toBeNull();
  });
});
