/**
 * An audit row's changes in the reader's words (docs/decisions/0026): each changed field with its
 * label (the study's, else the product's) and its old and new value formatted for the reader:
 * numbers and dates the locale's way, options by their label, yes/no in words, '' for blank. Pure:
 * the server builds the readable trail with it, and tests read it directly.
 */
import type { Formatter } from "@/lib/i18n/format";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { TrailChange } from "@/lib/schemas/readable-audit";
import { humanize } from "./field-changes";

/** The words a change is read with, all in the reader's language already. */
export type TrailVocabulary = {
  fmt: Formatter;
  yes: string;
  no: string;
  /** A product column's name (visit date, sex…), else null. */
  productLabel: (field: string) => string | null;
  /** A missing-data code given instead of a value, as the reader reads it. */
  missingCode: (code: string, label: string | null) => string;
  /** A medical group's name by its id, when known (a patient moved between groups). */
  groupName?: (id: number) => string | null;
  /**
   * A product column's coded value in words (a signature's proof or state, the change that
   * invalidated it), else null for the value as written.
   */
  productValue?: (field: string, value: unknown, label: (field: string) => string) => string | null;
  /** The study's configuration in the reader's language (configIn), null for rows outside one. */
  config: StudyConfig | null;
};

/** Nested groups of clinical fields, read field by field. */
const NESTED = new Set(["data_fields", "custom_fields", "calculated_values", "missing"]);
/** Bookkeeping, links, and what the action itself already says (lock, unlock). */
const HIDDEN = new Set([
  "id",
  "study_id",
  "patient_id",
  "therapy_line_id",
  "config_version",
  "protocol_version_id",
  "created_by",
  "version",
  "created_at",
  "updated_at",
  "deleted_at",
  "is_locked",
  "locked_at",
  "locked_by",
  "recalculated_after",
  "confirmed_warnings",
  // A signature row (decision 0032): its hash and the records it covers are for verification, the
  // meaning's key is shown as the words the signer saw (meaning_text).
  "data_hash",
  "covered",
  "meaning",
]);
const THERAPY_SWITCH = "therapy_switch";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type FieldInfo = { label: string; type: string; options: Map<string, string> | null };

/** The study's fields, calculations and therapy-switch fields by name. */
function fieldsOf(config: StudyConfig | null): Map<string, FieldInfo> {
  const fields = new Map<string, FieldInfo>();
  if (!config) return fields;
  const options = (list: { value: string; label: string }[] | undefined) =>
    list ? new Map(list.map((o) => [o.value, o.label])) : null;
  for (const f of config.data_fields ?? [])
    fields.set(f.name, { label: f.label, type: f.type, options: options(f.options) });
  for (const c of config.calculations ?? [])
    fields.set(c.name, { label: c.label, type: "calculated", options: null });
  for (const s of config.therapy_switch_config?.switch_fields ?? [])
    if (!fields.has(s.name))
      fields.set(s.name, { label: s.label, type: s.type, options: options(s.options) });
  return fields;
}

/** Reads changes with one vocabulary; build it once per study and locale. */
export function trailReader(words: TrailVocabulary) {
  const fields = fieldsOf(words.config);
  const visitTypes = new Map((words.config?.visit_types ?? []).map((t) => [t.code, t.label]));
  const missingLabels = new Map((words.config?.missing_codes ?? []).map((m) => [m.code, m.label]));

  const label = (field: string) => fields.get(field)?.label ?? words.productLabel(field) ?? humanize(field);

  function text(field: string, value: unknown, group: string | null): string {
    if (value === undefined || value === null || value === "") return "";
    if (group === "missing" && typeof value === "string")
      return words.missingCode(value, missingLabels.get(value) ?? null);
    if (typeof value === "boolean") return value ? words.yes : words.no;
    const info = fields.get(field);
    if (field === "visit_type" && group === null && typeof value === "string")
      return visitTypes.get(value) ?? value;
    if (field === "medical_group_id" && group === null && typeof value === "number")
      return words.groupName?.(value) ?? String(value);
    if (group === null) {
      const coded = words.productValue?.(field, value, label);
      if (coded !== null && coded !== undefined) return coded;
    }
    if (typeof value === "number") {
      // A calculated value reads rounded; a value someone entered reads exactly as entered.
      return info?.type === "calculated" ? words.fmt.number(value) : words.fmt.exact(value);
    }
    if (typeof value === "string") {
      if (info?.options?.has(value)) return info.options.get(value)!;
      if (info?.type === "date" || (group === null && field.endsWith("_date"))) return words.fmt.date(value);
      if (info?.type === "month") return words.fmt.month(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => text(field, item, group)).join(", ");
    return JSON.stringify(value);
  }

  /**
   * The fields whose value differs between `before` and `after` (a creation lists its non-blank
   * values, a deletion its old ones), nested groups read field by field, in the order they
   * first appear. `calculated` receives the calculated values apart: they are recalculations.
   */
  function changes(
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): { changes: TrailChange[]; calculated: TrailChange[] } {
    const out: TrailChange[] = [];
    const calculated: TrailChange[] = [];
    const push = (into: TrailChange[], field: string, old: unknown, now: unknown, group: string | null) => {
      if (before && after ? same(old, now) : old == null && now == null) return;
      if (!before && (now === null || now === "")) return;
      into.push({
        field,
        label: label(field),
        old_text: text(field, old, group),
        new_text: text(field, now, group),
        old: old ?? null,
        new: now ?? null,
      });
    };
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    for (const key of keys) {
      if (HIDDEN.has(key)) continue;
      const old = before?.[key];
      const now = after?.[key];
      // The therapy-switch answer is an object of its own fields, wherever a row keeps it.
      if (key === THERAPY_SWITCH && (isRecord(old) || isRecord(now))) {
        const so = isRecord(old) ? old : {};
        const sn = isRecord(now) ? now : {};
        for (const s of [...new Set([...Object.keys(so), ...Object.keys(sn)])])
          push(out, s, so[s], sn[s], THERAPY_SWITCH);
        continue;
      }
      if (NESTED.has(key) && (isRecord(old) || isRecord(now))) {
        const o = isRecord(old) ? old : {};
        const n = isRecord(now) ? now : {};
        for (const inner of [...new Set([...Object.keys(o), ...Object.keys(n)])]) {
          if (inner === THERAPY_SWITCH && (isRecord(o[inner]) || isRecord(n[inner]))) {
            const so = isRecord(o[inner]) ? o[inner] : {};
            const sn = isRecord(n[inner]) ? n[inner] : {};
            for (const s of [...new Set([...Object.keys(so), ...Object.keys(sn)])])
              push(out, s, so[s], sn[s], THERAPY_SWITCH);
            continue;
          }
          push(key === "calculated_values" ? calculated : out, inner, o[inner], n[inner], key);
        }
        continue;
      }
      push(out, key, old, now, null);
    }
    return { changes: out, calculated };
  }

  return { changes, label, visitTypeLabel: (code: string) => visitTypes.get(code) ?? null };
}
