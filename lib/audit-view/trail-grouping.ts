/**
 * Recalculations under the change that caused them (docs/decisions/0026). A change to a baseline
 * visit recomputes the calculated values of the patient's other visits, each recorded as an audit
 * row of that visit. Since decision 0026 such a row says what caused it
 * (`new_values.recalculated_after`); older rows do not, but every row of one transaction carries
 * the same timestamp and author (the audit writer stamps a transaction's rows at once), so an
 * older recalculation belongs to the clinical change of its transaction. Pure.
 */

export type GroupableRow = {
  id: number;
  timestamp: string;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
};

/** The link a recalculation row carries since decision 0026. */
export type RecalculationLink = { entity_type: string; entity_id: string };

export const RECALCULATED_AFTER = "recalculated_after";

/** What a row links to as the change that caused it, when it says so. */
export function recalculationLink(row: Pick<GroupableRow, "new_values">): RecalculationLink | null {
  const link = row.new_values?.[RECALCULATED_AFTER];
  if (typeof link !== "object" || link === null) return null;
  const { entity_type, entity_id } = link as Record<string, unknown>;
  return typeof entity_type === "string" && typeof entity_id === "string" ? { entity_type, entity_id } : null;
}

/**
 * A row that only records recomputed calculated values of a visit: linked (decision 0026), or an
 * older row whose values hold nothing but `calculated_values`.
 */
export function isRecalculation(row: GroupableRow): boolean {
  if (row.entity_type !== "visit" || row.action !== "update") return false;
  if (recalculationLink(row)) return true;
  const keys = (values: Record<string, unknown> | null) => Object.keys(values ?? {});
  return (
    keys(row.new_values).length === 1 &&
    keys(row.new_values)[0] === "calculated_values" &&
    keys(row.old_values).every((k) => k === "calculated_values")
  );
}

export type TrailGroup<R> = { row: R; recalculations: R[] };

/**
 * The rows of a page with each recalculation folded under its cause: the clinical row of the same
 * transaction (same timestamp and author), the linked one when the row names it. A recalculation
 * whose cause is not on the page stays a group of its own. Order is kept (the cause's place).
 */
export function groupRecalculations<R extends GroupableRow>(rows: readonly R[]): TrailGroup<R>[] {
  const groups: TrailGroup<R>[] = [];
  const causes: TrailGroup<R>[] = [];
  const sameTransaction = (a: R, b: R) => a.timestamp === b.timestamp && a.user_id === b.user_id;
  for (const row of rows) if (!isRecalculation(row)) causes.push({ row, recalculations: [] });
  const byRow = new Map(causes.map((g) => [g.row, g]));
  for (const row of rows) {
    const own = byRow.get(row);
    if (own) {
      groups.push(own);
      continue;
    }
    const link = recalculationLink(row);
    const candidates = causes.filter(
      (g) => sameTransaction(g.row, row) && g.row.entity_type !== "therapy_line",
    );
    const cause = link
      ? candidates.find((g) => g.row.entity_type === link.entity_type && g.row.entity_id === link.entity_id)
      : candidates.find((g) => g.row.entity_type === "visit");
    if (cause) cause.recalculations.push(row);
    else groups.push({ row, recalculations: [] });
  }
  // A recalculation is written after its cause, so newest-first it comes before it: keep the rows
  // in id order under the cause.
  for (const g of groups) g.recalculations.sort((a, b) => a.id - b.id);
  return groups;
}
