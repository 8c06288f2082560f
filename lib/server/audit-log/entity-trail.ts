import "server-only";
import type { Db } from "@/db/client";
import type { EntityTrailParams, EntityTrailQuery, EntityTrailResponse } from "@/lib/schemas/audit-logs";
import type { Locale } from "@/lib/i18n/locales";
import type { Actor } from "../auth/actor";
import { openPatient } from "../clinical/patient-service";
import { visitIdsOfPatient } from "../clinical/visit-queries";
import { readPatientTrail } from "./entity-trail-queries";
import { withReadableForm } from "./readable-trail";

/**
 * The audit trail of one entity. A patient's trail is its own rows and its visits' rows, newest
 * first. Whoever may read the patient (the clinical module's scoped read: a study member in scope,
 * or a platform admin) may read its trail; anyone else gets the patient's 404, so the trail never
 * discloses that a patient exists. Reading is not a write: nothing is audited here (a refused read
 * of an existing patient is audited as access_denied by the scoped read itself). The trail shows
 * authors by name, without emails, addresses or refused accesses (docs/decisions/0018), and reads
 * each row for a person in `locale`: visits by number and type, changes with labels, recalculations
 * under their cause (docs/decisions/0026).
 */
export async function entityAuditTrail(
  db: Db,
  actor: Actor,
  params: EntityTrailParams,
  query: EntityTrailQuery,
  locale: Locale,
): Promise<EntityTrailResponse> {
  const { patient } = await openPatient(db, actor, params.id, "clinical.read");
  const visitIds = await visitIdsOfPatient(db, patient.id);
  const { rows, total } = await readPatientTrail(db, {
    patientId: patient.id,
    visitIds,
    limit: query.limit,
    offset: query.offset,
  });
  return { items: await withReadableForm(db, rows, locale, { group: true }), total };
}
