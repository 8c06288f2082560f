/**
 * Pre-made visit schedules (spec §2: psoriasis, oncology, rheumatology). They follow the usual
 * assessment points of each field: psoriasis biologic registries around weeks 4, 12, 16, 24 and
 * 52; oncology treatment in 3-weekly cycles with survival follow-up; rheumatology (RA treat-to-
 * target) at months 1, 3, 6 and 12. Every schedule keeps an unscheduled visit for anything else.
 */
import type { VisitTypeDocument } from "@/lib/schemas/study-config";
import { nextOrder, sortByOrder } from "./order";

export type VisitScheduleTemplateId = "psoriasis" | "oncology" | "rheumatology";
export type VisitScheduleTemplate = {
  id: VisitScheduleTemplateId;
  label: string;
  visitTypes: VisitTypeDocument[];
};

const UNSCHEDULED = "Visit outside the planned schedule (e.g. adverse event, safety check).";

/** Numbers the entries 1..n, so each template reads as its schedule. */
const numbered = (entries: Omit<VisitTypeDocument, "order">[]): VisitTypeDocument[] =>
  entries.map((entry, i) => ({ ...entry, order: i + 1 }));

const cycles = Array.from({ length: 6 }, (_, i) => ({
  code: `cycle_${i + 1}`,
  label: `Cycle ${i + 1}`,
  description:
    i === 0
      ? "Cycle 1 day 1: first dose (21-day cycles, every 3 weeks)."
      : `Cycle ${i + 1} day 1: toxicity and response check before dosing (week ${i * 3}).`,
}));

export const VISIT_SCHEDULE_TEMPLATES: Record<VisitScheduleTemplateId, VisitScheduleTemplate> = {
  psoriasis: {
    id: "psoriasis",
    label: "Psoriasis",
    visitTypes: numbered([
      {
        code: "baseline",
        label: "Baseline",
        description: "Enrolment at the start of systemic or biologic therapy.",
      },
      {
        code: "week_4",
        label: "Week 4",
        description: "Early response and tolerability, 4 weeks after baseline.",
      },
      {
        code: "week_12",
        label: "Week 12",
        description: "Primary efficacy assessment (PASI 75/90), 12 weeks.",
      },
      {
        code: "week_16",
        label: "Week 16",
        description: "End of induction assessment, 16 weeks after baseline.",
      },
      { code: "week_24", label: "Week 24", description: "Maintenance assessment, 24 weeks after baseline." },
      { code: "week_36", label: "Week 36", description: "Maintenance assessment, 36 weeks after baseline." },
      { code: "week_52", label: "Week 52", description: "One-year assessment, 52 weeks after baseline." },
      { code: "unscheduled", label: "Unscheduled", description: UNSCHEDULED },
    ]),
  },
  oncology: {
    id: "oncology",
    label: "Oncology",
    visitTypes: numbered([
      {
        code: "screening",
        label: "Screening",
        description: "Eligibility, consent and baseline imaging (up to 28 days before treatment).",
      },
      {
        code: "baseline",
        label: "Baseline",
        description: "Pre-treatment assessment: performance status, labs, tumour measurements.",
      },
      ...cycles,
      {
        code: "end_of_treatment",
        label: "End of Treatment",
        description: "Within 30 days of the last dose or discontinuation.",
      },
      {
        code: "follow_up_3m",
        label: "Follow-up 3 months",
        description: "Survival and progression follow-up, 3 months after end of treatment.",
      },
      {
        code: "follow_up_6m",
        label: "Follow-up 6 months",
        description: "Survival and progression follow-up, 6 months after end of treatment.",
      },
      {
        code: "follow_up_12m",
        label: "Follow-up 12 months",
        description: "Survival and progression follow-up, 12 months after end of treatment.",
      },
      { code: "unscheduled", label: "Unscheduled", description: UNSCHEDULED },
    ]),
  },
  rheumatology: {
    id: "rheumatology",
    label: "Rheumatology",
    visitTypes: numbered([
      {
        code: "baseline",
        label: "Baseline",
        description: "Disease activity (DAS28, CDAI) and function at the start of therapy.",
      },
      {
        code: "month_1",
        label: "Month 1",
        description: "Tolerability and safety labs, 1 month after baseline.",
      },
      {
        code: "month_3",
        label: "Month 3",
        description: "Treat-to-target response check, 3 months after baseline.",
      },
      {
        code: "month_6",
        label: "Month 6",
        description: "Target attainment (remission or low disease activity), 6 months.",
      },
      {
        code: "month_12",
        label: "Month 12",
        description: "One-year assessment, including radiographic progression.",
      },
      { code: "flare", label: "Flare", description: "Unplanned visit for a disease flare." },
      { code: "unscheduled", label: "Unscheduled", description: UNSCHEDULED },
    ]),
  },
};

export type TemplateApplication = {
  visitTypes: VisitTypeDocument[];
  added: VisitTypeDocument[];
  skipped: string[];
};

/**
 * Adds a template's visit types after the existing ones. Codes already present are skipped, so
 * applying twice, or over a hand-made list, never duplicates a code or changes existing entries.
 */
export function applyVisitScheduleTemplate(
  visitTypes: readonly VisitTypeDocument[],
  templateId: VisitScheduleTemplateId,
): TemplateApplication {
  const existing = new Set(visitTypes.map((vt) => vt.code));
  const start = nextOrder(visitTypes);
  const fresh = sortByOrder(VISIT_SCHEDULE_TEMPLATES[templateId].visitTypes);
  const added = fresh.filter((vt) => !existing.has(vt.code)).map((vt, i) => ({ ...vt, order: start + i }));
  const skipped = fresh.filter((vt) => existing.has(vt.code)).map((vt) => vt.code);
  return { visitTypes: sortByOrder([...visitTypes, ...added]), added, skipped };
}
