/**
 * The columns of the CSV exports (decision 0016), derived from the study configuration. Pure: the
 * same list drives the CSV rows, the README that describes them and the R and Python loaders, so
 * the three never disagree. Column names are unique within an export (a clash gets `__2`, `__3`).
 *
 * Missing-data codes (docs/decisions/0023): the value cell of a field answered with a code stays
 * empty (a code is never a value) and the column `{field}__missing` right after it holds the code,
 * so an analysis reads the values' column with its type and the reason for a gap beside it.
 */
import { fieldsForEntity } from "@/lib/forms";
import type { CalculationFormula, DataField, FieldOption, StudyConfig } from "@/lib/schemas/study-config";
import type { ExportPatient, ExportTherapyLine, ExportVisit } from "./export-records";

/** How a column's cells are written and read back (see `cell-values.ts` and the loaders). */
export type ColumnType =
  "integer" | "number" | "text" | "date" | "month" | "boolean" | "category" | "multi" | "json";

export type ColumnSource =
  | { from: "patient"; key: PatientColumnKey }
  | { from: "custom"; field: string }
  | { from: "visit"; key: VisitColumnKey }
  | { from: "data"; field: string }
  | { from: "continuing" }
  | { from: "calc"; name: string }
  | { from: "line"; key: LineColumnKey }
  | { from: "switch"; field: string }
  | { from: "missing"; entity: "patient" | "visit"; field: string };

export type ExportColumn = {
  name: string;
  label: string;
  type: ColumnType;
  source: ColumnSource;
  /** Code lists of category and multi columns. */
  options?: readonly FieldOption[];
  /** Wide layout: the visit slot (visit type and occurrence) a visit column belongs to. */
  slot?: VisitSlot;
};

export type VisitSlot = { visitType: string; occurrence: number };

type PatientColumnKey =
  | "id"
  | "code"
  | "medical_group"
  | "enrolled_on"
  | "birth_date"
  | "sex"
  | "height_cm"
  | "weight_kg"
  | "naive_systemic"
  | "naive_biologic";
type VisitColumnKey = "id" | "visit_number" | "visit_date" | "visit_type" | "protocol_version" | "locked";
type LineColumnKey = "line_number" | "therapy_name" | "start_date" | "end_date" | "switch_reason";

export type ColumnOptions = {
  /** De-identified: internal ids and identifier fields are left out. */
  deidentify: boolean;
};

const SEX_OPTIONS: FieldOption[] = [
  { value: "M", label: "Male" },
  { value: "F", label: "Female" },
];

/** The patient's own columns, then the study's patient fields (a field named like a column is that column). */
export function patientColumns(config: StudyConfig, options: ColumnOptions): ExportColumn[] {
  const fields = exportedFields(config, "patient", options);
  const standard: ExportColumn[] = [
    ...(options.deidentify
      ? []
      : [col("patient_id", "Patient ID (internal)", "integer", { from: "patient", key: "id" })]),
    col("patient_code", options.deidentify ? "Patient pseudonym" : "Patient code", "text", {
      from: "patient",
      key: "code",
    }),
    col("medical_group", "Medical group code", "text", { from: "patient", key: "medical_group" }),
    col("enrolled_on", "Enrolled on", "date", { from: "patient", key: "enrolled_on" }),
    col("birth_date", "Birth date", "date", { from: "patient", key: "birth_date" }),
    { ...col("sex", "Sex", "category", { from: "patient", key: "sex" }), options: SEX_OPTIONS },
    col("height_cm", "Height (cm)", "number", { from: "patient", key: "height_cm" }),
    col("weight_kg", "Weight (kg)", "number", { from: "patient", key: "weight_kg" }),
    col("naive_systemic", "Systemic naive", "boolean", { from: "patient", key: "naive_systemic" }),
    col("naive_biologic", "Biologic naive", "boolean", { from: "patient", key: "naive_biologic" }),
  ];
  const mirrored = new Set(standard.map((column) => column.name));
  const defined = new Set(fields.map((field) => field.name));
  return [
    // A standard column the study also defines as a field can be answered with a code too.
    ...standard.flatMap((column) =>
      defined.has(column.name) ? [column, missingColumn(column, "patient")] : [column],
    ),
    ...fields
      .filter((field) => !mirrored.has(field.name))
      .flatMap((field) => {
        const column = fieldColumn(field, { from: "custom", field: field.name });
        return [column, missingColumn(column, "patient")];
      }),
  ];
}

/** `{field}__missing`: the missing-data code given instead of the field's value (decision 0023). */
function missingColumn(column: ExportColumn, entity: "patient" | "visit"): ExportColumn {
  return col(`${column.name}__missing`, `${column.label} (missing-data code)`, "text", {
    from: "missing",
    entity,
    field: column.name,
  });
}

/** One visit's columns: identity, the visit fields, calculations, therapy line and switch answers. */
export function visitColumns(config: StudyConfig, options: ColumnOptions): ExportColumn[] {
  const visitTypes: FieldOption[] = config.visit_types
    .toSorted((a, b) => a.order - b.order)
    .map((type) => ({ value: type.code, label: type.label }));
  const columns: ExportColumn[] = [
    ...(options.deidentify
      ? []
      : [col("visit_id", "Visit ID (internal)", "integer", { from: "visit", key: "id" })]),
    col("visit_number", "Visit number", "integer", { from: "visit", key: "visit_number" }),
    col("visit_date", "Visit date", "date", { from: "visit", key: "visit_date" }),
    {
      ...col("visit_type", "Visit type", "category", { from: "visit", key: "visit_type" }),
      options: visitTypes,
    },
    col("protocol_version", "Protocol version in force", "integer", {
      from: "visit",
      key: "protocol_version",
    }),
    col("locked", "Locked", "boolean", { from: "visit", key: "locked" }),
    ...exportedFields(config, "visit", options).flatMap((field) => {
      const column = fieldColumn(field, { from: "data", field: field.name });
      return [column, missingColumn(column, "visit")];
    }),
    ...config.calculations.map((calculation) =>
      col(calculation.name, `${calculation.label} (calculated)`, calculationType(calculation.formula), {
        from: "calc",
        name: calculation.name,
      }),
    ),
    col("therapy_line", "Therapy line", "integer", { from: "line", key: "line_number" }),
    col("therapy_name", "Therapy", "text", { from: "line", key: "therapy_name" }),
    col("therapy_line_start", "Therapy line start", "date", { from: "line", key: "start_date" }),
    col("therapy_line_end", "Therapy line end", "date", { from: "line", key: "end_date" }),
    col("switch_reason", "Switch reason", "text", { from: "line", key: "switch_reason" }),
  ];
  const switchConfig = config.therapy_switch_config;
  if (switchConfig.enabled) {
    columns.push(col("continuing_therapy", "Continuing the same therapy", "boolean", { from: "continuing" }));
    for (const field of switchConfig.switch_fields) {
      const type: ColumnType = field.type === "date" ? "date" : field.type === "select" ? "category" : "text";
      columns.push({
        ...col(`switch_${field.name}`, `${field.label} (therapy switch)`, type, {
          from: "switch",
          field: field.name,
        }),
        ...(field.options ? { options: field.options } : {}),
      });
    }
  }
  return columns;
}

/** csv-long: one row per visit (a patient without visits gets one row with empty visit columns). */
export function longColumns(config: StudyConfig, options: ColumnOptions): ExportColumn[] {
  return uniqueNames([...patientColumns(config, options), ...visitColumns(config, options)]);
}

/**
 * csv-wide: one row per patient; the visit columns repeated per visit slot, named
 * `{visit type}__{column}`, or `{visit type}_{n}__{column}` for a type a patient may have more
 * than once (`slots` says how many at most, counted over the exported visits).
 */
export function wideColumns(
  config: StudyConfig,
  options: ColumnOptions,
  slots: readonly { visitType: string; occurrences: number }[],
): ExportColumn[] {
  const perVisit = visitColumns(config, options).filter(
    (column) => !(column.source.from === "visit" && column.source.key === "visit_type"),
  );
  const labels = new Map(config.visit_types.map((type) => [type.code, type.label]));
  const repeated: ExportColumn[] = [];
  for (const { visitType, occurrences } of slots) {
    for (let occurrence = 1; occurrence <= occurrences; occurrence++) {
      const prefix = occurrences > 1 ? `${visitType}_${occurrence}` : visitType;
      const slotLabel = `${labels.get(visitType) ?? visitType}${occurrences > 1 ? ` #${occurrence}` : ""}`;
      for (const column of perVisit)
        repeated.push({
          ...column,
          name: `${prefix}__${column.name}`,
          label: `${slotLabel}: ${column.label}`,
          slot: { visitType, occurrence },
        });
    }
  }
  return uniqueNames([...patientColumns(config, options), ...repeated]);
}

/**
 * The visit slots of the wide layout in the configuration's visit-type order (types not in the
 * configuration, from older protocol versions, last), from the most visits of each type any one
 * exported patient has.
 */
export function orderSlots(
  config: StudyConfig,
  counts: readonly { visitType: string; occurrences: number }[],
): { visitType: string; occurrences: number }[] {
  const order = new Map(config.visit_types.map((type) => [type.code, type.order]));
  return counts
    .filter((slot) => slot.occurrences > 0)
    .toSorted(
      (a, b) =>
        (order.get(a.visitType) ?? Infinity) - (order.get(b.visitType) ?? Infinity) ||
        a.visitType.localeCompare(b.visitType),
    );
}

/** The raw value of a column for a patient (and, for visit columns, one of its visits). */
export function sourceValue(
  source: ColumnSource,
  patient: ExportPatient,
  visit: ExportVisit | null,
): unknown {
  switch (source.from) {
    case "patient":
      return patientValue(patient, source.key);
    case "custom":
      return patient.custom_fields[source.field];
    case "visit":
      return visit ? visitValue(visit, source.key) : null;
    case "data":
      return visit?.data_fields[source.field];
    case "continuing": {
      const answer = visit?.data_fields.therapy_switch;
      return answer && typeof answer === "object"
        ? (answer as Record<string, unknown>).is_continuing_therapy
        : null;
    }
    case "calc":
      return visit?.calculated_values[source.name];
    case "line":
      return visit?.therapy_line ? lineValue(visit.therapy_line, source.key) : null;
    case "switch":
      return visit?.therapy_line?.switch_data?.[source.field];
    case "missing":
      return source.entity === "patient" ? patient.missing?.[source.field] : visit?.missing?.[source.field];
  }
}

function patientValue(patient: ExportPatient, key: PatientColumnKey): unknown {
  switch (key) {
    case "id":
      return patient.id;
    case "medical_group":
      return patient.medical_group_code;
    default:
      return patient[key];
  }
}

function visitValue(visit: ExportVisit, key: VisitColumnKey): unknown {
  return key === "locked" ? visit.is_locked : visit[key];
}

function lineValue(line: ExportTherapyLine, key: LineColumnKey): unknown {
  return line[key];
}

/** The fields an export carries: every field of the entity, identifiers only when not de-identified. */
export function exportedFields(
  config: StudyConfig,
  entity: "patient" | "visit",
  options: ColumnOptions,
): DataField[] {
  return fieldsForEntity(config.data_fields, entity).filter(
    (field) => !(options.deidentify && field.identifier === true),
  );
}

/** The configuration as an export describes it (dictionary, ODM metadata): without identifier fields when de-identified. */
export function exportedConfig(config: StudyConfig, options: ColumnOptions): StudyConfig {
  if (!options.deidentify) return config;
  return { ...config, data_fields: config.data_fields.filter((field) => field.identifier !== true) };
}

function fieldColumn(field: DataField, source: ColumnSource): ExportColumn {
  const column = col(field.name, field.label, columnType(field), source);
  return field.options && field.options.length > 0 ? { ...column, options: field.options } : column;
}

/** The cell type of a data field (types the renderer does not know are exported as text). */
export function columnType(field: Pick<DataField, "type">): ColumnType {
  switch (field.type) {
    case "number":
      return "number";
    case "date":
      return "date";
    case "month":
      return "month";
    case "boolean":
    case "checkbox":
      return "boolean";
    case "select":
    case "radio":
      return "category";
    case "multiselect":
      return "multi";
    case "array":
      return "json";
    default:
      return "text";
  }
}

/** Threshold calculations answer yes/no, the arithmetic ones a number; an expression anything. */
function calculationType(formula: CalculationFormula): ColumnType {
  switch (formula.type) {
    case "threshold":
      return "boolean";
    case "custom_expression":
      return "json";
    default:
      return "number";
  }
}

function col(name: string, label: string, type: ColumnType, source: ColumnSource): ExportColumn {
  return { name, label, type, source };
}

function uniqueNames(columns: ExportColumn[]): ExportColumn[] {
  const used = new Set<string>();
  return columns.map((column) => {
    let name = column.name;
    for (let n = 2; used.has(name); n++) name = `${column.name}__${n}`;
    used.add(name);
    return name === column.name ? column : { ...column, name };
  });
}
