/**
 * One rule for calendar dates at every API that takes one (lib/dates/calendar-date.ts): 2024-02-31
 * and 2023-02-29 are refused with a 422 naming the field, 2024-02-29 is accepted. Protocol versions
 * and the audit filters used to accept impossible days through Date.parse, which rolls them over.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listAuditLogs } from "@/app/api/admin/audit-logs/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { PUT as updatePatient } from "@/app/api/patients/[id]/route";
import { POST as createVersion } from "@/app/api/studies/[id]/protocol-versions/route";
import { GET as exportStudy } from "@/app/api/studies/[id]/export/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";

const IMPOSSIBLE = ["2024-02-31", "2023-02-29"];
const LEAP_DAY = "2024-02-29";

let admin: Caller;
let studyId: number;
let seq = 0;

function configWithDates(): StudyConfig {
  const config = structuredClone(DEMO_STUDY_CONFIG) as StudyConfig;
  config.data_fields.push(
    { entity: "patient", name: "diagnosis_date", label: "Diagnosis date", type: "date" },
    { entity: "visit", name: "assessment_date", label: "Assessment date", type: "date" },
  );
  return config;
}

async function newPatient(extra: Record<string, unknown> = {}) {
  return call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, `D-${++seq}`, extra),
  });
}

function newVisit(patientId: number, visitDate: string, data: Record<string, unknown> = {}) {
  return call(createVisit, {
    method: "POST",
    headers: admin.headers,
    body: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: visitDate,
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", adverse_event: false, pasi_score: 10, ...data },
    },
  });
}

const locs = (json: Record<string, unknown>) =>
  (json.detail as { loc: (string | number)[]; msg: string }[]).map((d) => `${d.loc.join(".")}: ${d.msg}`);

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "superadmin" });
  studyId = (await createStudy(admin, configWithDates())).id;
});

describe("calendar dates under one rule", () => {
  it.each(IMPOSSIBLE)("refuses protocol version dates such as %s, and accepts the leap day", async (day) => {
    const amend = (dates: Record<string, string>) =>
      call(createVersion, {
        method: "POST",
        headers: admin.headers,
        params: { id: String(studyId) },
        body: { amendment_reason: "Dates", config: configWithDates(), ...dates },
      });
    const effective = await amend({ effective_from: day });
    expect(effective.status).toBe(422);
    expect(locs(effective.json)).toEqual(["body.effective_from: Dates must be YYYY-MM-DD"]);
    const versionDate = await amend({ effective_from: LEAP_DAY, version_date: day });
    expect(versionDate.status).toBe(422);
    expect(locs(versionDate.json)).toEqual(["body.version_date: Dates must be YYYY-MM-DD"]);
  });

  it("accepts 2024-02-29 as a protocol version's effective date", async () => {
    const res = await call(createVersion, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(studyId) },
      body: { amendment_reason: "Leap day", config: configWithDates(), effective_from: LEAP_DAY },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  });

  it.each(IMPOSSIBLE)("refuses %s as a birth date and as a patient date field", async (day) => {
    const birth = await newPatient({ birth_date: day });
    expect(birth.status).toBe(422);
    expect(locs(birth.json)).toEqual(["body.birth_date: Birth date must be a date (YYYY-MM-DD)"]);
    const field = await newPatient({
      custom_fields: { psoriasis_onset: "2015-03", psoriasis_phenotypes: ["plaque"], diagnosis_date: day },
    });
    expect(field.status).toBe(422);
    expect(JSON.stringify(field.json)).toContain("Diagnosis date must be a valid date");
  });

  it("accepts the leap day as birth date and date field, and refuses an impossible day on update", async () => {
    const res = await newPatient({
      birth_date: LEAP_DAY,
      custom_fields: {
        // Onset after birth: a date before it is refused (decision 0024).
        psoriasis_onset: "2025-03",
        psoriasis_phenotypes: ["plaque"],
        diagnosis_date: LEAP_DAY,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const patient = res.json as { id: number; version: number; birth_date: string };
    expect(patient.birth_date).toBe(LEAP_DAY);
    const update = await call(updatePatient, {
      method: "PUT",
      headers: admin.headers,
      params: { id: String(patient.id) },
      body: { version: patient.version, reason: "Correct the birth date", birth_date: "2023-02-29" },
    });
    expect(update.status).toBe(422);
    expect(locs(update.json)).toEqual(["body.birth_date: Birth date must be a date (YYYY-MM-DD)"]);
  });

  it("applies the rule to visit dates and visit date fields", async () => {
    const patient = (await newPatient()).json as { id: number };
    for (const day of IMPOSSIBLE) {
      const visitDate = await newVisit(patient.id, day);
      expect(visitDate.status).toBe(422);
      expect(locs(visitDate.json)).toEqual(["body.visit_date: Visit date must be a date (YYYY-MM-DD)"]);
      const field = await newVisit(patient.id, LEAP_DAY, { assessment_date: day });
      expect(field.status).toBe(422);
      expect(JSON.stringify(field.json)).toContain("Assessment date must be a valid date");
    }
    const ok = await newVisit(patient.id, LEAP_DAY, { assessment_date: LEAP_DAY });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
  });

  it("applies the rule to the export's and the audit trail's date filters", async () => {
    for (const day of IMPOSSIBLE) {
      const exported = await call(exportStudy, {
        headers: admin.headers,
        params: { id: String(studyId) },
        path: `/api/studies/${studyId}/export?format=csv-long&visit_date_from=${day}`,
      });
      expect(exported.status).toBe(422);
      const audit = await call(listAuditLogs, {
        headers: admin.headers,
        path: `/api/admin/audit-logs?start_date=${day}T00:00:00Z`,
      });
      expect(audit.status).toBe(422);
      expect(locs(audit.json)).toEqual(["query.start_date: start_date must be a date and time (ISO 8601)"]);
    }
    const leap = await call(listAuditLogs, {
      headers: admin.headers,
      path: `/api/admin/audit-logs?start_date=${LEAP_DAY}T00:00:00Z&end_date=${LEAP_DAY}`,
    });
    expect(leap.status, JSON.stringify(leap.json)).toBe(200);
  });
});
