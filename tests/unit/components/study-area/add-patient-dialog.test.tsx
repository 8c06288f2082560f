import { inEnglish } from "@/tests/support/words-in";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientList } from "@/components/patients/patient-list";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import type { Category, DataField } from "@/lib/schemas/study-config";
import { PATIENT_MESSAGES, PatientListResponse, PatientResponse } from "@/lib/schemas/patients";
import { invalid, ok, refuse, route, serveApi, type Reply } from "@/tests/support/msw/api";
import { patientFixture } from "@/tests/support/msw/fixtures";
import en from "@/messages/en";
import itCatalogue from "@/messages/it";
import { renderWithQuery } from "./render-with-query";

// The list opens a new patient's page after 'Save and add baseline visit' (decision 0027).
const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => navigation }));

const created = () => ok(PatientResponse, patientFixture(9), 201);

const EMPTY_LIST = { items: [], total: 0, next_cursor: null };
const NO_FIELDS = { data_fields: [], categories: [] };
const DEMO = {
  data_fields: DEMO_STUDY_CONFIG.data_fields as DataField[],
  categories: DEMO_STUDY_CONFIG.categories as Category[],
};

async function openDialog(config: { data_fields: DataField[]; categories: Category[] }, post: () => Reply) {
  const calls = serveApi(
    route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)),
    route("POST", "/api/patients", post),
  );
  renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={config} canWrite />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "+ Add Patient" }));
  const dialog = screen.getByRole("dialog", { name: "Add Patient" });
  return { calls, user, dialog };
}

function fillRequired(
  dialog: HTMLElement,
  labels: { code: RegExp; birth: RegExp; sex: RegExp } = {
    code: /Patient Code/,
    birth: /Birth Date/,
    sex: /^Sex/,
  },
) {
  fireEvent.change(within(dialog).getByLabelText(labels.code), { target: { value: "PT-900" } });
  fireEvent.change(within(dialog).getByLabelText(labels.birth), { target: { value: "1975-06-30" } });
  fireEvent.change(within(dialog).getByLabelText(labels.sex), { target: { value: "F" } });
}

describe("Add patient dialog", () => {
  it("requires code, birth date and sex before anything is sent, in the API's words", async () => {
    const { calls, user, dialog } = await openDialog(NO_FIELDS, created);
    expect(within(dialog).getByLabelText(/Patient Code/)).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    // PatientCreateBody's messages (PATIENT_MESSAGES and CalendarDate): the server says the same.
    expect(await within(dialog).findByText(inEnglish(PATIENT_MESSAGES.codeRequired))).toBeInTheDocument();
    expect(within(dialog).getByText("Birth date is required")).toBeInTheDocument();
    expect(within(dialog).getByText(inEnglish(PATIENT_MESSAGES.sexRequired))).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Patient Code/)).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText(/Patient Code/)).toHaveAccessibleDescription(
      inEnglish(PATIENT_MESSAGES.codeRequired),
    );
    // The first message in page order takes focus once the messages are shown (decision 0027).
    await waitFor(() => expect(within(dialog).getByLabelText(/Patient Code/)).toHaveFocus());
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    // Sex offers exactly M and F; height and weight are numbers typed in the reader's language
    // (decision 0021), the arrow keys stepping by 0.1.
    const sexOptions = within(within(dialog).getByLabelText(/^Sex/)).getAllByRole("option");
    expect(sexOptions.map((o) => (o as HTMLOptionElement).value)).toEqual(["", "M", "F"]);
    expect(within(dialog).getByLabelText("Height (cm)")).toHaveAttribute("inputmode", "decimal");
    expect(within(dialog).getByLabelText("Weight (kg)")).toHaveAttribute("inputmode", "decimal");
  });

  it("checks height and weight by the schema's rules: a blank is no answer, zero is refused", async () => {
    const { calls, user, dialog } = await openDialog(NO_FIELDS, created);
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByLabelText("Weight (kg)"), { target: { value: "0" } });
    fireEvent.change(within(dialog).getByLabelText(/Patient Code/), { target: { value: "   " } });
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    expect(await within(dialog).findByText("Weight must be greater than 0")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Weight (kg)")).toHaveAttribute("aria-invalid", "true");
    // A code of spaces is trimmed by the schema, so it is a missing code.
    expect(within(dialog).getByText(inEnglish(PATIENT_MESSAGES.codeRequired))).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Height (cm)")).not.toHaveAttribute("aria-invalid");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    // Fixing the values clears the messages as they are typed, and the trimmed code is sent.
    fireEvent.change(within(dialog).getByLabelText("Weight (kg)"), { target: { value: "61.5" } });
    fireEvent.change(within(dialog).getByLabelText(/Patient Code/), { target: { value: " PT-901 " } });
    await waitFor(() => expect(within(dialog).queryByText("Weight must be greater than 0")).toBeNull());
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ code: "PT-901", weight_kg: 61.5 });
  });

  it("says when the study has no patient fields, asks the naive flags as yes/no (SI/NO), creates, refreshes and resets", async () => {
    const { calls, user, dialog } = await openDialog(NO_FIELDS, created);
    expect(within(dialog).getByText("No patient fields configured for this study.")).toBeInTheDocument();
    const biologic = within(dialog).getByRole("group", { name: "Naive to biologic therapies" });
    expect(
      within(biologic)
        .getAllByRole("radio")
        .map((r) => r.parentElement!.textContent),
    ).toEqual(["Yes", "No"]);
    // Nothing chosen until the user chooses.
    for (const radio of within(biologic).getAllByRole("radio")) expect(radio).not.toBeChecked();
    fillRequired(dialog);
    fireEvent.change(within(dialog).getByLabelText("Height (cm)"), { target: { value: "172.5" } });
    await user.click(within(biologic).getByRole("radio", { name: "Yes" }));
    const listLoads = calls.filter((c) => c.method === "GET").length;
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      study_id: 3,
      code: "PT-900",
      birth_date: "1975-06-30",
      sex: "F",
      height_cm: 172.5,
      // Not asked, not answered: null, never a default "No" (decision 0023).
      naive_systemic: null,
      naive_biologic: true,
      custom_fields: {},
      missing: {},
    });
    await waitFor(() => expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThan(listLoads));
    await user.click(screen.getByRole("button", { name: "+ Add Patient" }));
    expect(screen.getByLabelText(/Patient Code/)).toHaveValue("");
  });

  it("maps the server's 422 onto the fields and shows 'Error creating patient: …'", async () => {
    const { user, dialog } = await openDialog(DEMO, () =>
      invalid(
        { loc: ["body", "code"], msg: "Patient code must be at most 50 characters", type: "too_big" },
        {
          loc: ["body", "custom_fields", "hospital_record_number"],
          msg: "Hospital record number format is invalid",
          type: "pattern",
        },
      ),
    );
    fillRequired(dialog);
    // The demo study's required patient fields, so its own form lets the request go.
    fireEvent.change(within(dialog).getByLabelText(/Psoriasis onset/), { target: { value: "2010-04" } });
    await user.click(within(dialog).getByRole("checkbox", { name: "Plaque" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    const alert = await within(dialog).findByText(/^Error creating patient: /);
    expect(alert).toHaveTextContent(
      "Error creating patient: Patient code must be at most 50 characters; Hospital record number format is invalid",
    );
    const code = within(dialog).getByLabelText(/Patient Code/);
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(code).toHaveAccessibleDescription("Patient code must be at most 50 characters");
    expect(
      within(dialog).getByText("Hospital record number: Hospital record number format is invalid"),
    ).toBeInTheDocument();
    // Editing the field retires the server's message about the old value.
    await user.type(code, "1");
    expect(code).not.toHaveAttribute("aria-invalid");
  });

  it("puts a duplicate code (409) on the code field", async () => {
    const { user, dialog } = await openDialog(NO_FIELDS, () =>
      refuse(409, 'A patient with code "PT-900" already exists in this study'),
    );
    fillRequired(dialog);
    await user.click(within(dialog).getByRole("button", { name: "Save Patient" }));
    expect(
      await within(dialog).findByText(
        'Error creating patient: A patient with code "PT-900" already exists in this study',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Patient Code/)).toHaveAccessibleDescription(
      'A patient with code "PT-900" already exists in this study',
    );
  });

  it("groups the study's patient fields by category, demographic open, yes/no (SI/NO), naive flags asked once", async () => {
    const { dialog } = await openDialog(DEMO, created);
    const sections = Array.from(dialog.querySelectorAll("details"));
    expect(sections.map((d) => [d.querySelector("summary")!.textContent, d.open])).toEqual([
      ["Demographics & disease history", true],
      ["Comorbidities", false],
      ["Therapy history", false],
    ]);
    // The study defines naive_systemic and naive_biologic itself: no second copy among the fixed fields.
    expect(
      within(dialog).queryByRole("group", { name: "Naive to biologic therapies" }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getAllByText("Naive to biologic therapy")).toHaveLength(1);
    const family = within(dialog).getByRole("group", { name: /Family history of psoriasis/ });
    expect(
      within(family)
        .getAllByRole("radio")
        .map((r) => r.parentElement!.textContent),
    ).toEqual(["Yes", "No"]);
  });
});

/** The catalogue's English sentences that Italian words differently: none may show on an Italian screen. */
function englishOnly(en: object, it: object): string[] {
  return Object.entries(en).flatMap(([key, value]) => {
    const other = (it as Record<string, unknown>)[key];
    if (typeof value === "string") return value !== other ? [value] : [];
    return englishOnly(value as object, other as object);
  });
}

describe("Add patient dialog in Italian", () => {
  it("speaks the spec's Italian: labels, Sì/No and buttons, with no English left", async () => {
    const calls = serveApi(
      route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)),
      route("POST", "/api/patients", created),
    );
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={NO_FIELDS} canWrite />, {
      locale: "it",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "+ Aggiungi paziente" }));
    const dialog = screen.getByRole("dialog", { name: "Aggiungi Paziente" });
    for (const label of [/^Codice Paziente/, /^Data di Nascita/, /^Sesso/, /^Altezza \(cm\)/, /^Peso \(kg\)/])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    const systemic = within(dialog).getByRole("group", { name: "Naive a terapie sistemiche convenzionali" });
    expect(
      within(systemic)
        .getAllByRole("radio")
        .map((r) => r.parentElement!.textContent),
    ).toEqual(["Sì", "No"]);
    expect(
      within(dialog).getByText("Nessun campo paziente configurato per questo studio."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Annulla" })).toBeInTheDocument();
    expect(within(dialog).getByRole("option", { name: "Seleziona..." })).toBeInTheDocument();
    // No English left on the screen: none of the dialog's or the form's English sentences.
    const text = dialog.textContent ?? "";
    for (const english of [
      ...englishOnly(en.patients.add, itCatalogue.patients.add),
      ...englishOnly(en.forms.form, itCatalogue.forms.form),
      ...englishOnly(en.forms.booleans, itCatalogue.forms.booleans),
    ])
      expect(text).not.toContain(english);

    fillRequired(dialog, { code: /^Codice Paziente/, birth: /^Data di Nascita/, sex: /^Sesso/ });
    await user.click(within(dialog).getByRole("button", { name: "Salva Paziente" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
  });

  it("puts the engine's messages about the study's fields into Italian", async () => {
    serveApi(route("GET", "/api/patients", () => ok(PatientListResponse, EMPTY_LIST)));
    renderWithQuery(<PatientList studyId={3} studyCode="psoriasis" config={DEMO} canWrite />, {
      locale: "it",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "+ Aggiungi paziente" }));
    const dialog = screen.getByRole("dialog", { name: "Aggiungi Paziente" });
    fillRequired(dialog, { code: /^Codice Paziente/, birth: /^Data di Nascita/, sex: /^Sesso/ });
    await user.click(within(dialog).getByRole("button", { name: "Salva Paziente" }));
    const summary = await within(dialog).findByRole("alert", { name: "Correggere i seguenti errori:" });
    expect(within(summary).getByText("Psoriasis onset è obbligatorio")).toBeInTheDocument();
    expect(summary).not.toHaveTextContent(/is required/);
    // The message, then the format a month is typed in (decision 0027).
    expect(within(dialog).getByLabelText(/Psoriasis onset/)).toHaveAccessibleDescription(
      "Psoriasis onset è obbligatorio Formato: mm/aaaa",
    );
  });
});
