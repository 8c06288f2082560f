import type { VisitResponse } from "@/lib/schemas/visits";

/**
 * The Visit History's clinical columns (spec §2 Patient detail: PASI, DLQI, PASI75 yes/no). The
 * scores are the visit's entered values; PASI75 is the study's own calculation as the server
 * stored it with the visit (calculated_values), never recomputed in the browser.
 */
export const VISIT_MEASURES = { pasi: "pasi_score", dlqi: "dlqi_score", pasi75: "pasi75_achieved" } as const;

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function visitMeasures(visit: VisitResponse) {
  const pasi75 = visit.calculated_values[VISIT_MEASURES.pasi75];
  return {
    pasi: numberOrNull(visit.data_fields[VISIT_MEASURES.pasi]),
    dlqi: numberOrNull(visit.data_fields[VISIT_MEASURES.dlqi]),
    pasi75: typeof pasi75 === "boolean" ? pasi75 : null,
    /** Missing-data codes given instead of the scores (decision 0023). */
    pasiCode: visit.missing?.[VISIT_MEASURES.pasi],
    dlqiCode: visit.missing?.[VISIT_MEASURES.dlqi],
  };
}
