import "server-only";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { scheduledVisitTypes, type ScheduledVisitType } from "@/lib/schedule/visit-schedule";

export type ReportSettings = {
  /** A boolean calculation: the efficacy rate counts patients for whom it held at some visit. */
  efficacy: { name: string; label: string } | null;
  /** Boolean visit fields counted as adverse events and serious adverse events. */
  adverseEventField: string | null;
  seriousAdverseEventField: string | null;
  /** The visit types with a day offset (decision 0025): each patient's next planned visit is kept. */
  schedule: ScheduledVisitType[];
};

function kpi(config: StudyConfig, key: string): Record<string, unknown> | undefined {
  return config.dashboard_kpis.find((entry) => entry.key === key);
}

function booleanVisitField(config: StudyConfig, name: unknown): string | null {
  if (typeof name !== "string") return null;
  const field = config.data_fields.find((f) => f.entity === "visit" && f.name === name);
  return field && (field.type === "boolean" || field.type === "checkbox") ? field.name : null;
}

/**
 * What the study's figures count, read from its configuration, never from code that knows the
 * disease. A `dashboard_kpis` entry may name them (`{ key: "efficacy", calculation }`,
 * `{ key: "adverse_events", field, serious_field }`); without one, efficacy is the study's first
 * threshold calculation (a yes/no result: the demo study's pasi75_achieved) and adverse events
 * are the boolean visit fields `adverse_event` / `ae_serious` when the study defines them. The
 * response names the calculation, so a screen can say what the rate measures.
 */
export function reportSettings(config: StudyConfig): ReportSettings {
  const named = kpi(config, "efficacy")?.calculation;
  const calc =
    named === undefined
      ? config.calculations.find((c) => c.formula.type === "threshold")
      : config.calculations.find((c) => c.name === named);
  const ae = kpi(config, "adverse_events");
  return {
    efficacy: calc ? { name: calc.name, label: calc.label } : null,
    adverseEventField: booleanVisitField(config, ae ? ae.field : "adverse_event"),
    seriousAdverseEventField: booleanVisitField(config, ae ? ae.serious_field : "ae_serious"),
    schedule: scheduledVisitTypes(config.visit_types),
  };
}
