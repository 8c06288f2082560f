import "server-only";
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "@/db/client";
import {
  auditLogs,
  medicalGroups,
  patients,
  protocolVersions,
  queries,
  therapyLines,
  users,
  visits,
} from "@/db/schema";
import type {
  ExportAuditEvent,
  ExportPatient,
  ExportQuery,
  ExportReviewPatient,
  ExportVisit,
} from "@/lib/exports/export-records";
import { daysOpen, exportReview } from "@/lib/exports/review-records";
import type { PatientScope } from "../auth/policy";
import { scopeCondition } from "./patient-scope-sql";
import { stepsOfQueries } from "./query-queries";

/** Which visits an export carries (patients are always every live one in the actor's scope). */
export type VisitFilter = { visitTypes?: readonly string[]; from?: string; to?: string };

/** Keyset position in enrolment order: created_at as PostgreSQL's own text (microseconds kept). */
export type PatientCursor = { createdAt: string; id: number };

const ISO_UTC = (column: SQL | typeof patients.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The exported patients: live, of the study, in the actor's scope (shared by every export read). */
export function patientFilter(studyId: number, scope: PatientScope): SQL {
  return and(eq(patients.studyId, studyId), isNull(patients.deletedAt), scopeCondition(scope))!;
}

/** The exported visits: live, of the study, within the export's visit filter. */
export function visitFilter(studyId: number, filter: VisitFilter): SQL {
  const conditions: SQL[] = [eq(visits.studyId, studyId), isNull(visits.deletedAt)];
  if (filter.visitTypes) conditions.push(inArray(visits.visitType, [...filter.visitTypes]));
  if (filter.from) conditions.push(gte(visits.visitDate, filter.from));
  if (filter.to) conditions.push(lte(visits.visitDate, filter.to));
  return and(...conditions)!;
}

/**
 * What the export will hold, counted before the first byte (the screen's percentage and the audit
 * row): patients in scope, their exported visits, and how many of those patients have one.
 */
export async function countExport(
  tx: Queryable,
  studyId: number,
  scope: PatientScope,
  filter: VisitFilter,
): Promise<{ patients: number; visits: number; patientsWithVisits: number }> {
  const [[patientCount], [visitCount]] = await Promise.all([
    tx.select({ n: count() }).from(patients).where(patientFilter(studyId, scope)),
    tx
      .select({ n: count(), withVisits: countDistinct(visits.patientId) })
      .from(visits)
      .innerJoin(patients, eq(patients.id, visits.patientId))
      .where(and(visitFilter(studyId, filter), patientFilter(studyId, scope))),
  ]);
  return {
    patients: patientCount?.n ?? 0,
    visits: visitCount?.n ?? 0,
    patientsWithVisits: visitCount?.withVisits ?? 0,
  };
}

/** The wide layout's slots: per visit type, the most exported visits of it any one patient has. */
export async function countVisitSlots(
  tx: Queryable,
  studyId: number,
  scope: PatientScope,
  filter: VisitFilter,
): Promise<{ visitType: string; occurrences: number }[]> {
  const perPatient = tx
    .select({ visitType: visits.visitType, n: count().as("n") })
    .from(visits)
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .where(and(visitFilter(studyId, filter), patientFilter(studyId, scope)))
    .groupBy(visits.patientId, visits.visitType)
    .as("per_patient");
  return tx
    .select({ visitType: perPatient.visitType, occurrences: sql<number>`max(${perPatient.n})::int` })
    .from(perPatient)
    .groupBy(perPatient.visitType);
}

/**
 * One batch of patients in enrolment order after `cursor`, with their exported visits (each with
 * its therapy line and protocol version number): two indexed queries per batch, whatever the depth.
 */
export async function readExportBatch(
  tx: Queryable,
  p: {
    studyId: number;
    scope: PatientScope;
    filter: VisitFilter;
    after: PatientCursor | null;
    limit: number;
  },
): Promise<{ patients: ExportPatient[]; cursor: PatientCursor | null }> {
  const where = patientFilter(p.studyId, p.scope);
  const rows = await tx
    .select({
      id: patients.id,
      code: patients.code,
      birth_date: patients.birthDate,
      sex: patients.sex,
      height_cm: patients.heightCm,
      weight_kg: patients.weightKg,
      naive_systemic: patients.naiveSystemic,
      naive_biologic: patients.naiveBiologic,
      custom_fields: patients.customFields,
      missing: patients.missing,
      medical_group_code: medicalGroups.code,
      enrolled_on: patients.enrolledOn,
      ...reviewColumns(patients),
      createdAtKey: sql<string>`${patients.createdAt}::text`,
    })
    .from(patients)
    .leftJoin(medicalGroups, eq(medicalGroups.id, patients.medicalGroupId))
    .where(afterCursor(where, p.after))
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(p.limit);
  if (rows.length === 0) return { patients: [], cursor: null };
  const visitsByPatient = await readVisitsOf(
    tx,
    p.studyId,
    rows.map((row) => row.id),
    p.filter,
  );
  const last = rows.at(-1)!;
  return {
    patients: rows.map(
      ({ createdAtKey: _key, formStatus, completedAt, completedBy, verification, ...row }) => ({
        ...row,
        review: exportReview({ formStatus, completedAt, completedBy, verification }),
        visits: visitsByPatient.get(row.id) ?? [],
      }),
    ),
    cursor: rows.length < p.limit ? null : { createdAt: last.createdAtKey, id: last.id },
  };
}

/** Patients after the keyset position (enrolment order), or from the first. */
function afterCursor(where: SQL, after: PatientCursor | null): SQL {
  return after
    ? and(
        where,
        sql`(${patients.createdAt}, ${patients.id}) > (${after.createdAt}::timestamptz, ${after.id})`,
      )!
    : where;
}

/**
 * The review columns of a patient or a visit (decision 0031). The completion instant to the
 * millisecond, as JavaScript writes the verification and query times beside it in the same files.
 */
function reviewColumns(table: typeof patients | typeof visits) {
  return {
    formStatus: table.formStatus,
    completedAt: sql<
      string | null
    >`to_char(${table.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    completedBy: table.completedBy,
    verification: table.verification,
  };
}

/**
 * One batch of patients for the zip's review files (decision 0016's keyset batches, the same
 * scope, order and visit filter as `readExportBatch`): each patient's code and review state, its
 * exported visits' numbers, types and review state, and, with `withQueries`, its queries. Reads
 * only these columns, so a pass over the study costs little next to the data file's.
 */
export async function readReviewBatch(
  tx: Queryable,
  p: {
    studyId: number;
    scope: PatientScope;
    filter: VisitFilter;
    after: PatientCursor | null;
    limit: number;
    withQueries: boolean;
    now: Date;
  },
): Promise<{ patients: ExportReviewPatient[]; cursor: PatientCursor | null }> {
  const rows = await tx
    .select({
      id: patients.id,
      code: patients.code,
      ...reviewColumns(patients),
      createdAtKey: sql<string>`${patients.createdAt}::text`,
    })
    .from(patients)
    .where(afterCursor(patientFilter(p.studyId, p.scope), p.after))
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(p.limit);
  if (rows.length === 0) return { patients: [], cursor: null };
  const ids = rows.map((row) => row.id);
  const [visitRows, queriesByPatient] = await Promise.all([
    tx
      .select({
        patientId: visits.patientId,
        id: visits.id,
        visit_number: visits.visitNumber,
        visit_type: visits.visitType,
        ...reviewColumns(visits),
      })
      .from(visits)
      .where(and(inArray(visits.patientId, ids), visitFilter(p.studyId, p.filter)))
      .orderBy(asc(visits.patientId), asc(visits.visitNumber)),
    p.withQueries
      ? readExportQueries(tx, { studyId: p.studyId, patientIds: ids, filter: p.filter, now: p.now })
      : Promise.resolve(new Map<number, ExportQuery[]>()),
  ]);
  const visitsByPatient = new Map<number, ExportReviewPatient["visits"]>();
  for (const { patientId, id, visit_number, visit_type, ...stored } of visitRows) {
    const list = visitsByPatient.get(patientId) ?? [];
    list.push({ id, visit_number, visit_type, review: exportReview(stored) });
    visitsByPatient.set(patientId, list);
  }
  const last = rows.at(-1)!;
  return {
    patients: rows.map(({ id, code, createdAtKey: _key, ...stored }) => ({
      id,
      code,
      review: exportReview(stored),
      visits: visitsByPatient.get(id) ?? [],
      queries: queriesByPatient.get(id) ?? [],
    })),
    cursor: rows.length < p.limit ? null : { createdAt: last.createdAtKey, id: last.id },
  };
}

/**
 * The queries of a batch of exported patients with their threads (decision 0030): a patient's own
 * queries, and those of its visits the export carries (live, within the visit filter), each
 * patient's oldest first. The patients were read in the actor's scope, so the queries are too.
 */
export async function readExportQueries(
  tx: Queryable,
  p: { studyId: number; patientIds: readonly number[]; filter: VisitFilter; now: Date },
): Promise<Map<number, ExportQuery[]>> {
  const byPatient = new Map<number, ExportQuery[]>();
  if (p.patientIds.length === 0) return byPatient;
  const rows = await tx
    .select({
      id: queries.id,
      patientId: queries.patientId,
      entityType: queries.entityType,
      visitId: queries.visitId,
      visitNumber: visits.visitNumber,
      visitType: visits.visitType,
      field: queries.field,
      status: queries.status,
      assigneeId: queries.assigneeId,
      createdAt: queries.createdAt,
      closedAt: queries.closedAt,
    })
    .from(queries)
    .leftJoin(visits, eq(visits.id, queries.visitId))
    .where(
      and(
        eq(queries.studyId, p.studyId),
        inArray(queries.patientId, [...p.patientIds]),
        or(isNull(queries.visitId), visitFilter(p.studyId, p.filter)),
      ),
    )
    .orderBy(asc(queries.patientId), asc(queries.createdAt), asc(queries.id));
  if (rows.length === 0) return byPatient;
  const steps = await stepsOfQueries(tx, { studyId: p.studyId, queryIds: rows.map((row) => row.id) });
  const threads = new Map<number, ExportQuery["steps"]>();
  for (const step of steps) {
    const thread = threads.get(step.queryId) ?? [];
    thread.push({
      kind: step.kind,
      category: step.category,
      text: step.text,
      user_id: step.userId,
      user_name: step.userName,
      created_at: step.createdAt.toISOString(),
    });
    threads.set(step.queryId, thread);
  }
  for (const row of rows) {
    const list = byPatient.get(row.patientId) ?? [];
    list.push({
      id: row.id,
      entity_type: row.entityType,
      visit_id: row.visitId,
      visit_number: row.visitNumber,
      visit_type: row.visitType,
      field: row.field,
      status: row.status,
      assignee_id: row.assigneeId,
      created_at: row.createdAt.toISOString(),
      closed_at: row.closedAt?.toISOString() ?? null,
      days_open: daysOpen(row.createdAt, row.closedAt, p.now),
      steps: threads.get(row.id) ?? [],
    });
    byPatient.set(row.patientId, list);
  }
  return byPatient;
}

/** The e-mail addresses of the users a batch's review rows name (as the audit export names them). */
export async function readUserEmails(tx: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

async function readVisitsOf(
  tx: Queryable,
  studyId: number,
  patientIds: number[],
  filter: VisitFilter,
): Promise<Map<number, ExportVisit[]>> {
  const rows = await tx
    .select({
      patientId: visits.patientId,
      id: visits.id,
      visit_number: visits.visitNumber,
      visit_date: visits.visitDate,
      visit_type: visits.visitType,
      data_fields: visits.dataFields,
      missing: visits.missing,
      calculated_values: visits.calculatedValues,
      protocol_version: protocolVersions.versionNumber,
      is_locked: visits.isLocked,
      ...reviewColumns(visits),
      created_at: ISO_UTC(sql`${visits.createdAt}`),
      updated_at: ISO_UTC(sql`${visits.updatedAt}`),
      line_number: therapyLines.lineNumber,
      therapy_name: therapyLines.therapyName,
      start_date: therapyLines.startDate,
      end_date: therapyLines.endDate,
      switch_reason: therapyLines.switchReason,
      switch_data: therapyLines.switchData,
    })
    .from(visits)
    .leftJoin(therapyLines, eq(therapyLines.id, visits.therapyLineId))
    .leftJoin(protocolVersions, eq(protocolVersions.id, visits.protocolVersionId))
    .where(and(inArray(visits.patientId, patientIds), visitFilter(studyId, filter)))
    .orderBy(asc(visits.patientId), asc(visits.visitNumber));
  const byPatient = new Map<number, ExportVisit[]>();
  for (const row of rows) {
    const {
      patientId,
      line_number,
      therapy_name,
      start_date,
      end_date,
      switch_reason,
      switch_data,
      formStatus,
      completedAt,
      completedBy,
      verification,
      ...visit
    } = row;
    const list = byPatient.get(patientId) ?? [];
    list.push({
      ...visit,
      review: exportReview({ formStatus, completedAt, completedBy, verification }),
      therapy_line:
        line_number === null
          ? null
          : { line_number, therapy_name, start_date, end_date, switch_reason, switch_data },
    });
    byPatient.set(patientId, list);
  }
  return byPatient;
}

/** The audit rows of a batch's patients and visits, oldest first (ODM audit records). */
export async function readExportAuditEvents(
  tx: Queryable,
  studyId: number,
  patientsOfBatch: readonly ExportPatient[],
): Promise<ExportAuditEvent[]> {
  const patientIds = patientsOfBatch.map((patient) => String(patient.id));
  const visitIds = patientsOfBatch.flatMap((patient) => patient.visits.map((visit) => String(visit.id)));
  if (patientIds.length === 0) return [];
  const entityRows = or(
    and(eq(auditLogs.entityType, "patient"), inArray(auditLogs.entityId, patientIds)),
    ...(visitIds.length > 0
      ? [and(eq(auditLogs.entityType, "visit"), inArray(auditLogs.entityId, visitIds))]
      : []),
  );
  const rows = await tx
    .select({
      entity_type: auditLogs.entityType,
      entity_id: auditLogs.entityId,
      action: auditLogs.action,
      user_id: auditLogs.userId,
      user_email: auditLogs.userEmail,
      timestamp: ISO_UTC(sql`${auditLogs.timestamp}`),
      ip_address: auditLogs.ipAddress,
      reason: auditLogs.reason,
      new_values: auditLogs.newValues,
    })
    .from(auditLogs)
    // Refused accesses are security events, not the record's history (docs/decisions/0018).
    .where(and(eq(auditLogs.studyId, studyId), ne(auditLogs.action, "access_denied"), entityRows))
    .orderBy(asc(auditLogs.timestamp), asc(auditLogs.id));
  return rows.map((row) => ({
    ...row,
    entity_type: row.entity_type as "patient" | "visit",
    entity_id: Number(row.entity_id),
    new_values: (row.new_values ?? null) as Record<string, unknown> | null,
  }));
}

/**
 * The authors of the audit rows the export carries (ODM AdminData users, which the file must list
 * before its first subject): rows of the exported patients and visits (the actor's scope and the
 * visit filter), refused accesses excluded as in `readExportAuditEvents`. A user who only tried to
 * open a record, or who wrote rows of records outside the export, is not named. Read only for an
 * export with audit records.
 */
export async function readAuditUsers(
  tx: Queryable,
  studyId: number,
  scope: PatientScope,
  filter: VisitFilter,
): Promise<{ id: number; email: string | null; name: string | null }[]> {
  const exportedPatients = tx
    .select({ id: sql<string>`${patients.id}::text` })
    .from(patients)
    .where(patientFilter(studyId, scope));
  const exportedVisits = tx
    .select({ id: sql<string>`${visits.id}::text` })
    .from(visits)
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .where(and(visitFilter(studyId, filter), patientFilter(studyId, scope)));
  const authors = tx
    .selectDistinct({ userId: auditLogs.userId })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.studyId, studyId),
        ne(auditLogs.action, "access_denied"),
        or(
          and(eq(auditLogs.entityType, "patient"), inArray(auditLogs.entityId, exportedPatients)),
          and(eq(auditLogs.entityType, "visit"), inArray(auditLogs.entityId, exportedVisits)),
        ),
      ),
    )
    .as("authors");
  return tx
    .select({ id: users.id, email: users.email, name: users.fullName })
    .from(authors)
    .innerJoin(users, eq(users.id, authors.userId))
    .orderBy(asc(users.id));
}
