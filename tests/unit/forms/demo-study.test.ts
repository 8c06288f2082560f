import { describe, expect, it } from "vitest";
import { buildDemoPatients } from "@/db/seed/demo-patients";
import { fieldState } from "@/lib/forms";
// The engine's messages in English words (its references read with the en catalogue).
import { validateSubmission } from "@/tests/support/engine-words";
import { demoField, patientFields, visitFields } from "./demo-fields";

const PREVIOUS_THERAPY = ["prev_methotrexate", "prev_cyclosporine", "prev_acitretin", "prev_phototherapy"];
const CALCULATED_OR_WORKFLOW = ["pasi_improvement", "pasi75_achieved", "therapy_switch"];

/** A complete, valid patient with every therapy-history dependency switched on. */
const fullPatient = {
  psoriasis_onset: "2010-05",
  psoriasis_phenotypes: ["plaque"],
  naive_systemic: false,
  prev_methotrexate: true,
  prev_cyclosporine: false,
  prev_acitretin: false,
  prev_phototherapy: true,
  naive_biologic: false,
  failed_biologics: true,
  biologic_history: [{ drug: "adalimumab", start_month: "2018-01", end_month: "2019-06" }],
};

describe("demo study: patient form dependencies (spec §4)", () => {
  it("keeps every value of a complete patient", () => {
    const result = validateSubmission(patientFields, fullPatient);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(fullPatient);
  });

  it("naive_systemic yes hides the previous-therapy checkboxes and drops their values", () => {
    const values = { ...fullPatient, naive_systemic: true };
    for (const name of PREVIOUS_THERAPY) expect(fieldState(demoField(name), values).visible).toBe(false);
    const result = validateSubmission(patientFields, values);
    expect(result.ok).toBe(true);
    for (const name of PREVIOUS_THERAPY) expect(result.values).not.toHaveProperty(name);
  });

  it("naive_biologic yes hides failed_biologics and biologic_history, and drops both", () => {
    const values = { ...fullPatient, naive_biologic: true };
    expect(fieldState(demoField("failed_biologics"), values).visible).toBe(false);
    const result = validateSubmission(patientFields, values);
    expect(result.ok).toBe(true);
    expect(result.values).not.toHaveProperty("failed_biologics");
    expect(result.values).not.toHaveProperty("biologic_history");
  });

  it("biologic_history appears only when failed_biologics is yes, and is then required", () => {
    const history = demoField("biologic_history");
    expect(fieldState(history, { naive_biologic: false, failed_biologics: false }).visible).toBe(false);
    expect(fieldState(history, { naive_biologic: false }).visible).toBe(false);
    expect(fieldState(history, { naive_biologic: false, failed_biologics: true })).toMatchObject({
      visible: true,
      required: true,
    });
    const { biologic_history: _dropped, ...withoutHistory } = fullPatient;
    expect(validateSubmission(patientFields, withoutHistory).errors).toEqual({
      biologic_history: "Previous biologics is required",
    });
    expect(validateSubmission(patientFields, { ...fullPatient, biologic_history: [] }).errors).toEqual({
      biologic_history: "Previous biologics is required",
    });
  });

  it("validates biologic_history rows with the sub-field labels", () => {
    const result = validateSubmission(
      patientFields,
      {
        ...fullPatient,
        biologic_history: [{ drug: "aspirin", start_month: "2018-13", notes: "x".repeat(201) }],
      },
      { locPrefix: ["body", "custom_fields"] },
    );
    expect(result.errors).toEqual({
      "biologic_history.0.drug": "Drug must be one of the listed options",
      "biologic_history.0.start_month": "Start must be a valid month",
      "biologic_history.0.notes": "Notes must be at most 200 characters",
    });
    expect(result.issues[0]?.loc).toEqual(["body", "custom_fields", "biologic_history", 0, "drug"]);
  });

  it("checks the hospital record number's length and pattern, and the required onset", () => {
    const result = validateSubmission(patientFields, {
      ...fullPatient,
      hospital_record_number: "mi-004512",
      psoriasis_onset: "",
    });
    expect(result.errors).toEqual({
      hospital_record_number: "Hospital record number format is invalid",
      psoriasis_onset: "Psoriasis onset is required",
    });
  });
});

describe("demo study: visit form", () => {
  const visit = { current_therapy: "guselkumab", pasi_score: 4.2, adverse_event: false };

  it("asks for the adverse-event details only when there is one", () => {
    expect(validateSubmission(visitFields, visit).ok).toBe(true);
    expect(validateSubmission(visitFields, { ...visit, adverse_event: true }).errors).toEqual({
      ae_description: "Adverse event description is required",
      ae_onset_date: "Adverse event onset is required",
    });
  });

  it("requires and keeps the resolution date only once resolved (enable_if)", () => {
    const ae = {
      ...visit,
      adverse_event: true,
      ae_description: "Mild rash, resolved.",
      ae_onset_date: "2025-01-10",
    };
    const unresolved = validateSubmission(visitFields, {
      ...ae,
      ae_resolved: false,
      ae_resolution_date: "2025-02-01",
    });
    expect(unresolved.ok).toBe(true);
    expect(unresolved.values).not.toHaveProperty("ae_resolution_date");
    expect(validateSubmission(visitFields, { ...ae, ae_resolved: true }).errors).toEqual({
      ae_resolution_date: "Adverse event resolution date is required",
    });
  });

  it("checks the SAE email, PASI range and special sites shown only for PASI > 0", () => {
    const result = validateSubmission(visitFields, {
      ...visit,
      pasi_score: 80,
      special_sites: ["moon"],
      adverse_event: true,
      ae_description: "Pneumonia requiring hospitalisation.",
      ae_onset_date: "2025-01-10",
      ae_serious: true,
      sae_report_email: "not-an-email",
    });
    expect(result.errors).toEqual({
      pasi_score: "PASI must be at most 72",
      special_sites: "Special sites involved must be one of the listed options",
      sae_report_email: "SAE report contact email must be a valid email address",
    });
    const clear = validateSubmission(visitFields, { ...visit, pasi_score: 0, special_sites: ["moon"] });
    expect(clear.ok).toBe(true);
    expect(clear.values).not.toHaveProperty("special_sites");
  });
});

describe("demo patients and visits validate against the demo fields", () => {
  const patients = buildDemoPatients();

  it.each(patients.map((p) => [p.code, p] as const))("%s custom_fields", (_code, patient) => {
    const custom = patient.custom_fields as unknown as Record<string, unknown>;
    const result = validateSubmission(patientFields, custom);
    expect(result.errors).toEqual({});
    expect(result.unknownKeys).toEqual([]);
    expect(result.values).toEqual(custom); // nothing dropped: the seed omits hidden fields itself
  });

  it.each(patients.map((p) => [p.code, p] as const))("%s visits' data_fields", (_code, patient) => {
    expect(patient.visits.length).toBeGreaterThan(0);
    for (const visit of patient.visits) {
      const data = visit.data_fields as unknown as Record<string, unknown>;
      const result = validateSubmission(visitFields, data);
      expect(result.errors).toEqual({});
      expect(result.unknownKeys.every((key) => CALCULATED_OR_WORKFLOW.includes(key))).toBe(true);
      const kept = Object.fromEntries(
        Object.entries(data).filter(([key]) => !CALCULATED_OR_WORKFLOW.includes(key)),
      );
      expect(result.values).toEqual(kept);
    }
  });
});
