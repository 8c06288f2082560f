/**
 * What each kind of exported value becomes as an ODM ItemDef (decision 0016): the study's data fields,
 * the patient's standard columns, the visit's own columns, the study's calculations and the therapy
 * line. Pure descriptions; `build-odm-model.ts` gives them OIDs and places them in forms.
 */
import type { Calculation, DataField, FieldOption, TherapySwitchField } from "@/lib/schemas/study-config";
import { SOURCE, type OdmDataType } from "./odm-model";
import type { OdmValueKind } from "./odm-values";

export type OdmItemSpec = {
  /** The part of the OID after its prefix, and the ItemDef's Name. */
  name: string;
  label: string;
  description: string | null;
  dataType: OdmDataType;
  kind: OdmValueKind;
  mandatory: boolean;
  options: readonly FieldOption[] | null;
  min: number | null;
  max: number | null;
  unit: "cm" | "kg" | null;
  source: number;
  key: string;
  auditKey: string;
};

/**
 * ODM DataType for a field type. `number` stays float: a study's min/max never promise whole
 * numbers (PASI has tenths). multiselect and array hold JSON text (documented in docs/odm-export.md);
 * a type the registry does not know is exported as text rather than dropped.
 */
export function odmTypeOfField(type: string): { dataType: OdmDataType; kind: OdmValueKind } {
  switch (type) {
    case "number":
      return { dataType: "float", kind: "float" };
    case "date":
      return { dataType: "date", kind: "date" };
    case "month":
      return { dataType: "partialDate", kind: "partialDate" };
    case "boolean":
    case "checkbox":
      return { dataType: "boolean", kind: "boolean" };
    case "multiselect":
    case "array":
      return { dataType: "text", kind: "json" };
    case "text":
    case "textarea":
    case "email":
    case "select":
    case "radio":
      return { dataType: "text", kind: "text" };
    default:
      return { dataType: "text", kind: "any" };
  }
}

/** Types whose options form a code list (a multiselect's JSON array is not one coded value). */
const CODED_TYPES = new Set(["select", "radio"]);

const blankToNull = (text: string | undefined): string | null => (text && text.trim() ? text : null);

type SpecBase = Pick<OdmItemSpec, "name" | "label" | "source" | "key" | "auditKey">;

function spec(base: SpecBase, dataType: OdmDataType, rest: Partial<OdmItemSpec> = {}): OdmItemSpec {
  return {
    description: null,
    kind: dataType,
    mandatory: false,
    options: null,
    min: null,
    max: null,
    unit: null,
    dataType,
    ...base,
    ...rest,
  };
}

/** A study data field of the patient (custom fields) or the visit (data fields). */
export function dataFieldSpec(field: DataField): OdmItemSpec {
  const { dataType, kind } = odmTypeOfField(field.type);
  const patient = field.entity === "patient";
  const validation = field.validation ?? {};
  return spec(
    {
      name: field.name,
      label: field.label,
      source: patient ? SOURCE.customFields : SOURCE.dataFields,
      key: field.name,
      auditKey: `${patient ? "custom_fields" : "data_fields"}.${field.name}`,
    },
    dataType,
    {
      kind,
      description: blankToNull(field.description),
      // Mandatory only when always asked: a show_if or required_if field may rightly be absent.
      mandatory: validation.required === true && !field.show_if && !field.required_if,
      options: CODED_TYPES.has(field.type) && field.options?.length ? field.options : null,
      min: dataType === "float" ? (validation.min ?? null) : null,
      max: dataType === "float" ? (validation.max ?? null) : null,
    },
  );
}

/**
 * The companion item of a study field, `{field}__missing` (OID `IT.P.{field}__missing` or
 * `IT.V.{field}__missing`): the missing-data code given instead of the field's value (decision
 * 0023). The field's own ItemData is then absent (a code is never its value) and this one carries
 * the code; a field with a value has no companion ItemData.
 */
export function missingCodeSpec(field: DataField): OdmItemSpec {
  return spec(
    {
      name: `${field.name}__missing`,
      label: `${field.label} (missing-data code)`,
      source: SOURCE.missing,
      key: field.name,
      auditKey: `missing.${field.name}`,
    },
    "text",
    {
      description: `Missing-data code given instead of a value for ${field.name}`,
    },
  );
}

const SEX_OPTIONS: FieldOption[] = [
  { value: "M", label: "Male" },
  { value: "F", label: "Female" },
];

/** The patient row's own columns, read from `ExportPatient`. */
export function patientColumnSpecs(): OdmItemSpec[] {
  const column = (name: string, key: string, auditKey = key) => ({
    name,
    label: "",
    source: SOURCE.patient,
    key,
    auditKey,
  });
  return [
    spec({ ...column("BIRTH_DATE", "birth_date"), label: "Birth date" }, "date", { mandatory: true }),
    spec({ ...column("SEX", "sex"), label: "Sex" }, "text", { mandatory: true, options: SEX_OPTIONS }),
    spec({ ...column("HEIGHT_CM", "height_cm"), label: "Height (cm)" }, "float", { unit: "cm" }),
    spec({ ...column("WEIGHT_KG", "weight_kg"), label: "Weight (kg)" }, "float", { unit: "kg" }),
    spec(
      { ...column("NAIVE_SYSTEMIC", "naive_systemic"), label: "Naive to conventional systemic therapy" },
      "boolean",
    ),
    spec({ ...column("NAIVE_BIOLOGIC", "naive_biologic"), label: "Naive to biologic therapy" }, "boolean"),
    spec(
      // The audit rows name the group by id; the export carries its code.
      { ...column("MEDICAL_GROUP", "medical_group_code", "medical_group_id"), label: "Medical group" },
      "text",
    ),
  ];
}

/** The visit row's own columns (its date, its type code and the protocol version in force). */
export function visitColumnSpecs(): OdmItemSpec[] {
  const column = (name: string, label: string, key: string, auditKey = key) => ({
    name,
    label,
    source: SOURCE.visit,
    key,
    auditKey,
  });
  return [
    spec(column("DATE", "Visit date", "visit_date"), "date", { mandatory: true }),
    spec(column("TYPE", "Visit type", "visit_type"), "text", { mandatory: true }),
    spec(
      column("PROTOCOL_VERSION", "Protocol version", "protocol_version", "protocol_version_id"),
      "integer",
    ),
  ];
}

/** DataType of a calculation's result. A custom expression may give anything: text. */
function calculationType(calculation: Calculation): OdmDataType {
  switch (calculation.formula.type) {
    case "threshold":
      return "boolean";
    case "custom_expression":
      return "text";
    default:
      return "float";
  }
}

export function calculationSpec(calculation: Calculation): OdmItemSpec {
  const dataType = calculationType(calculation);
  return spec(
    {
      name: calculation.name,
      label: calculation.label || calculation.name,
      source: SOURCE.calculatedValues,
      key: calculation.name,
      auditKey: `calculated_values.${calculation.name}`,
    },
    dataType,
    { kind: dataType === "text" ? "any" : dataType, description: blankToNull(calculation.description) },
  );
}

/** The therapy line a visit belongs to, and the switch answers that opened it. */
export function therapyLineSpecs(switchFields: readonly TherapySwitchField[]): OdmItemSpec[] {
  // A visit moves to another line through its therapy_line_id; a line's own edits are not audit
  // rows of the visit, so the visit's change of line (or its creation) dates these items.
  const line = (name: string, label: string, key: string) => ({
    name,
    label,
    source: SOURCE.therapyLine,
    key,
    auditKey: "therapy_line_id",
  });
  const specs = [
    spec(line("LINE_NUMBER", "Therapy line number", "line_number"), "integer"),
    spec(line("THERAPY_NAME", "Therapy", "therapy_name"), "text"),
    spec(line("START_DATE", "Therapy start date", "start_date"), "date"),
    spec(line("END_DATE", "Therapy end date", "end_date"), "date"),
    spec(line("SWITCH_REASON", "Switch reason", "switch_reason"), "text"),
  ];
  for (const field of switchFields) {
    const { dataType, kind } = odmTypeOfField(field.type);
    specs.push(
      spec(
        {
          name: `SW.${field.name}`,
          label: field.label,
          source: SOURCE.switchData,
          key: field.name,
          auditKey: "data_fields.therapy_switch",
        },
        dataType,
        { kind, options: field.type === "select" && field.options?.length ? field.options : null },
      ),
    );
  }
  return specs;
}
