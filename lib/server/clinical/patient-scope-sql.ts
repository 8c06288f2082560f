import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { patientFigureTotals, patients } from "@/db/schema";
import type { PatientScope } from "../auth/policy";

/**
 * The actor's patient scope (policy.ts) as a SQL condition on `patients`: the same rule as
 * `patientInScope`, applied inside every clinical query so that a list, a count, a dashboard figure
 * and a read by id all see the same set (DESIGN.md decision 12).
 */
export function scopeCondition(scope: PatientScope): SQL {
  switch (scope.kind) {
    case "all":
      return sql`true`;
    case "group":
      return eq(patients.medicalGroupId, scope.medicalGroupId);
    case "own":
      return eq(patients.createdBy, scope.userId);
    case "none":
      return sql`false`;
  }
}

/**
 * The same scope on the maintained totals (patient_figure_totals), whose buckets are keyed by the
 * columns the scope filters on: a sum over the matching buckets counts exactly the patients that
 * `scopeCondition` selects.
 */
export function totalsScopeCondition(scope: PatientScope): SQL {
  switch (scope.kind) {
    case "all":
      return sql`true`;
    case "group":
      return eq(patientFigureTotals.medicalGroupKey, scope.medicalGroupId);
    case "own":
      return eq(patientFigureTotals.creatorKey, scope.userId);
    case "none":
      return sql`false`;
  }
}
