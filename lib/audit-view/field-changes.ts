/**
 * What an audit row changed, field by field, for the View Changes panel. Pure (browser and tests).
 * The clinical values sit one level down (`data_fields`, `custom_fields`, `calculated_values`):
 * their fields are listed one by one under the study configuration's labels, so a monitor reads
 * "PASI: 20 → 12".
 */
export type FieldChange = { field: string; label: string; before: unknown; after: unknown };

const NESTED = new Set(["data_fields", "custom_fields", "calculated_values"]);
/**
 * Bookkeeping that changes on every save and says nothing to a reader, and a recalculation's link
 * to its cause (docs/decisions/0026), which the readable form names.
 */
const HIDDEN = new Set(["version", "updated_at", "recalculated_after"]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** "pasi_score" → "Pasi score" when the configuration has no label for it. */
export const humanize = (name: string) => {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields whose value differs between `before` and `after` (a creation lists every new value,
 * a deletion every old one), nested clinical fields flattened, in the order they first appear.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  labels: ReadonlyMap<string, string> = new Map(),
): FieldChange[] {
  const changes: FieldChange[] = [];
  const label = (name: string) => labels.get(name) ?? humanize(name);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const key of keys) {
    if (HIDDEN.has(key)) continue;
    const old = before?.[key];
    const now = after?.[key];
    if (NESTED.has(key) && (isRecord(old) || isRecord(now))) {
      const inner = fieldChanges(isRecord(old) ? old : null, isRecord(now) ? now : null, labels);
      changes.push(...inner.map((c) => ({ ...c, field: `${key}.${c.field}` })));
      continue;
    }
    if (before && after && same(old, now)) continue;
    changes.push({ field: key, label: label(key), before: old, after: now });
  }
  return changes;
}

/** A value as the panel shows it: empty as "—", objects as compact JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
