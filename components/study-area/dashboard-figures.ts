import type { DashboardResponse } from "@/lib/schemas/reports";

/** Spec §2: M = Male, F = Female, anything else = Other. */
export function sexLabel(sex: string): "Male" | "Female" | "Other" {
  return sex === "M" ? "Male" : sex === "F" ? "Female" : "Other";
}

export type DemographicRow = { label: "Male" | "Female" | "Other"; count: number };

/**
 * The demographics list: Male and Female always (0 when nobody), Other only when some patient's sex
 * is neither, with every such value counted together.
 */
export function demographicRows(
  bySex: DashboardResponse["demographics"]["patients_by_sex"],
): DemographicRow[] {
  const counts = { Male: 0, Female: 0, Other: 0 };
  for (const [sex, count] of Object.entries(bySex)) counts[sexLabel(sex)] += count;
  const rows: DemographicRow[] = [
    { label: "Male", count: counts.Male },
    { label: "Female", count: counts.Female },
  ];
  if (counts.Other > 0) rows.push({ label: "Other", count: counts.Other });
  return rows;
}

/** `detail` says what a figure counts, in words (the calculation behind the efficacy rate). */
export type DashboardCard = { title: string; value: string; note?: string; detail?: string };

/**
 * The six cards of spec §2, in the spec's order. `calculationText` is the study's calculations in
 * words by name (`calculationSummaries`), so the efficacy card can say what it counts.
 */
export function dashboardCards(
  { overview, efficacy }: DashboardResponse,
  calculationText: Readonly<Record<string, string>> = {},
): DashboardCard[] {
  const counted = efficacy.calculation;
  return [
    { title: "Total Patients", value: String(overview.total_patients) },
    { title: "Active Therapies", value: String(overview.active_therapies) },
    { title: "Total Visits", value: String(overview.total_visits) },
    {
      title: "PASI75 Achievement",
      value: `${efficacy.pasi75_rate}%`,
      note: `${efficacy.pasi75_achieved} of ${efficacy.pasi75_total} patients`,
      detail: counted ? (calculationText[counted.name] ?? counted.label) : undefined,
    },
    {
      title: "Adverse Events",
      value: String(overview.total_adverse_events),
      note: `${overview.serious_adverse_events} serious`,
    },
    { title: "Therapy Lines", value: String(overview.total_therapy_lines) },
  ];
}
