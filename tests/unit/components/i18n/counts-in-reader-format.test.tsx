/**
 * Counts on the screens in the reader's number format (decision 0021): grouped with a comma in
 * English and a point in Italian ('12,345', '12.345'), never the bare '12345' of String(n).
 */
import { screen, within } from "@testing-library/react";
import { createTranslator } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { MedicalGroupsPage } from "@/components/medical-groups/medical-groups-page";
import { PatientList } from "@/components/patients/patient-list";
import type { Locale } from "@/lib/i18n/locales";
import { PatientListResponse, type PatientResponse } from "@/lib/schemas/patients";
import { MedicalGroupListResponse } from "@/lib/schemas/users";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { medicalGroupFixture } from "@/tests/support/msw/fixtures";
import en from "@/messages/en";
import it_ from "@/messages/it";
import { renderWithQuery } from "../study-area/render-with-query";

// The list opens a new patient's page after 'Save and add baseline visit' (decision 0027).
const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => navigation }));

const patient = (id: number): z.input<typeof PatientResponse> => ({
  id,
  study_id: 3,
  code: `PT-${id}`,
  birth_date: "1980-03-05",
  sex: "F",
  height_cm: null,
  weight_kg: null,
  naive_systemic: false,
  naive_biologic: false,
  custom_fields: {},
  missing: {},
  medical_group_id: null,
  created_by: 1,
  next_visit_type: null,
  next_visit_due: null,
  next_visit_window_end: null,
  enrolled_on: null,
  form_status: "in_progress",
  completed_at: null,
  completed_by: null,
  verification: {},
  version: 1,
  created_at: "2026-01-15T10:00:00.000Z",
  updated_at: "2026-01-15T10:00:00.000Z",
});

function showPatients(locale: Locale) {
  serveApi(
    route("GET", "/api/patients", () =>
      ok(PatientListResponse, {
        items: Array.from({ length: 20 }, (_, i) => patient(i + 1)),
        total: 12345,
        next_cursor: "PT-20",
      }),
    ),
  );
  renderWithQuery(
    <PatientList
      studyId={3}
      studyCode="psoriasis"
      config={{ data_fields: [], categories: [] }}
      canWrite={false}
    />,
    { locale },
  );
}

function showGroups(locale: Locale) {
  serveApi(
    route("GET", "/api/studies/{id}/medical-groups", () =>
      ok(MedicalGroupListResponse, {
        items: [medicalGroupFixture(2, { name: "Milano", patient_count: 23456 })],
        total: 1,
      }),
    ),
  );
  renderWithQuery(<MedicalGroupsPage studyId={1} studyName="Registry" readOnly={false} />, { locale });
}

const groupRow = async () => (await screen.findByText("Milano")).closest("tr")!;

describe("counts in English", () => {
  it("the patient list's total", async () => {
    showPatients("en");
    expect(await screen.findByText("Showing 1 to 20 of 12,345")).toBeInTheDocument();
  });

  it("a medical group's patients", async () => {
    showGroups("en");
    expect(within(await groupRow()).getByText("23,456")).toBeInTheDocument();
  });
});

describe("counts in Italian", () => {
  it("the patient list's total", async () => {
    showPatients("it");
    expect(await screen.findByText("Da 1 a 20 di 12.345")).toBeInTheDocument();
  });

  it("a medical group's patients", async () => {
    showGroups("it");
    const row = await groupRow();
    expect(within(row).getByText("23.456")).toBeInTheDocument();
    expect(row).not.toHaveTextContent("23456");
  });
});

describe("counts the study editor gives its messages as numbers ({n, number})", () => {
  it("are grouped in the message's language", () => {
    const counts = { created: 12345, updated: 0, unchanged: 2, kept: 10500 };
    expect(
      createTranslator({ locale: "en", messages: en, namespace: "editor.dictionary" })("summary", counts),
    ).toBe("12,345 created, 0 updated, 2 unchanged, 10,500 kept.");
    expect(
      createTranslator({ locale: "it", messages: it_, namespace: "editor.dictionary" })("summary", counts),
    ).toBe("12.345 creati, 0 aggiornati, 2 invariati, 10.500 mantenuti.");
    expect(
      createTranslator({ locale: "it", messages: it_, namespace: "editorFields" })("renameWarning", {
        count: 12345,
        origin: "pasi",
      }),
    ).toMatch(/^12\.345 record contengono/);
  });
});
