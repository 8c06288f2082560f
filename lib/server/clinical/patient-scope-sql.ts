import "server-only";
import { eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { patientFigureTotals, patients } from "@/db/schema";
import type { PatientScope } from "../auth/policy";

type ScopeColumns = { group: AnyColumn; creator: AnyColumn };

const ON_PATIENTS: ScopeColumns = { group: patients.medicalGroupId, creator: patients.createdBy };
// patient_figure_totals buckets are keyed by the columns the scope filters on.
const ON_TOTALS: ScopeColumns = {
  group: patientFigureTotals.medicalGroupKey,
  creator: patientFigureTotals.creatorKey,
};

function scopeOn(columns: ScopeColumns, kind: PatientScope["kind"], key: number | Placeholder): SQL {
  switch (kind) {
    case "all":
      return sql`true`;
    case "group":
      return eq(columns.group, key);
    case "own":
      return eq(columns.creator, key);
    case "none":
      return sql`false`;
  }
}

/** The value the scope is narrowed to: the group's id or the user's id (0 for all / none). */
export function scopeKey(scope: PatientScope): number {
  return scope.kind === "group" ? scope.medicalGroupId : scope.kind === "own" ? scope.userId : 0;
}

/**
 * The actor's patient scope (policy.ts) as a SQL condition on `patients`: the same rule as
 * `patientInScope`, applied inside every clinical query so that a list, a count, a dashboard figure
 * and a read by id all see the same set (decision 0004).
 */
export function scopeCondition(scope: PatientScope): SQL {
  return scopeOn(ON_PATIENTS, scope.kind, scopeKey(scope));
}

/**
 * The same, for prepared queries (db/prepared.ts): the value is the `scopeKey` placeholder, so one
 * prepared text serves every user of a kind. Name the query after the kind; pass `scopeKey(scope)`.
 */
export function scopeConditionPrepared(kind: PatientScope["kind"]): SQL {
  return scopeOn(ON_PATIENTS, kind, sql.placeholder("scopeKey"));
}

/**
 * The scope on the maintained totals (patient_figure_totals): a sum over the matching buckets
 * counts exactly the patients that `scopeCondition` selects. Prepared: value `scopeKey(scope)`.
 */
export function totalsScopeConditionPrepared(kind: PatientScope["kind"]): SQL {
  return scopeOn(ON_TOTALS, kind, sql.placeholder("scopeKey"));
}
