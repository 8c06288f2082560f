import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientList } from "@/components/patients/patient-list";
import { PatientListResponse, PatientResponse, type PatientGroups } from "@/lib/schemas/patients";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { patientFixture } from "@/tests/support/msw/fixtures";
import { renderWithQuery } from "./render-with-query";

// The list opens a new patient's page after 'Save and add baseline visit' (decision 0027).
const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => navigation }));

/** Medical groups in use on the patients screen (docs/decisions/0028). */

const EMPTY_LIST = { items: [], total: 0, next_cursor: null };
const NO_FIELDS = { data_fields: [], categories: [] };
const CHOICES = [
  { id: 4, code: "MI", name: "Milano" },
  { id: 5, code: "RM", name: "Roma" },
];
const AS_PI: PatientGroups = { choices: CHOICES, own: null, scope: "all" };
const AS_SUB: PatientGroups = { choices: CHOICES, own: CHOICES[1]!, scope: "group" };

async function openDialog(groups: PatientGroups) {
  const sent: unknown[] = [];
  serveApi(
    route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)),
    route("POST", "/api/patients", (call) => {
      sent.push(call.body);
      return ok(PatientResponse, patientFixture(9), 201);
    }),
  );
  renderWithQuery(<PatientList studyId={3} studyCode="pso" config={NO_FIELDS} canWrite groups={groups} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "+ Add Patient" }));
  const dialog = screen.getByRole("dialog", { name: "Add Patient" });
  fireEvent.change(within(dialog).getByLabelText(/Patient Code/), { target: { value: "PT-900" } });
  fireEvent.change(within(dialog).getByLabelText(/Birth Date/), { target: { value: "1975-06-30" } });
  fireEvent.change(within(dialog).getByLabelText(/^Sex/), { target: { value: "F" } });
  return { sent, user, dialog };
}

describe("the add-patient dialog's medical group", () => {
  it("is a required select when the study has groups, in the API's words, and its id is sent", async () => {
    const { sent, user, dialog } = await openDialog(AS_PI);
    const select = within(dialog).getByLabelText(/Medical group/);
    expect(select).toHaveAttribute("aria-required", "true");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select a group", "MI — Milano", "RM — Roma"]);
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    expect(
      await within(dialog).findByText("Medical group is required: this study has medical groups"),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await user.selectOptions(select, "RM — Roma");
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: "PT-900", medical_group_id: 5 });
  });

  it("is not asked of a sub-investigator: their patients join their own group, named", async () => {
    const { sent, user, dialog } = await openDialog(AS_SUB);
    expect(within(dialog).queryByLabelText(/Medical group/)).toBeNull();
    expect(within(dialog).getByTestId("own-group")).toHaveTextContent(
      "Patients you add join your medical group: Roma",
    );
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty("medical_group_id");
  });

  it("is not asked in a study without groups", async () => {
    const { dialog } = await openDialog({ choices: [], own: null, scope: "all" });
    expect(within(dialog).queryByLabelText(/Medical group/)).toBeNull();
  });
});

describe("a sub-investigator's patients list", () => {
  it("explains an empty list: their group's patients only, and names the group", async () => {
    serveApi(route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)));
    renderWithQuery(<PatientList studyId={3} studyCode="pso" config={NO_FIELDS} canWrite groups={AS_SUB} />);
    expect(
      await screen.findByText(
        "You see the patients of your medical group only (Roma). None has been added to it yet.",
      ),
    ).toBeVisible();
  });

  it("says it in Italian too, and tells one without a group why they see nothing", async () => {
    serveApi(route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)));
    const { unmount } = renderWithQuery(
      <PatientList studyId={3} studyCode="pso" config={NO_FIELDS} canWrite groups={AS_SUB} />,
      { locale: "it" },
    );
    expect(
      await screen.findByText(
        "Vedi solo i pazienti del tuo gruppo medico (Roma). Non ne è stato ancora aggiunto nessuno.",
      ),
    ).toBeVisible();
    unmount();
    renderWithQuery(
      <PatientList
        studyId={3}
        studyCode="pso"
        config={NO_FIELDS}
        canWrite={false}
        groups={{ choices: CHOICES, own: null, scope: "none" }}
      />,
    );
    expect(await screen.findByText(/You are not in a medical group of this study/)).toBeVisible();
  });

  it("a PI's empty list keeps the plain words", async () => {
    serveApi(route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)));
    renderWithQuery(<PatientList studyId={3} studyCode="pso" config={NO_FIELDS} canWrite groups={AS_PI} />);
    expect(await screen.findByText("No patients found")).toBeVisible();
    expect(screen.queryByText(/your medical group/)).toBeNull();
  });
});
