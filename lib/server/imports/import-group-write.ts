import "server-only";
import type { z } from "zod";
import type { Tx } from "@/db/client";
import type { ImportedGroup, ImportedVisit, ImportIssue } from "@/lib/imports/import-records";
import { messageRef } from "@/lib/i18n/message-ref";
import { PatientCreateBody, PatientUpdateBody } from "@/lib/schemas/patients";
import { VisitCreateBody, VisitUpdateBody } from "@/lib/schemas/visits";
import type { AuditEntry, AuditRecorder } from "../audit/audit-writer";
import { createPatientIn, updatePatientIn } from "../clinical/patient-service";
import { createVisitIn, updateVisitIn } from "../clinical/visit-service";
import type { ExistingRecords } from "../clinical/import-existing-queries";
import type { PatientRow } from "../clinical/patient-queries";
import type { VisitRow } from "../clinical/visit-queries";
import {
  attemptRecord,
  issueAt,
  patientParts,
  refusedGroup,
  type GroupOutcome,
  type ImportWriteContext,
  type RecordOutcome,
} from "./import-record-attempt";

/**
 * One patient group of an import file whose patient the study already holds, written through the
 * form save's own functions (createVisitIn, updatePatientIn, ...: docs/decisions/0037-bulk-import.md),
 * so an imported record passes exactly the checks, calculations, therapy-line and audit rules of
 * one typed in. Each record runs in its own savepoint: a refused record leaves nothing and becomes
 * issues of the report, and its audit entries are kept only when it was written. (A new patient's
 * group is planned in memory and written in bulk: new-patient-plan.ts.)
 */

export async function writeGroup(
  tx: Tx,
  audit: AuditRecorder,
  context: ImportWriteContext,
  group: ImportedGroup,
  existing: ExistingRecords,
): Promise<GroupOutcome> {
  if (group.issues.some((issue) => issue.blocking))
    return refusedGroup(group.visits.length, [...group.issues]);
  const issues: ImportIssue[] = [...group.issues];
  const outcome: GroupOutcome = {
    patient: "refused",
    visits: { create: 0, update: 0, unchanged: 0, refused: 0 },
    issues,
  };
  const patientRow = group.patient.rows[0] ?? null;
  const stored = existing.patients.get(group.patient.code);
  const patient = await writePatient(tx, audit, context, group, stored, existing.groups, patientRow);
  issues.push(...patient.issues);
  outcome.patient = patient.outcome;
  if (patient.id === null) {
    outcome.visits.refused = group.visits.length;
    return outcome;
  }
  const storedVisits = existing.visits.get(patient.id) ?? new Map<number, VisitRow>();
  for (const visit of group.visits) {
    const written = await writeVisit(tx, audit, context, patient.id, visit, storedVisits);
    outcome.visits[written.outcome]++;
    issues.push(...written.issues);
  }
  return outcome;
}

type Written = { outcome: RecordOutcome; issues: ImportIssue[] };

async function writePatient(
  tx: Tx,
  audit: AuditRecorder,
  context: ImportWriteContext,
  group: ImportedGroup,
  stored: PatientRow | undefined,
  groups: Map<string, number>,
  row: number | null,
): Promise<Written & { id: number | null }> {
  const { patient } = group;
  const parts = patientParts(patient, groups, row);
  if (parts.issue) return { id: null, outcome: "refused", issues: [parts.issue] };
  const { columns, customFields, medicalGroupId } = parts;
  if (!stored) {
    const body = {
      study_id: context.studyId,
      code: patient.code,
      ...columns,
      custom_fields: customFields,
      missing: patient.missing,
      ...(medicalGroupId === undefined ? {} : { medical_group_id: medicalGroupId }),
    };
    const written = await inSavepoint(
      tx,
      audit,
      context,
      row,
      PatientCreateBody,
      body,
      (sp, record, parsed) => createPatientIn(sp, record, context.actor, parsed, context.meta),
    );
    return { ...written, id: written.result?.id ?? null, outcome: written.result ? "create" : "refused" };
  }
  const changedColumns = changedEntries(columns, storedColumns(stored));
  const changedFields = changedEntries(customFields, stored.customFields);
  const changedMissing = changedEntries(patient.missing, stored.missing);
  // A group is moved only by its own reasoned action (decision 0028), never by an import: a file
  // that names another group says so, whatever else it changes.
  const groupIssues =
    medicalGroupId !== undefined && medicalGroupId !== stored.medicalGroupId
      ? [
          issueAt(row, "medical_group", "medical_group_differs", {
            message: messageRef("api.imports.medicalGroupDiffers", { code: patient.code }),
            blocking: false,
          }),
        ]
      : [];
  if (
    Object.keys(changedColumns).length === 0 &&
    Object.keys(changedFields).length === 0 &&
    Object.keys(changedMissing).length === 0
  )
    return { id: stored.id, outcome: "unchanged", issues: groupIssues };
  const body = {
    version: stored.version,
    reason: context.reason,
    ...changedColumns,
    ...(Object.keys(changedFields).length > 0 ? { custom_fields: changedFields } : {}),
    ...(Object.keys(changedMissing).length > 0 ? { missing: changedMissing } : {}),
  };
  const written = await inSavepoint(tx, audit, context, row, PatientUpdateBody, body, (sp, record, parsed) =>
    updatePatientIn(sp, record, context.actor, stored.id, parsed, context.meta),
  );
  return {
    id: stored.id,
    issues: [...groupIssues, ...written.issues],
    outcome: written.result ? "update" : "refused",
  };
}

async function writeVisit(
  tx: Tx,
  audit: AuditRecorder,
  context: ImportWriteContext,
  patientId: number,
  visit: ImportedVisit,
  storedVisits: Map<number, VisitRow>,
): Promise<Written> {
  const stored = typeof visit.visit_number === "number" ? storedVisits.get(visit.visit_number) : undefined;
  const identity = {
    ...(visit.visit_date === undefined ? {} : { visit_date: visit.visit_date }),
    ...(visit.visit_type === undefined ? {} : { visit_type: visit.visit_type }),
  };
  if (!stored) {
    const body = {
      patient_id: patientId,
      visit_number: visit.visit_number,
      ...identity,
      data_fields: visit.data_fields,
      missing: visit.missing,
    };
    const written = await inSavepoint(
      tx,
      audit,
      context,
      visit.row,
      VisitCreateBody,
      body,
      (sp, record, parsed) => createVisitIn(sp, record, context.actor, parsed, context.meta, keepWords),
    );
    return { issues: written.issues, outcome: written.result ? "create" : "refused" };
  }
  const changedIdentity = changedEntries(identity, {
    visit_date: stored.visitDate,
    visit_type: stored.visitType,
  });
  const changedFields = changedEntries(visit.data_fields, stored.dataFields);
  const changedMissing = changedEntries(visit.missing, stored.missing);
  if (
    Object.keys(changedIdentity).length === 0 &&
    Object.keys(changedFields).length === 0 &&
    Object.keys(changedMissing).length === 0
  )
    return { outcome: "unchanged", issues: [] };
  const body = {
    version: stored.version,
    reason: context.reason,
    ...changedIdentity,
    ...(Object.keys(changedFields).length > 0 ? { data_fields: changedFields } : {}),
    ...(Object.keys(changedMissing).length > 0 ? { missing: changedMissing } : {}),
  };
  const written = await inSavepoint(
    tx,
    audit,
    context,
    visit.row,
    VisitUpdateBody,
    body,
    (sp, record, parsed) =>
      updateVisitIn(sp, record, context.actor, stored.id, parsed, context.meta, keepWords),
  );
  return { issues: written.issues, outcome: written.result ? "update" : "refused" };
}

/** Visit answers are not shown to anyone here: their words stay references. */
const keepWords = (text: string) => text;

function storedColumns(stored: PatientRow): Record<string, unknown> {
  return {
    birth_date: stored.birthDate,
    sex: stored.sex,
    height_cm: stored.heightCm,
    weight_kg: stored.weightKg,
    naive_systemic: stored.naiveSystemic,
    naive_biologic: stored.naiveBiologic,
  };
}

/**
 * The entries of `values` that differ from the stored ones. An empty cell never reaches here (the
 * reader leaves it out), so an import only adds and changes: it never erases (decision 0037).
 */
function changedEntries(
  values: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    if (!sameValue(value, Object.hasOwn(stored, name) ? stored[name] : undefined)) changed[name] = value;
  return changed;
}

/** Equal as stored values: numbers stored as text compare as numbers, objects by their keys in any order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "string") return Number(b) === a;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) =>
    sameValue((a as Record<string, unknown>)[key] ?? null, (b as Record<string, unknown>)[key] ?? null),
  );
}

/** One record's write in a savepoint (attemptRecord): its audit entries are kept only when it was written. */
function inSavepoint<S extends z.ZodType, T>(
  tx: Tx,
  audit: AuditRecorder,
  context: ImportWriteContext,
  row: number | null,
  schema: S,
  body: Record<string, unknown>,
  write: (sp: Tx, record: AuditRecorder, parsed: z.output<S>) => Promise<T>,
): Promise<{ result: T | null; issues: ImportIssue[] }> {
  return attemptRecord(row, schema, body, async (parsed) => {
    const held: AuditEntry[] = [];
    const record: AuditRecorder = (entry) =>
      held.push({ ...entry, newValues: { ...entry.newValues, import_job: context.importJobId } });
    const result = await tx.transaction((sp) => write(sp as Tx, record, parsed));
    for (const entry of held) audit(entry);
    return result;
  });
}
