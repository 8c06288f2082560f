import "server-only";
import type { ImportedGroup, ImportIssue } from "@/lib/imports/import-records";
import { PATIENT_MESSAGES, PatientCreateBody } from "@/lib/schemas/patients";
import { VisitCreateBody } from "@/lib/schemas/visits";
import { conflict } from "../api/errors";
import type { ClinicalStudy } from "../clinical/clinical-study";
import type { ExistingRecords } from "../clinical/import-existing-queries";
import { chooseNewPatientGroup } from "../clinical/patient-groups";
import type { PatientInsert } from "../clinical/patient-queries";
import { summarize, visitDates } from "../clinical/patient-summary";
import { newPatientValues } from "../clinical/patient-service";
import { planLineForNewVisit } from "../clinical/therapy-lines";
import { baselineVisit, calculateVisit } from "../clinical/visit-calculations";
import { checkNewVisit } from "../clinical/visit-service";
import type { VisitInsert } from "../clinical/visit-queries";
import { reportSettings } from "../reports/report-settings";
import {
  attemptRecord,
  patientParts,
  refusedGroup,
  type GroupOutcome,
  type ImportWriteContext,
} from "./import-record-attempt";

/**
 * A group of an import file whose patient the study does not hold yet, planned in memory
 * (docs/decisions/0037-bulk-import.md): every record passes the form save's own pure rules
 * (newPatientValues, checkNewVisit, planLineForNewVisit, calculateVisit, summarize) in the order
 * the file gives, exactly as createPatientIn and createVisitIn would check it one by one, and the
 * plan holds the rows they would leave in the end. Nothing is read or written here: the check pass
 * only counts the plan, the write pass inserts it in bulk (new-patient-insert.ts).
 */

/** A new visit's row but for the ids known only once its patient and lines are written. */
export type PlannedVisit = Omit<
  VisitInsert,
  "patientId" | "therapyLineId" | "protocolVersionId" | "dataFields" | "missing" | "calculatedValues"
> &
  Required<Pick<VisitInsert, "dataFields" | "missing" | "calculatedValues">> & { lineIndex: number };

export type PlannedLine = {
  lineNumber: number;
  startDate: string;
  endDate: string | null;
  switchReason: string | null;
  switchData: Record<string, unknown> | null;
};

export type NewPatientPlan = {
  patient: PatientInsert;
  lines: PlannedLine[];
  visits: PlannedVisit[];
};

/** The visit's body without its patient, whose id does not exist yet. */
const NewPatientVisitBody = VisitCreateBody.omit({ patient_id: true });

/**
 * `writable` is the study as opened for a clinical write in this batch, or the refusal of that
 * opening (a study locked since the job began): every record is then refused with it, as the
 * form save would refuse it. `write`: the plan is wanted (the write pass); a check pass only
 * counts, and skips what can refuse nothing (the calculations and the patient's figures).
 */
export async function planNewGroup(
  writable: ClinicalStudy | Error,
  context: ImportWriteContext,
  group: ImportedGroup,
  existing: Pick<ExistingRecords, "groups" | "groupChoices" | "takenCodes">,
  { write }: { write: boolean },
): Promise<{ outcome: GroupOutcome; plan: NewPatientPlan | null }> {
  const refused = (issues: ImportIssue[]) => ({
    outcome: refusedGroup(group.visits.length, [...group.issues, ...issues]),
    plan: null,
  });
  if (group.issues.some((issue) => issue.blocking)) return refused([]);
  const { patient } = group;
  const row = patient.rows[0] ?? null;
  const parts = patientParts(patient, existing.groups, row);
  if (parts.issue) return refused([parts.issue]);
  const study = () => {
    if (writable instanceof Error) throw writable;
    return writable;
  };
  const created = await attemptRecord(
    row,
    PatientCreateBody,
    {
      study_id: context.studyId,
      code: patient.code,
      ...parts.columns,
      custom_fields: parts.customFields,
      missing: patient.missing,
      ...(parts.medicalGroupId === undefined ? {} : { medical_group_id: parts.medicalGroupId }),
    },
    (body) => {
      const values = newPatientValues(study(), context.actor, body);
      // Codes of removed patients stay taken (codeExists).
      if (existing.takenCodes.has(body.code)) throw conflict(PATIENT_MESSAGES.codeTaken(body.code));
      const medicalGroupId = chooseNewPatientGroup(study(), body.medical_group_id, existing.groupChoices);
      return { ...values, medicalGroupId };
    },
  );
  const issues: ImportIssue[] = [...group.issues, ...created.issues];
  if (!created.result) return { outcome: refusedGroup(group.visits.length, issues), plan: null };
  const outcome: GroupOutcome = {
    patient: "create",
    visits: { create: 0, update: 0, unchanged: 0, refused: 0 },
    issues,
  };
  const config = study().config;
  const lines: PlannedLine[] = [];
  const visits: PlannedVisit[] = [];
  for (const visit of group.visits) {
    const checked = await attemptRecord(
      visit.row,
      NewPatientVisitBody,
      {
        visit_number: visit.visit_number,
        ...(visit.visit_date === undefined ? {} : { visit_date: visit.visit_date }),
        ...(visit.visit_type === undefined ? {} : { visit_type: visit.visit_type }),
        data_fields: visit.data_fields,
        missing: visit.missing,
      },
      (body) => {
        const data = checkNewVisit(study(), created.result!.birthDate, visits, body);
        const line = planLineForNewVisit(lines, {
          visitDate: body.visit_date,
          requestedLineId: undefined,
          therapySwitch: data.therapySwitch,
          hasEarlierVisit: visits.length > 0,
        });
        return { body, data, line };
      },
    );
    issues.push(...checked.issues);
    if (!checked.result) {
      outcome.visits.refused++;
      continue;
    }
    const { body, data, line } = checked.result;
    let lineIndex: number;
    if (line.kind === "join") lineIndex = line.index;
    else {
      if (line.close) {
        const { index, ...closing } = line.close;
        lines[index] = { ...lines[index]!, ...closing };
      }
      lineIndex =
        lines.push({
          lineNumber: line.lineNumber,
          startDate: body.visit_date,
          endDate: null,
          switchReason: null,
          switchData: null,
        }) - 1;
    }
    visits.push({
      studyId: context.studyId,
      lineIndex,
      visitNumber: body.visit_number,
      visitDate: body.visit_date,
      visitType: body.visit_type,
      dataFields: data.dataFields,
      missing: data.missing,
      calculatedValues: {},
      calculationNotes: {},
      confirmedWarnings: data.confirmedWarnings,
      configVersion: study().version,
      createdBy: context.actor.userId,
    });
    outcome.visits.create++;
  }
  if (!write) return { outcome, plan: null };
  // Each visit's calculations against the patient's baseline visit once all are in: what the form
  // save leaves after recalculating a baseline's dependants (recomputeDependants).
  const baseline = baselineVisit(config, visits);
  for (const visit of visits) {
    const calculated = calculateVisit(config, visit, baseline);
    visit.calculatedValues = calculated.values;
    visit.calculationNotes = calculated.notes;
  }
  // The figures and dates refreshPatientSummary keeps on the patient row.
  const settings = reportSettings(config);
  const facts = visits.map((visit, index) => ({
    id: index,
    visitType: visit.visitType,
    visitDate: visit.visitDate,
    visitNumber: visit.visitNumber,
    dataFields: visit.dataFields,
    calculatedValues: visit.calculatedValues,
    formStatus: "in_progress" as const,
  }));
  return {
    outcome,
    plan: {
      patient: { ...created.result, ...summarize(settings, facts, lines), ...visitDates(settings, facts) },
      lines,
      visits,
    },
  };
}
