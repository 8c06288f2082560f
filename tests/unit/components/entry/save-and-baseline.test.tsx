import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PatientList } from "@/components/patients/patient-list";
import { PatientListResponse, PatientResponse } from "@/lib/schemas/patients";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { patientFixture } from "@/tests/support/msw/fixtures";
import { renderWithQuery } from "../study-area/render-with-query";

const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => navigation }));

beforeEach(() => {
  window.sessionStorage.clear();
  navigation.push.mockClear();
});

/** 'Save and add baseline visit' (decision 0027): saved, then the patient's page on its add-visit dialog. */
describe("save and add the baseline visit", () => {
  async function openAndFill() {
    const sent: unknown[] = [];
    serveApi(
      route("GET", "/api/patients", () =>
        ok(PatientListResponse, { items: [], total: 0, next_cursor: null }),
      ),
      route("POST", "/api/patients", (call) => {
        sent.push(call.body);
        return ok(PatientResponse, patientFixture(9), 201);
      }),
    );
    renderWithQuery(
      <PatientList studyId={3} studyCode="psoriasis" config={{ data_fields: [], categories: [] }} canWrite />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "+ Add Patient" }));
    const dialog = screen.getByRole("dialog", { name: "Add Patient" });
    // By keyboard: the code, Tab, the birth date in one stop (month first in English); then the sex
    // (jsdom's select has no type-ahead).
    await user.keyboard("PT-900{Tab}09301968");
    await user.selectOptions(within(dialog).getByLabelText(/^Sex/), "M");
    return { sent, user, dialog };
  }

  it("creates the patient, then opens their page asking for the baseline visit", async () => {
    const { sent, user, dialog } = await openAndFill();
    await user.click(within(dialog).getByRole("button", { name: "Save and add baseline visit" }));
    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith("/psoriasis/patients/9?add-visit=1"));
    expect(sent).toEqual([
      expect.objectContaining({ code: "PT-900", birth_date: "1968-09-30", sex: "M", study_id: 3 }),
    ]);
  });

  it("Save Patient only saves", async () => {
    const { sent, user, dialog } = await openAndFill();
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(navigation.push).not.toHaveBeenCalled();
  });

  it("asks before closing with changes, and keeps the draft for the next opening", async () => {
    const { user } = await openAndFill();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.getByRole("dialog", { name: "Add Patient" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.sessionStorage.getItem("registry.draft:patient-new:3")).toBeNull();
  });
});
