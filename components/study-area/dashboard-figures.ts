import type { Formatter } from "@/lib/i18n/format";
import type { DashboardResponse } from "@/lib/schemas/reports";

/** Spec §2: M = Male, F = Female, anything else = Other (catalogue keys of `studyArea.dashboard.sex`). */
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

export type CardKey =
  "totalPatients" | "activeTherapies" | "totalVisits" | "pasi75" | "adverseEvents" | "therapyLines";

/**
 * A card by its catalogue key (`studyArea.dashboard.cards`); `note` names its message and values
 * (`pasi75Note`, `seriousNote`); `detail` says what a figure counts, in words (the calculation
 * behind the efficacy rate, the study's own text).
 */
export type DashboardCard = {
  key: CardKey;
  value: string;
  note?:
    | { key: "pasi75Note"; values: { achieved: string; total: string } }
    | { key: "seriousNote"; values: { count: string; n: number } };
  detail?: string;
};

/**
 * The six cards of spec §2, in the spec's order, their figures in the reader's number format
 * (decision 0021: counts grouped, the rate as the locale writes a percentage). `calculationText`
 * is the study's calculations in words by name (`calculationSummaries`), so the efficacy card can
 * say what it counts. The notes' counts are given to their messages formatted too.
 */
export function dashboardCards(
  { overview, efficacy }: DashboardResponse,
  fmt: Formatter,
  calculationText: Readonly<Record<string, string>> = {},
): DashboardCard[] {
  const counted = efficacy.calculation;
  return [
    { key: "totalPatients", value: fmt.number(overview.total_patients) },
    { key: "activeTherapies", value: fmt.number(overview.active_therapies) },
    { key: "totalVisits", value: fmt.number(overview.total_visits) },
    {
      key: "pasi75",
      value: fmt.percent(efficacy.pasi75_rate),
      note: {
        key: "pasi75Note",
        values: { achieved: fmt.number(efficacy.pasi75_achieved), total: fmt.number(efficacy.pasi75_total) },
      },
      detail: counted ? (calculationText[counted.name] ?? counted.label) : undefined,
    },
    {
      key: "adverseEvents",
      value: fmt.number(overview.total_adverse_events),
      note: {
        key: "seriousNote",
        // `n` chooses the plural ("1 grave", "3 gravi"); `count` is the number as the reader writes it.
        values: { count: fmt.number(overview.serious_adverse_events), n: overview.serious_adverse_events },
      },
    },
    { key: "therapyLines", value: fmt.number(overview.total_therapy_lines) },
  ];
}
