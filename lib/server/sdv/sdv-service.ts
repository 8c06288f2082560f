import "server-only";
import type { Db } from "@/db/client";
import { sdvProgress } from "@/lib/schemas/data-review";
import type { SdvListQuery, SdvListResponse, SdvVisitRow } from "@/lib/schemas/sdv";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { readKeysetCursor, writeKeysetCursor } from "../api/keyset-cursor";
import type { Actor } from "../auth/actor";
import { openClinicalStudy } from "../clinical/clinical-study";
import { requiredVerification } from "@/lib/forms/review-fields";
import { reviewedVisit } from "../clinical/review-state";
import { listSdvPage, type SdvListRow } from "../clinical/sdv-queries";

/** The cursor's terms: one ordering only, so a cursor of another list is refused (decision 0030). */
const TERMS = { list: "sdv" };
/** A keyset position's key: the last row's patient id (its visit number is the cursor's id). */
const PATIENT_ID = /^[1-9]\d{0,9}$/;

/**
 * A row's progress (decision 0031): of the fields the study requires verified on this visit
 * (`requiredVerification`, the same rule the writes keep the form status by), how many are.
 */
export function toSdvRow(config: StudyConfig, row: SdvListRow): SdvVisitRow {
  const progress = sdvProgress(requiredVerification(config, "visit", reviewedVisit(row)), row.verification);
  return {
    visit_id: row.id,
    patient_id: row.patientId,
    patient_code: row.patientCode,
    medical_group_id: row.medicalGroupId,
    visit_number: row.visitNumber,
    visit_type: row.visitType,
    visit_date: row.visitDate,
    form_status: row.formStatus,
    completed_at: row.completedAt?.toISOString() ?? null,
    verified: progress.verified,
    required: progress.required,
    version: row.version,
  };
}

/**
 * The SDV page's list (docs/decisions/0031): the study's live visits in the actor's clinical scope
 * (clinical.read; a study they cannot read is the 404 of a missing one), by patient and visit
 * number, filtered by form status, visit type, medical group and patient, keyset paged. A read:
 * no audit row.
 */
export async function listSdvVisits(db: Db, actor: Actor, query: SdvListQuery): Promise<SdvListResponse> {
  const study = await openClinicalStudy(db, actor, query.study_id, "clinical.read");
  const after =
    query.cursor === undefined ? null : readKeysetCursor(query.cursor, TERMS, (key) => PATIENT_ID.test(key));
  const rows = await listSdvPage(
    db,
    {
      studyId: study.id,
      scope: study.access.patientScope,
      formStatus: query.form_status,
      visitType: query.visit_type,
      medicalGroupId: query.medical_group_id,
      patientId: query.patient_id,
    },
    {
      limit: query.page_size + 1,
      after: after && { patientId: Number(after.key), visitNumber: after.id },
    },
  );
  const page = rows.slice(0, query.page_size);
  const last = page.at(-1);
  return {
    sdv_requirement: study.config.sdv_requirement ?? "none",
    items: page.map((row) => toSdvRow(study.config, row)),
    next_cursor:
      rows.length > query.page_size && last
        ? writeKeysetCursor(TERMS, { key: String(last.patientId), id: last.visitNumber })
        : null,
  };
}
