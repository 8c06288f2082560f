import { configIn } from "@/lib/i18n/study-config-language";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { StudyConfigShape, type StudyConfig } from "@/lib/schemas/study-config";
import type { PatientResponse } from "@/lib/schemas/patients";
import type { VisitResponse } from "@/lib/schemas/visits";

/** The demo study as a reader of `locale` reads it (decision 0022: its therapy-switch texts are bilingual). */
export const demoConfigIn = (locale: Locale): StudyConfig =>
  configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), locale);
export const demoConfig: StudyConfig = demoConfigIn("en");

/** The demo study with one optional visit field, so a form can be submitted without filling much. */
export const smallConfig: StudyConfig = {
  ...demoConfig,
  data_fields: [
    { entity: "visit", name: "pasi_score", label: "PASI", type: "number", category: "efficacy" },
    { entity: "visit", name: "itch", label: "Itch", type: "boolean", category: "efficacy" },
    { entity: "visit", name: "ae_note", label: "Adverse event note", type: "text", category: "safety" },
  ],
  calculations: [],
};

export function patient(overrides: Partial<PatientResponse> = {}): PatientResponse {
  return {
    id: 7,
    study_id: 1,
    code: "PSO-007",
    birth_date: "1980-05-17",
    sex: "F",
    height_cm: 170.5,
    weight_kg: 68.2,
    naive_systemic: true,
    naive_biologic: false,
    custom_fields: {},
    missing: {},
    medical_group_id: null,
    confirmed_warnings: [],
    created_by: 1,
    next_visit_type: null,
    next_visit_due: null,
    next_visit_window_end: null,
    locked_at: null,
    locked_by: null,
    enrolled_on: null,
    form_status: "in_progress",
    completed_at: null,
    completed_by: null,
    verification: {},
    version: 1,
    created_at: "2024-03-09T10:00:00.000Z",
    updated_at: "2024-03-09T10:00:00.000Z",
    ...overrides,
  };
}

export function visit(overrides: Partial<VisitResponse> = {}): VisitResponse {
  return {
    id: 11,
    study_id: 1,
    patient_id: 7,
    therapy_line_id: 1,
    visit_number: 1,
    visit_date: "2024-01-05",
    visit_type: "baseline",
    data_fields: { pasi_score: 20, dlqi_score: 12 },
    missing: {},
    calculated_values: { pasi75_achieved: false },
    calculation_notes: {},
    config_version: 1,
    protocol_version_id: null,
    confirmed_warnings: [],
    is_locked: false,
    locked_at: null,
    locked_by: null,
    created_by: 1,
    form_status: "in_progress",
    completed_at: null,
    completed_by: null,
    verification: {},
    version: 1,
    created_at: "2024-01-05T10:00:00.000Z",
    updated_at: "2024-01-05T10:00:00.000Z",
    ...overrides,
  };
}

/** A fresh query client and the catalogue of one language (English unless told). */
export function withQueryClient(children: ReactNode, locale: Locale = "en") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <IntlWrapper locale={locale}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </IntlWrapper>
  );
}
