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

/**
 * The study's calculations over one visit's data, in dependency order (lib/calc). A calculation
 * that cannot be computed (a missing input, or one answered with a missing-data code: decision
 * 0023) is stored as null, as the engine answers it; the engine's reason is not stored, the
 * screens recompute it with the same engine.
 */
export function calculateVisit(
  config: StudyConfig,
  visit: VisitData,
  baseline: VisitData | null,
): Record<string, unknown> {
  if (config.calculations.length === 0) return {};
  return runCalculations(config.calculations, visit.dataFields, {
    baselineValues: baseline?.dataFields ?? null,
    missing: visit.missing,
    baselineMissing: baseline?.missing ?? null,
  }).results;
}
