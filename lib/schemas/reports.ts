/** Report contracts (spec §3 Dashboard, §7 /reports). Pure. */
import { z } from "zod";
import { idOf } from "./patients";

export const ReportQuery = z.object({ study_id: idOf("study_id") });

const Rate = z.object({
  /** Percentage of `total`, one decimal; 0 when total is 0. */
  rate: z.number(),
  achieved: z.number(),
  total: z.number(),
});

const FormStatusCounts = z.object({
  in_progress: z.number(),
  complete: z.number(),
  verified: z.number(),
  locked: z.number(),
});

export const DashboardResponse = z.object({
  overview: z.object({
    total_patients: z.number(),
    active_therapies: z.number(),
    total_visits: z.number(),
    total_adverse_events: z.number(),
    serious_adverse_events: z.number(),
    total_therapy_lines: z.number(),
  }),
  efficacy: z.object({
    pasi75_rate: z.number(),
    pasi75_achieved: z.number(),
    pasi75_total: z.number(),
    /** The study calculation these figures count (null when the study has none). */
    calculation: z.object({ name: z.string(), label: z.string() }).nullable(),
  }),
  demographics: z.object({ patients_by_sex: z.record(z.string(), z.number()) }),
  /** Data queries in the caller's scope by status (decision 0030). */
  queries: z.object({ open: z.number(), answered: z.number(), closed: z.number() }),
  /** Patient records and visits in the caller's scope by form status (decision 0031). */
  form_status: z.object({ patients: FormStatusCounts, visits: FormStatusCounts }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const TherapyOutcomesResponse = z.object({
  calculation: z.object({ name: z.string(), label: z.string() }).nullable(),
  lines: z.array(
    z.object({
      line_number: z.number(),
      patients: z.number(),
      active: z.number(),
      visits: z.number(),
      pasi75: Rate,
      switch_reasons: z.record(z.string(), z.number()),
    }),
  ),
});
export type TherapyOutcomesResponse = z.infer<typeof TherapyOutcomesResponse>;

/** Percentage with one decimal. */
export function percentage(achieved: number, total: number): number {
  return total === 0 ? 0 : Math.round((achieved / total) * 1000) / 10;
}
