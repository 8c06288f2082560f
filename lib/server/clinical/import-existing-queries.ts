import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patients, visits } from "@/db/schema";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import { listGroupChoices } from "./patient-groups";
import type { PatientRow } from "./patient-queries";
import type { VisitRow } from "./visit-queries";

/**
 * What a study already holds for a batch of an import's patient groups (docs/decisions/0037-bulk-
 * import.md): the live patients by code, their live visits by number and the study's medical
 * groups by code, in three reads per batch rather than per record. Unscoped: only roles that see
 * every patient of the study hold the import permission (lib/server/auth/policy.ts).
 */
export type ExistingRecords = {
  patients: Map<string, PatientRow>;
  visits: Map<number, Map<number, VisitRow>>;
  groups: Map<string, number>;
  /** The study's groups as a new patient's group is chosen among them (chooseNewPatientGroup). */
  groupChoices: PatientGroupChoice[];
  /** Codes of the batch held by patients that were removed: a code stays taken (codeExists). */
  takenCodes: Set<string>;
};

export async function readExistingRecords(
  tx: Queryable,
  studyId: number,
  codes: readonly string[],
): Promise<ExistingRecords> {
  const all =
    codes.length === 0
      ? []
      : await tx
          .select()
          .from(patients)
          .where(and(eq(patients.studyId, studyId), inArray(patients.code, [...codes])));
  const found = all.filter((row) => row.deletedAt === null);
  const byCode = new Map(found.map((row) => [row.code, row]));
  const ids = found.map((row) => row.id);
  const stored =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(visits)
          .where(and(inArray(visits.patientId, ids), isNull(visits.deletedAt)));
  const byPatient = new Map<number, Map<number, VisitRow>>();
  for (const visit of stored) {
    let numbers = byPatient.get(visit.patientId);
    if (!numbers) byPatient.set(visit.patientId, (numbers = new Map()));
    numbers.set(visit.visitNumber, visit);
  }
  const groupChoices = await listGroupChoices(tx, studyId);
  return {
    patients: byCode,
    visits: byPatient,
    groups: new Map(groupChoices.map((g) => [g.code, g.id])),
    groupChoices,
    takenCodes: new Set(all.filter((row) => row.deletedAt !== null).map((row) => row.code)),
  };
}
