import { configForMessages } from "@/lib/i18n/study-config-language";
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { patients, studies, therapyLines, visits } from "@/db/schema";
import { buildDemoPatients } from "@/db/seed/demo-patients";
import { DEMO_STUDY, DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { SYSTEM_META } from "../api/request-meta";
import { refreshPatientSummary } from "../clinical/patient-summary";
import { baselineVisit, calculateVisit } from "../clinical/visit-calculations";
import { reportSettings } from "../reports/report-settings";
import { ensureActiveVersion } from "../studies/protocol-versions/in-force";
import { auditedTransaction } from "../audit/audit-writer";

const SEED_REASON = "Demo data seeded at first start (SEED_DEMO)";

/**
 * Creates the demo psoriasis study with its patients and visits, once: nothing happens when a study
 * with the demo code already exists. One transaction, one audit row per created record.
 */
export async function seedDemoData(
  db: Db,
): Promise<{ code: string; patients: number; visits: number } | null> {
  return auditedTransaction(db, async (tx, recordAudit) => {
    const existing = await tx
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.code, DEMO_STUDY.code));
    if (existing.length > 0) return null;

    const [study] = await tx
      .insert(studies)
      .values({
        code: DEMO_STUDY.code,
        name: DEMO_STUDY.name,
        disease: DEMO_STUDY.disease,
        description: DEMO_STUDY.description,
        domain: DEMO_STUDY.domain,
        isActive: DEMO_STUDY.is_active,
        config: DEMO_STUDY_CONFIG as unknown as Record<string, unknown>,
      })
      .returning();
    if (!study) throw new Error("Demo study insert returned nothing");
    const audit = (entityType: string, entityId: number, newValues: Record<string, unknown>) =>
      recordAudit({
        action: "create",
        entityType,
        entityId,
        studyId: study.id,
        meta: SYSTEM_META,
        reason: SEED_REASON,
        newValues,
      });
    audit("study", study.id, {
      code: study.code,
      name: study.name,
      disease: study.disease,
      domain: study.domain,
    });

    // Calculated values come from the study's own calculations, as for any visit the API stores;
    // the demo data's precomputed copies of them are not fields and stay out of data_fields.
    const config = configForMessages(StudyConfigSchema.parse(study.config));
    // The demo data is entered under the study's first protocol version (decision 0013).
    const inForce = await ensureActiveVersion(tx, study.id, {
      audit: recordAudit,
      actor: null,
      meta: SYSTEM_META,
    });
    const calculationNames = new Set(config.calculations.map((calc) => calc.name));
    const settings = reportSettings(config);
    const demoPatients = buildDemoPatients();
    let visitCount = 0;
    for (const demo of demoPatients) {
      const [patient] = await tx
        .insert(patients)
        .values({
          studyId: study.id,
          code: demo.code,
          birthDate: demo.birth_date,
          sex: demo.sex,
          heightCm: demo.height_cm,
          weightKg: demo.weight_kg,
          naiveSystemic: demo.naive_systemic,
          naiveBiologic: demo.naive_biologic,
          customFields: demo.custom_fields,
        })
        .returning();
      if (!patient) throw new Error("Demo patient insert returned nothing");
      const { visits: _visits, therapy_lines: _lines, ...patientValues } = demo;
      audit("patient", patient.id, patientValues);

      const lineIds = new Map<number, number>();
      for (const line of demo.therapy_lines) {
        const [created] = await tx
          .insert(therapyLines)
          .values({
            studyId: study.id,
            patientId: patient.id,
            lineNumber: line.line_number,
            therapyName: line.therapy_name,
            startDate: line.start_date,
            endDate: line.end_date,
            switchReason: line.switch_reason,
            switchData: line.switch_data,
          })
          .returning();
        lineIds.set(line.line_number, created!.id);
        audit("therapy_line", created!.id, { patient_id: patient.id, ...line });
      }
      const entered = demo.visits.map((visit) => ({
        ...visit,
        visitType: visit.visit_type,
        visitNumber: visit.visit_number,
        dataFields: Object.fromEntries(
          Object.entries(visit.data_fields).filter(([key]) => !calculationNames.has(key)),
        ),
        missing: {},
      }));
      const baseline = baselineVisit(config, entered);
      for (const visit of entered) {
        const calculated = calculateVisit(config, visit, baseline);
        const [created] = await tx
          .insert(visits)
          .values({
            studyId: study.id,
            patientId: patient.id,
            therapyLineId: lineIds.get(visit.therapy_line) ?? null,
            protocolVersionId: inForce.id,
            visitNumber: visit.visit_number,
            visitDate: visit.visit_date,
            visitType: visit.visit_type,
            dataFields: visit.dataFields,
            calculatedValues: calculated.values,
            calculationNotes: calculated.notes,
            configVersion: study.version,
          })
          .returning();
        audit("visit", created!.id, {
          patient_id: patient.id,
          visit_number: visit.visit_number,
          ...visit.dataFields,
        });
        visitCount++;
      }
      await refreshPatientSummary(tx, settings, patient.id);
    }
    return { code: study.code, patients: demoPatients.length, visits: visitCount };
  });
}
