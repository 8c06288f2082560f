import "server-only";
import { inArray } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { medicalGroups, patients, visits } from "@/db/schema";

/**
 * What the readable trail names records by (docs/decisions/0026): visits' number and type and
 * patients' codes, deleted ones included (a deleted visit's rows still name it). Primary-key reads
 * without a scope: only ids of audit rows the caller may already read come here (the patient trail
 * after openPatient's scope check, the admin Audit Logs page under audit.read), and only names go out.
 */
export async function readTrailSubjects(
  tx: Queryable,
  ids: { visitIds: number[]; patientIds: number[] },
): Promise<{
  visits: Map<number, { visitNumber: number; visitType: string }>;
  patients: Map<number, { code: string }>;
}> {
  const [visitRows, patientRows] = await Promise.all([
    ids.visitIds.length === 0
      ? []
      : tx
          .select({ id: visits.id, visitNumber: visits.visitNumber, visitType: visits.visitType })
          .from(visits)
          .where(inArray(visits.id, ids.visitIds)),
    ids.patientIds.length === 0
      ? []
      : tx
          .select({ id: patients.id, code: patients.code })
          .from(patients)
          .where(inArray(patients.id, ids.patientIds)),
  ]);
  return {
    visits: new Map(visitRows.map((v) => [v.id, { visitNumber: v.visitNumber, visitType: v.visitType }])),
    patients: new Map(patientRows.map((p) => [p.id, { code: p.code }])),
  };
}

/** Medical groups' names by id: a patient's move between groups reads by name (decision 0026). */
export async function readGroupNames(tx: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: medicalGroups.id, name: medicalGroups.name })
    .from(medicalGroups)
    .where(inArray(medicalGroups.id, ids));
  return new Map(rows.map((g) => [g.id, g.name]));
}
