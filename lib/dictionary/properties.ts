/**
 * The comparable properties of a field or a calculation, for the import's per-property changes.
 * Absent, null, "" descriptions and empty validation / options / schema all read as "not set", so
 * a file that leaves a cell blank does not report a change of nothing into nothing. Pure.
 */
import type { DictionaryPropertyChange } from "@/lib/schemas/data-dictionary";
import type { CalculationDocument, DataFieldDocument } from "@/lib/schemas/study-config";

type Properties = Record<string, unknown>;

export function fieldProperties(field: DataFieldDocument): Properties {
  const { validation, ...rest } = field;
  const props: Properties = { ...rest };
  for (const [key, value] of Object.entries(validation ?? {})) props[`validation.${key}`] = value;
  if (props.category === null || props.category === "") delete props.category;
  if (props.description === "") delete props.description;
  if (Array.isArray(props.options) && props.options.length === 0) delete props.options;
  if (props.schema && Object.keys(props.schema).length === 0) delete props.schema;
  return props;
}

export function calculationProperties(calculation: CalculationDocument): Properties {
  const props: Properties = { ...calculation };
  if (props.description === "") delete props.description;
  return props;
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  if (Object.is(value, -0)) return "-0";
  return JSON.stringify(value);
}

export function propertyChanges(before: Properties, after: Properties): DictionaryPropertyChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: DictionaryPropertyChange[] = [];
  for (const property of keys) {
    const a = before[property];
    const b = after[property];
    if (a === undefined && b === undefined) continue;
    if (canonicalJson(a) !== canonicalJson(b))
      out.push({ property, before: a === undefined ? null : a, after: b === undefined ? null : b });
  }
  return out;
}
