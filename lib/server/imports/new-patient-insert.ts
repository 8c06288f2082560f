import "server-only";
import type { Tx } from "@/db/client";
import type { AuditRecorder } from "../audit/audit-writer";
import { insertLinesInBulk, insertPatientsInBulk, insertVisitsInBulk } from "../clinical/bulk-insert-queries";
import type { ClinicalStudy } from "../clinical/clinical-study";
import { auditablePatient } from "../clinical/patient-service";
import { auditableLine } from "../clinical/therapy-lines";
import type { TherapyLineRow } from "../clinical/therapy-line-queries";
import { auditableVisit } from "../clinical/visit-service";
import type { VisitRow } from "../clinical/visit-queries";
import { ensureActiveVersion } from "../studies/protocol-versions/in-force";
import type { ImportWriteContext } from "./import-record-attempt";
import type { NewPatientPlan } from "./new-patient-plan";

/**
 * A batch's planned new patients written in bulk (docs/decisions/0037-bulk-import.md): one
 * multi-row insert of the patients, one of their therapy lines and one of their visits, instead of the form save's
 * statements per record. Each record gets the audit row a form save gives it, in its final state
 * (a line closed by a later switch is created closed, a visit's calculations are those after its
 * baseline's), pointing at the import job.
 */

export async function insertNewPatients(
  tx: Tx,
  audit: AuditRecorder,
  context: ImportWriteContext,
  study: ClinicalStudy,
  plans: readonly NewPatientPlan[],
): Promise<void> {
  if (plans.length === 0) return;
  const actor = { userId: context.actor.userId, email: context.actor.email };
  const base = { studyId: study.id, actor, meta: context.meta };
  const record = (entityType: string, entityId: number, newValues: Record<string, unknown>) =>
    audit({
      ...base,
      action: "create",
      entityType,
      entityId,
      newValues: { ...newValues, import_job: context.importJobId },
    });

  const patientRows = await insertPatientsInBulk(
    tx,
    plans.map((plan) => plan.patient),
  );
  const patientOf = new Map(patientRows.map((row) => [row.code, row]));
  const patientId = (plan: NewPatientPlan) => patientOf.get(plan.patient.code)!.id;

  const lineRows = await insertLinesInBulk(
    tx,
    plans.flatMap((plan) =>
      plan.lines.map((line) => ({ ...line, studyId: study.id, patientId: patientId(plan) })),
    ),
  );
  const lineOf = new Map(lineRows.map((row) => [`${row.patientId}:${row.lineNumber}`, row]));
  const lineAt = (plan: NewPatientPlan, index: number): TherapyLineRow =>
    lineOf.get(`${patientId(plan)}:${plan.lines[index]!.lineNumber}`)!;

  // The version in force when the visits are entered (createVisitIn's rule).
  const anyVisit = plans.some((plan) => plan.visits.length > 0);
  const inForce = anyVisit
    ? await ensureActiveVersion(tx, study.id, { audit, actor, meta: context.meta }, study.activeVersion)
    : null;
  const visitRows = await insertVisitsInBulk(
    tx,
    plans.flatMap((plan) =>
      plan.visits.map(({ lineIndex, ...visit }) => ({
        ...visit,
        patientId: patientId(plan),
        therapyLineId: lineAt(plan, lineIndex).id,
        protocolVersionId: inForce!.id,
      })),
    ),
  );
  const visitOf = new Map<string, VisitRow>(
    visitRows.map((row) => [`${row.patientId}:${row.visitNumber}`, row]),
  );

  for (const plan of plans) {
    const patient = patientOf.get(plan.patient.code)!;
    record("patient", patient.id, auditablePatient(patient));
    plan.lines.forEach((_, index) => {
      const line = lineAt(plan, index);
      record("therapy_line", line.id, auditableLine(line));
    });
    for (const visit of plan.visits) {
      const row = visitOf.get(`${patient.id}:${visit.visitNumber}`)!;
      record("visit", row.id, auditableVisit(row));
    }
  }
}
