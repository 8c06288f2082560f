import "server-only";
import { runCalculations } from "@/lib/calc";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitRow } from "./visit-queries";

/**
 * The visit type whose values improvement calculations compare against (the demo study's
 * "baseline"). The calculation engine takes one baseline per run, so a study whose improvement
 * calculations name different baseline visits is computed against the first one named.
 */
export function baselineVisitType(config: StudyConfig): string | null {
  for (const calc of config.calculations) {
    if (calc.formula.type === "improvement_percentage") return calc.formula.baseline_visit;
  }
  return null;
}

/** The data of the patient's baseline visit (lowest number of that type) among `visits`. */
export function baselineValues(
  config: StudyConfig,
  visits: readonly Pick<VisitRow, "visitType" | "visitNumber" | "dataFields">[],
) {
  const type = baselineVisitType(config);
  if (type === null) return null;
  const baseline = visits
    .filter((visit) => visit.visitType === type)
    .sort((a, b) => a.visitNumber - b.visitNumber)[0];
  return baseline?.dataFields ?? null;
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
