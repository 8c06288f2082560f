import "server-only";
import { and, asc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { patients } from "@/db/schema";
import {
  baselineScheduleType,
  scheduledVisitTypes,
  type ScheduledVisitType,
} from "@/lib/schedule/visit-schedule";
import type { PatientScope } from "../auth/policy";
import { scopeCondition } from "./patient-scope-sql";

/**
 * Keeps `patients.next_visit_*` (the first planned visit not yet done, decision 0025) right: in the
 * transaction of every visit write for one patient, and for every patient of a study when its visit
 * types change, as ONE set-based statement (a study of 100k patients is not walked row by row).
 * This is lib/schedule/visit-schedule.ts's `next` written in SQL, because a whole study is
 * recomputed where its rows are: baseline = the earliest live visit of the day-0 type; next = the
 * scheduled type with no live visit, lowest offset then order; due = baseline + offset, window end
 * = due + window_after. tests/api/visit-schedule.test.ts holds the two equal. Rows are written only
 * when a value moves.
 */
export async function refreshNextVisits(
  tx: Queryable,
  p: { studyId: number; visitTypes: readonly ScheduledVisitType[]; patientId?: number },
): Promise<void> {
  const types = scheduledVisitTypes(p.visitTypes).map((vt) => ({
    code: vt.code,
    day_offset: vt.day_offset,
    window_after: vt.window_after ?? 0,
    order: vt.order,
  }));
  const baseline = baselineScheduleType(types);
  const onePatient: SQL = p.patientId === undefined ? sql`true` : sql`p.id = ${p.patientId}`;
  if (baseline === null) {
    // No schedule: nothing is planned for anyone.
    await tx.execute(sql`
      update patients p set next_visit_type = null, next_visit_due = null, next_visit_window_end = null
      where p.study_id = ${p.studyId} and ${onePatient}
        and (p.next_visit_type is not null or p.next_visit_due is not null or p.next_visit_window_end is not null)`);
    return;
  }
  await tx.execute(sql`
    with types as (
      select * from jsonb_to_recordset(${JSON.stringify(types)}::jsonb)
        as t(code text, day_offset int, window_after int, "order" int)
    ),
    base as (
      select p.id,
        (select min(v.visit_date) from visits v
          where v.patient_id = p.id and v.deleted_at is null and v.visit_type = ${baseline}) as start
      from patients p
      where p.study_id = ${p.studyId} and p.deleted_at is null and ${onePatient}
    ),
    planned as (
      select b.id, n.code, n.due, n.window_end
      from base b
      left join lateral (
        select t.code, b.start + t.day_offset as due, b.start + t.day_offset + t.window_after as window_end
        from types t
        where b.start is not null
          and not exists (select 1 from visits v
            where v.patient_id = b.id and v.deleted_at is null and v.visit_type = t.code)
        order by t.day_offset, t."order"
        limit 1
      ) n on true
    )
    update patients p
    set next_visit_type = planned.code, next_visit_due = planned.due, next_visit_window_end = planned.window_end
    from planned
    where p.id = planned.id
      and (p.next_visit_type is distinct from planned.code
        or p.next_visit_due is distinct from planned.due
        or p.next_visit_window_end is distinct from planned.window_end)`);
}

export type OverdueRow = {
  id: number;
  code: string;
  nextVisitType: string;
  nextVisitDue: string;
  nextVisitWindowEnd: string;
};

/**
 * The study's patients in scope whose next planned visit's window closed before `today`, the most
 * overdue first: a range on patients_study_overdue_idx (study, window end, id), so a page costs the
 * same at any study size. Keyset (`after`) or offset paging, as the patients list.
 */
export async function listOverduePatients(
  tx: Queryable,
  p: {
    studyId: number;
    scope: PatientScope;
    today: string;
    limit: number;
    offset: number;
    after?: { key: string; id: number };
  },
): Promise<{ rows: OverdueRow[]; total: number }> {
  const filter = and(
    eq(patients.studyId, p.studyId),
    isNull(patients.deletedAt),
    sql`${patients.nextVisitWindowEnd} is not null`,
    lt(patients.nextVisitWindowEnd, p.today),
    scopeCondition(p.scope),
  );
  const after = p.after
    ? sql`(${patients.nextVisitWindowEnd}, ${patients.id}) > (${p.after.key}::date, ${p.after.id})`
    : undefined;
  const [rows, [counted]] = await Promise.all([
    tx
      .select({
        id: patients.id,
        code: patients.code,
        nextVisitType: sql<string>`${patients.nextVisitType}`,
        nextVisitDue: sql<string>`${patients.nextVisitDue}::text`,
        nextVisitWindowEnd: sql<string>`${patients.nextVisitWindowEnd}::text`,
      })
      .from(patients)
      .where(and(filter, after))
      .orderBy(asc(patients.nextVisitWindowEnd), asc(patients.id))
      .limit(p.limit)
      .offset(p.after ? 0 : p.offset),
    tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(patients)
      .where(filter),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
