/** The amendment bench:compatibility checks: one change of every kind the check counts (decision 0013). */
import type { StudyConfigDocument } from "@/lib/schemas/study-config";

export function benchAmendment(live: StudyConfigDocument): StudyConfigDocument {
  const next = structuredClone(live);
  next.data_fields = next.data_fields.filter((f) => f.name !== "dlqi_score");
  for (const field of next.data_fields) {
    if (field.name === "pasi_score") field.validation = { ...field.validation, max: 30 };
    if (field.name === "current_therapy") field.options = field.options?.slice(1);
    if (field.name === "psoriasis_phenotypes")
      field.options = field.options?.filter((o) => o.value !== "nail");
    if (field.type === "email") field.validation = { ...field.validation, pattern: "@example\\.org$" };
  }
  next.visit_types = next.visit_types.filter((t) => t.code !== "week_24");
  next.calculations = next.calculations.map((c) =>
    c.name === "pasi_percent_of_max" ? { ...c, name: "pasi_pct_of_max" } : c,
  );
  return next;
}
