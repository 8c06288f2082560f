/**
 * The missing-data code control beside every field (docs/decisions/0023), in the real Add Visit
 * dialog against the visit route answered like the server (MSW, decision 0020).
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { AddVisitDialog } from "@/components/visits/add-visit-dialog";
import { DynamicForm } from "@/components/forms/dynamic-form";
import { YES_NO } from "@/components/forms/boolean-labels";
import { missingCodesOf } from "@/lib/forms";
import type { DataField } from "@/lib/schemas/study-config";
import { VisitResponse } from "@/lib/schemas/visits";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { smallConfig, visit, withQueryClient } from "../patient-detail/fixtures";

describe("answering a field with a missing-data code", () => {
  it("clears and disables the input, shows the code's label and sends `missing` beside the values", async () => {
    const sent: unknown[] = [];
    serveApi(
      route("POST", "/api/visits", (call) => {
        sent.push(call.body);
        return ok(VisitResponse, visit({ id: 99 }) as z.input<typeof VisitResponse>, 201);
      }),
    );
    const onCreated = vi.fn();
    render(
      withQueryClient(
        <AddVisitDialog
          open
          onClose={() => {}}
          patientId={7}
          config={smallConfig}
          visits={[]}
          onCreated={onCreated}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Visit Date *"), "2024-04-01");
    await user.selectOptions(screen.getByLabelText("Visit Type *"), "Baseline");
    const pasi = screen.getByLabelText("PASI");
    await user.type(pasi, "12");
    await user.click(screen.getByRole("button", { name: "Missing…", description: "PASI" }));
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Missing data", description: "PASI" }),
      "ND",
    );
    expect(screen.getByLabelText("PASI")).toBeDisabled();
    expect(screen.getByLabelText("PASI")).toHaveValue("");
    expect(screen.getByTestId("missing-pasi_score")).toHaveTextContent("ND · Not done");
    await user.click(screen.getByRole("button", { name: "Save Visit" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ data_fields: {}, missing: { pasi_score: "ND" } });
    expect((sent[0] as { data_fields: object }).data_fields).not.toHaveProperty("pasi_score");
  });

  it("clearing the code gives the input back; a stored code taken away is sent as null", async () => {
    const onSubmit = vi.fn();
    const fields: DataField[] = [
      { entity: "visit", name: "pasi", label: "PASI", type: "number", validation: { required: true } },
      { entity: "visit", name: "itch", label: "Itch", type: "boolean" },
    ];
    renderWithIntl(
      <DynamicForm
        fields={fields}
        categories={[]}
        entity="visit"
        booleanLabels={YES_NO}
        missingCodes={missingCodesOf({}, "en")}
        defaultMissing={{ pasi: "UNK" }}
        onSubmit={onSubmit}
      >
        <button type="submit">Save</button>
      </DynamicForm>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText("Other"));
    expect(screen.getByLabelText(/^PASI/)).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Clear code", description: /^PASI/ }));
    expect(screen.getByLabelText(/^PASI/)).toBeEnabled();
    // Required again once the code is gone.
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^PASI/), "7");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ pasi: 7 }, { pasi: null }));
  });

  it("a yes/no answer starts unanswered and can be taken back to unanswered by keyboard", async () => {
    const onSubmit = vi.fn();
    renderWithIntl(
      <DynamicForm
        fields={[{ entity: "visit", name: "itch", label: "Itch", type: "boolean" }]}
        categories={[]}
        entity="visit"
        booleanLabels={YES_NO}
        onSubmit={onSubmit}
      >
        <button type="submit">Save</button>
      </DynamicForm>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText("Other"));
    const group = screen.getByRole("group", { name: "Itch" });
    for (const radio of within(group).getAllByRole("radio")) expect(radio).not.toBeChecked();
    await user.click(within(group).getByLabelText("No"));
    const clear = screen.getByRole("button", { name: "Clear", description: "Itch" });
    clear.focus();
    await user.keyboard("{Enter}");
    for (const radio of within(group).getAllByRole("radio")) expect(radio).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Unanswered is sent as null (clears a stored answer), never false.
    expect(onSubmit.mock.calls[0]![0]).toEqual({ itch: null });
  });
});
