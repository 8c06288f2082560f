import type { FormValues } from "@/components/forms/dynamic-form";
import { baselineData } from "@/lib/calc/baseline";
import type { Calculation } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";

/**
 * The baseline a visit form's live calculations compare against (docs/decisions/0028): the same rule
 * as the server's (lib/calc/baseline.ts) over the patient's other visits and the one being entered,
 * so a visit that is itself the baseline compares with its own values, as the saved one will.
 */
export function liveBaseline(
  calculations: readonly Calculation[],
  visits: readonly VisitResponse[],
  self: { id?: number; type: string; number: number },
): (values: FormValues) => FormValues | null {
  const others = visits
    .filter((visit) => visit.id !== self.id)
    .map((visit) => ({ type: visit.visit_type, number: visit.visit_number, data: visit.data_fields }));
  return (values) =>
    baselineData(calculations, [...others, { type: self.type, number: self.number, data: values }]);
}
