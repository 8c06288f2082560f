import "server-only";
import type { Tx } from "@/db/client";
import {
  fieldsForEntity,
  missingCodeList,
  THERAPY_SWITCH_KEY,
  validateTherapySwitch,
  type MissingMap,
  type TherapySwitchValue,
} from "@/lib/forms";
import { RECALCULATED_AFTER } from "@/lib/audit-view/trail-grouping";
import { ApiError, validationError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { AuditRecorder } from "../audit/audit-writer";
import type { ClinicalStudy } from "./clinical-study";
import { checkFieldValues } from "./field-values";
import { baselineVisit, baselineVisitType, calculateVisit } from "./visit-calculations";
import { listVisitsOfPatient, storeCalculatedValues, type VisitRow } from "./visit-queries";

/**
 * The visit's data fields checked by the study's visit fields; the therapy switch apart. `missing`
 * is the submitted map of missing-data codes, `storedMissing` the visit's (decision 0023).
 */
export function checkVisitData(
  study: ClinicalStudy,
  submitted: Record<string, unknown>,
  stored: Record<string, unknown>,
  coded: { missing: unknown; storedMissing: Record<string, string> } = { missing: {}, storedMissing: {} },
): { dataFields: Record<string, unknown>; missing: MissingMap; therapySwitch: TherapySwitchValue | null } {
  const { [THERAPY_SWITCH_KEY]: switchInput, ...fieldInput } = submitted;
  const { [THERAPY_SWITCH_KEY]: storedSwitch, ...storedFields } = stored;
  const loc = ["body", "data_fields"];
  let therapySwitch: TherapySwitchValue | null = null;
  let switchError: ApiError | null = null;
  if (switchInput !== undefined && switchInput !== null) {
    const result = validateTherapySwitch(study.config.therapy_switch_config, switchInput, [
      ...loc,
      THERAPY_SWITCH_KEY,
    ]);
    if (result.ok) therapySwitch = result.value;
    else switchError = validationError(result.issues);
  }
  let dataFields: Record<string, unknown>;
  let missing: MissingMap;
  try {
    ({ values: dataFields, missing } = checkFieldValues(
      fieldsForEntity(study.config.data_fields, "visit"),
      fieldInput,
      storedFields,
      loc,
      {
        ...coded,
        codes: missingCodeList(study.config),
        missingLoc: ["body", "missing"],
      },
    ));
  } catch (error) {
    // Both sets of problems in one answer, so the form shows every field at once.
    if (
      error instanceof ApiError &&
      switchError &&
      Array.isArray(error.detail) &&
      Array.isArray(switchError.detail)
    )
      throw validationError([...error.detail, ...switchError.detail]);
    throw error;
  }
  if (switchError) throw switchError;
  const keptSwitch = therapySwitch ?? (storedSwitch as TherapySwitchValue | undefined) ?? null;
  if (keptSwitch) dataFields[THERAPY_SWITCH_KEY] = keptSwitch;
  return { dataFields, missing, therapySwitch };
}

/**
 * After a write to a baseline visit, the patient's other visits compare against new values:
 * recompute their stored calculations (derived data, so their own version stays), one audit row per
 * visit whose values changed, linked to the change that caused it (`recalculated_after`), so the
 * trail shows it under that change (docs/decisions/0026). Locked visits keep what they were locked
 * with. Answers the patient's live visits as they now stand (null when the study has no baseline
 * visit type).
 */
export async function recomputeDependants(
  tx: Tx,
  study: ClinicalStudy,
  patientId: number,
  changed: VisitRow,
  audit: AuditRecorder,
  base: { actor: { userId: number; email: string | null }; meta: RequestMeta },
  /** Collects the ids of the visits recalculated (their signatures cover the values: decision 0032). */
  recalculated: number[] = [],
): Promise<VisitRow[] | null> {
  const type = baselineVisitType(study.config);
  if (type === null) return null;
  const visits = await listVisitsOfPatient(tx, { patientId, studyId: study.id, scope: { kind: "all" } });
  const baseline = baselineVisit(study.config, visits);
  const current: VisitRow[] = [];
  for (const visit of visits) {
    current.push(visit);
    if (visit.id === changed.id || visit.isLocked) continue;
    const calculated = calculateVisit(study.config, visit, baseline);
    if (
      JSON.stringify(calculated.values) === JSON.stringify(visit.calculatedValues) &&
      JSON.stringify(calculated.notes) === JSON.stringify(visit.calculationNotes)
    )
      continue;
    await storeCalculatedValues(tx, visit.id, calculated, study.version);
    recalculated.push(visit.id);
    current[current.length - 1] = {
      ...visit,
      calculatedValues: calculated.values,
      calculationNotes: calculated.notes,
      configVersion: study.version,
    };
    audit({
      action: "update",
      entityType: "visit",
      entityId: visit.id,
      studyId: study.id,
      ...base,
      // No reason of its own: the reason is the cause's, read through the link (decision 0026).
      oldValues: { calculated_values: visit.calculatedValues },
      newValues: {
        calculated_values: calculated.values,
        [RECALCULATED_AFTER]: { entity_type: "visit", entity_id: String(changed.id) },
      },
    });
  }
  return current;
}
