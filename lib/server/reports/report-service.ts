import "server-only";
import type { Db } from "@/db/client";
import { percentage, type DashboardResponse, type TherapyOutcomesResponse } from "@/lib/schemas/reports";
import type { Actor } from "../auth/actor";
import { openClinicalStudy } from "../clinical/clinical-study";
import {
  dashboardBySex,
  linesByNumber,
  switchReasonsByLineNumber,
  visitsByLineNumber,
} from "../clinical/report-queries";
import { reportSettings } from "./report-settings";

/** The study dashboard (spec §2, §3 Dashboard): every figure over the actor's patient scope. */
export async function getDashboard(db: Db, actor: Actor, studyId: number): Promise<DashboardResponse> {
  const study = await openClinicalStudy(db, actor, studyId, "clinical.read");
  const settings = reportSettings(study.config);
  const scope = { studyId: study.id, scope: study.access.patientScope };
  const rows = await dashboardBySex(db, scope);
  const total = (key: Exclude<keyof (typeof rows)[number], "sex">) =>
    rows.reduce((sum, row) => sum + row[key], 0);
  return {
    overview: {
      total_patients: total("patients"),
      active_therapies: total("active"),
      total_visits: total("visits"),
      total_adverse_events: total("adverseEvents"),
      serious_adverse_events: total("serious"),
      total_therapy_lines: total("lines"),
    },
    efficacy: {
      pasi75_rate: percentage(total("achieved"), total("evaluated")),
      pasi75_achieved: total("achieved"),
      pasi75_total: total("evaluated"),
      calculation: settings.efficacy,
    },
    demographics: { patients_by_sex: Object.fromEntries(rows.map((row) => [row.sex, row.patients])) },
    queries: {
      open: total("queriesOpen"),
      answered: total("queriesAnswered"),
      closed: total("queriesClosed"),
    },
    form_status: {
      patients: {
        in_progress: total("patients") - total("patientsComplete") - total("patientsVerified"),
        complete: total("patientsComplete"),
        verified: total("patientsVerified"),
        locked: 0,
      },
      visits: {
        in_progress:
          total("visits") - total("visitsComplete") - total("visitsVerified") - total("visitsLocked"),
        complete: total("visitsComplete"),
        verified: total("visitsVerified"),
        locked: total("visitsLocked"),
      },
    },
  };
}

/** Per therapy line number: patients, visits, the efficacy rate and why lines were switched. */
export async function getTherapyOutcomes(
  db: Db,
  actor: Actor,
  studyId: number,
): Promise<TherapyOutcomesResponse> {
  const study = await openClinicalStudy(db, actor, studyId, "clinical.read");
  const settings = reportSettings(study.config);
  const scoped = { studyId: study.id, scope: study.access.patientScope };
  const [lines, visits, reasons] = await Promise.all([
    linesByNumber(db, scoped),
    visitsByLineNumber(db, { ...scoped, efficacy: settings.efficacy?.name ?? null }),
    switchReasonsByLineNumber(db, scoped),
  ]);
  return {
    calculation: settings.efficacy,
    lines: lines.map((line) => {
      const v = visits.find((row) => row.lineNumber === line.lineNumber);
      const switchReasons: Record<string, number> = {};
      for (const row of reasons)
        if (row.lineNumber === line.lineNumber && row.reason) switchReasons[row.reason] = row.n;
      return {
        line_number: line.lineNumber,
        patients: line.patients,
        active: line.active,
        visits: v?.visits ?? 0,
        pasi75: {
          rate: percentage(v?.achieved ?? 0, v?.evaluated ?? 0),
          achieved: v?.achieved ?? 0,
          total: v?.evaluated ?? 0,
        },
        switch_reasons: switchReasons,
      };
    }),
  };
}
