import "server-only";
import { runCalculations } from "@/lib/calc";
import { baselineVisitType as baselineTypeOf } from "@/lib/calc/baseline";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitRow } from "./visit-queries";

/** The improvement calculations' baseline visit type (lib/calc/baseline.ts, shared with the dialogs). */
export function baselineVisitType(config: StudyConfig): string | null {
  return baselineTypeOf(config.calculations);
}

type VisitData = Pick<VisitRow, "dataFields" | "missing">;

/**
 * The patient's baseline visit (lowest number of that type) among `visits`: its data and its
 * missing-data codes (decision 0023), by the rule of lib/calc/baseline.ts.
 */
export function baselineVisit(
  config: StudyConfig,
  visits: readonly (Pick<VisitRow, "visitType" | "visitNumber"> & VisitData)[],
): VisitData | null {
  const type = baselineVisitType(config);
  if (type === null) return null;
  const baseline = visits
    .filter((visit) => visit.visitType === type)
    .sort((a, b) => a.visitNumber - b.visitNumber)[0];
  return baseline ? { dataFields: baseline.dataFields, missing: baseline.missing } : null;
}

/** A visit's calculations as stored: the values, and why each one without a value has none. */
export type VisitCalculation = { values: Record<string, unknown>; notes: Record<string, string> };

/**
 * The study's calculations over one visit's data, in dependency order (lib/calc). A calculation
 * that cannot be computed (a missing input, or one answered with a missing-data code: decision
 * 0023) is stored as null, and the engine's reason beside it (a message reference, so it is put
 * into each reader's words when it is read).
 */
export function calculateVisit(
  config: StudyConfig,
  visit: VisitData,
  baseline: VisitData | null,
): VisitCalculation {
  if (config.calculations.length === 0) return { values: {}, notes: {} };
  const run = runCalculations(config.calculations, visit.dataFields, {
    baselineValues: baseline?.dataFields ?? null,
    missing: visit.missing,
    baselineMissing: baseline?.missing ?? null,
  });
  // fromEntries defines own keys: a calculation named `__proto__` stays an ordinary key.
  const notes = Object.fromEntries(
    Object.entries(run.errors).filter(
      ([name]) => Object.hasOwn(run.results, name) && run.results[name] === null,
    ),
  );
  return { values: run.results, notes };
}
