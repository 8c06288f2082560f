/**
 * What the capture dialogs offer so a clinician types less (docs/decisions/0027): the visit that
 * comes next, and the therapy a continuing follow-up carries on. Suggestions only: every value is
 * shown in its box and the server checks the visit as it checks any other. Pure.
 */
import type { DataField, TherapySwitchConfig, VisitType } from "@/lib/schemas/study-config";
import { THERAPY_SWITCH_KEY } from "./therapy-switch";

type VisitLike = {
  visit_number: number;
  visit_date: string;
  visit_type: string;
  therapy_line_id: number | null;
  data_fields: Record<string, unknown>;
};

/** The study's visit types in their order. */
export function orderedVisitTypes<T extends Pick<VisitType, "order">>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.order - b.order);
}

/**
 * The visit type that follows `after` in the study's order, or the first type for a patient's first
 * visit; none after the last (an unscheduled visit is a choice, not a guess).
 */
export function nextVisitType(
  types: readonly Pick<VisitType, "code" | "order">[],
  after: string | null,
): string | null {
  const ordered = orderedVisitTypes(types);
  if (after === null) return ordered[0]?.code ?? null;
  const at = ordered.findIndex((type) => type.code === after);
  return at < 0 ? null : (ordered[at + 1]?.code ?? null);
}

/** The latest visit (by number): the one a next visit follows. */
export function latestVisit<V extends Pick<VisitLike, "visit_number">>(visits: readonly V[]): V | null {
  return visits.reduce<V | null>(
    (best, v) => (best === null || v.visit_number > best.visit_number ? v : best),
    null,
  );
}

/**
 * The therapy field of a study's visit form: the visit select whose options are those of the
 * switch form's therapy select (the demo study's `current_therapy` and `new_therapy`). A study
 * without such a pair has no therapy field to fill.
 */
export function therapyFieldPair(
  visitFields: readonly Pick<DataField, "name" | "type" | "options" | "entity">[],
  switchConfig: Pick<TherapySwitchConfig, "enabled" | "switch_fields">,
): { visitField: string; switchField: string } | null {
  if (!switchConfig.enabled) return null;
  const key = (options: readonly { value: string }[] | undefined) =>
    (options ?? [])
      .map((o) => o.value)
      .sort()
      .join("\u0000");
  for (const sw of switchConfig.switch_fields) {
    if (sw.type !== "select" || !sw.options?.length) continue;
    const match = visitFields.find(
      (f) => f.entity !== "patient" && f.type === "select" && key(f.options) === key(sw.options),
    );
    if (match) return { visitField: match.name, switchField: sw.name };
  }
  return null;
}

/**
 * The therapy of the patient's current line, as their visits recorded it: the therapy field of
 * the latest visit of the highest line (a switch visit opens a line with its new therapy), or of
 * the latest visit when lines are unknown. Null when nothing was recorded.
 */
export function currentTherapy(
  visits: readonly VisitLike[],
  pair: { visitField: string; switchField: string },
) {
  const lines = visits.map((v) => v.therapy_line_id).filter((id): id is number => id !== null);
  const line = lines.length > 0 ? Math.max(...lines) : null;
  const inLine = line === null ? visits : visits.filter((v) => v.therapy_line_id === line);
  const latest = latestVisit(inLine);
  if (!latest) return null;
  const value = latest.data_fields[pair.visitField];
  if (typeof value === "string" && value !== "") return value;
  const sw = latest.data_fields[THERAPY_SWITCH_KEY];
  const switched =
    typeof sw === "object" && sw !== null ? (sw as Record<string, unknown>)[pair.switchField] : null;
  return typeof switched === "string" && switched !== "" ? switched : null;
}
