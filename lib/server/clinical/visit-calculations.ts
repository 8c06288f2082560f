import "server-only";
import { runCalculations } from "@/lib/calc";
import { baselineData, baselineVisitType as baselineTypeOf } from "@/lib/calc/baseline";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitRow } from "./visit-queries";

/** The improvement calculations' baseline visit type (lib/calc/baseline.ts, shared with the dialogs). */
export function baselineVisitType(config: StudyConfig): string | null {
  return baselineTypeOf(config.calculations);
}

/** The data of the patient's baseline visit (lowest number of that type) among `visits`. */
export function baselineValues(
  config: StudyConfig,
  visits: readonly Pick<VisitRow, "visitType" | "visitNumber" | "dataFields">[],
) {
  return baselineData(
    config.calculations,
    visits.map((v) => ({ type: v.visitType, number: v.visitNumber, data: v.dataFields })),
  );
}

/**
 * The study's calculations over one visit's data, in dependency order (lib/calc). A calculation
 * that cannot be computed (a missing input) is stored as null, as the engine answers it.
 */
export function calculateVisit(
  config: StudyConfig,
  dataFields: Record<string, unknown>,
  baseline: Record<string, unknown> | null,
): Record<string, unknown> {
  if (config.calculations.length === 0) return {};
  return runCalculations(config.calculations, dataFields, { baselineValues: baseline }).results;
}
