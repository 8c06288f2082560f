/**
 * Which visit improvement calculations compare against, one rule for the server's stored values and
 * the visit dialogs' live ones (docs/decisions/0028). Pure.
 */
import type { Calculation } from "@/lib/schemas/study-config";

/**
 * The visit type whose values improvement calculations compare against (the demo study's
 * "baseline"). The calculation engine takes one baseline per run, so a study whose improvement
 * calculations name different baseline visits is computed against the first one named.
 */
export function baselineVisitType(calculations: readonly Pick<Calculation, "formula">[]): string | null {
  for (const calc of calculations) {
    if (calc.formula.type === "improvement_percentage") return calc.formula.baseline_visit;
  }
  return null;
}

export type VisitForBaseline = { type: string; number: number; data: Record<string, unknown> };

/** The data of the patient's baseline visit (lowest number of that type) among `visits`. */
export function baselineData(
  calculations: readonly Pick<Calculation, "formula">[],
  visits: readonly VisitForBaseline[],
): Record<string, unknown> | null {
  const type = baselineVisitType(calculations);
  if (type === null) return null;
  const baseline = visits.filter((visit) => visit.type === type).sort((a, b) => a.number - b.number)[0];
  return baseline?.data ?? null;
}
