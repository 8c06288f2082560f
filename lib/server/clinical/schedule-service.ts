import "server-only";
import { readKeysetCursor, writeKeysetCursor } from "../api/keyset-cursor";
import { differenceInCalendarDays, parseISO } from "date-fns";
import type { Db } from "@/db/client";
import { messageRef } from "@/lib/i18n/message-ref";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { visitSchedule, type PlannedVisit } from "@/lib/schedule/visit-schedule";
import type {
  OverdueVisitsQuery,
  OverdueVisitsResponse,
  PatientScheduleResponse,
  PlannedVisitResponse,
} from "@/lib/schemas/schedule";
import type { Actor } from "../auth/actor";
import { openClinicalRecord, openClinicalStudy } from "./clinical-study";
import { clinicalToday } from "./clinical-today";
import { listOverduePatients } from "./schedule-queries";
import { listVisitsOfPatientInScope } from "./visit-queries";

function toPlannedResponse(p: PlannedVisit): PlannedVisitResponse {
  return {
    visit_type: p.visitType,
    day_offset: p.dayOffset,
    due: p.due,
    window_start: p.windowStart,
    window_end: p.windowEnd,
    status: p.status,
    visit: p.visit
      ? { id: p.visit.id, visit_number: p.visit.visitNumber, visit_date: p.visit.visitDate }
      : null,
  };
}

/**
 * One patient's visit schedule judged on the clinical day (decision 0025): the patient's 404 and
 * scope are openClinicalRecord's, as for the patient's other reads.
 */
export async function getPatientSchedule(
  db: Db,
  actor: Actor,
  patientId: number,
): Promise<PatientScheduleResponse> {
  const { study, record: visits } = await openClinicalRecord(
    db,
    actor,
    { patient: patientId },
    "clinical.read",
    messageRef("api.patients.notFound"),
    (s) => listVisitsOfPatientInScope(db, { patientId, studyId: s.id, scope: s.access.patientScope }),
  );
  const today = clinicalToday();
  const schedule = visitSchedule(study.config.visit_types, visits, today);
  return {
    patient_id: patientId,
    today,
    scheduled: schedule.scheduled,
    started: schedule.baselineDate !== null,
    baseline_type: schedule.baselineType,
    baseline_date: schedule.baselineDate,
    planned: schedule.planned.map(toPlannedResponse),
    next: schedule.next ? toPlannedResponse(schedule.next) : null,
  };
}

/**
 * The study's patients in the caller's scope whose next planned visit is overdue on the clinical
 * day (its window closed before today), the longest overdue first. Reads the maintained columns
 * through patients_study_overdue_idx (decision 0025).
 */
export async function listOverdueVisits(
  db: Db,
  actor: Actor,
  query: OverdueVisitsQuery,
): Promise<OverdueVisitsResponse> {
  const study = await openClinicalStudy(db, actor, query.study_id, "clinical.read");
  const today = clinicalToday();
  const after = query.cursor === undefined ? undefined : readKeysetCursor(query.cursor, {}, isCalendarDate);
  const { rows, total } = await listOverduePatients(db, {
    studyId: study.id,
    scope: study.access.patientScope,
    today,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    after,
  });
  const last = rows.at(-1);
  return {
    today,
    items: rows.map((row) => ({
      patient_id: row.id,
      patient_code: row.code,
      visit_type: row.nextVisitType,
      due: row.nextVisitDue,
      window_end: row.nextVisitWindowEnd,
      days_overdue: differenceInCalendarDays(parseISO(today), parseISO(row.nextVisitWindowEnd)),
    })),
    total,
    next_cursor:
      rows.length === query.page_size && last
        ? writeKeysetCursor({}, { key: last.nextVisitWindowEnd, id: last.id })
        : null,
  };
}
