/**
 * The study's ODM metadata as the writer uses it (decision 0016): built once per export by
 * `build-odm-model.ts`, then read for every subject. Each definition carries its precomputed
 * markup prefix so the per-subject work is string concatenation only.
 */
import type { OdmValueKind } from "./odm-values";

/** ODM 1.3.2 DataType values this export uses. */
export type OdmDataType = "text" | "integer" | "float" | "boolean" | "date" | "partialDate";

/**
 * Which object of a subject an item reads its value from. Patient items read the patient row or
 * its custom fields; visit items the visit row, its data fields, its calculated values, its
 * therapy line or that line's switch answers.
 */
export const SOURCE = {
  patient: 0,
  customFields: 1,
  visit: 0,
  dataFields: 1,
  calculatedValues: 2,
  therapyLine: 3,
  switchData: 4,
  /** The patient's or the visit's missing-data codes (decision 0023), for either entity. */
  missing: 5,
} as const;

export type OdmRangeCheck = { comparator: "GE" | "LE"; value: string };

export type OdmItem = {
  oid: string;
  name: string;
  dataType: OdmDataType;
  kind: OdmValueKind;
  question: string;
  description: string | null;
  mandatory: boolean;
  codeListOid: string | null;
  measurementUnitOid: string | null;
  rangeChecks: OdmRangeCheck[];
  /** Index into the subject's source objects (`SOURCE`). */
  source: number;
  /** Key of the value in its source object. */
  key: string;
  /** Key of the audit attribution that dates this item (see `odm-audit.ts`). */
  auditKey: string;
  /** `<ItemData ItemOID="…" Value="`: the value, then `"/>` or `">` + AuditRecord + `</ItemData>`. */
  dataOpen: string;
  /** `<ItemData ItemOID="…" IsNull="Yes">`: an item without a value that carries review annotations. */
  nullOpen: string;
};

export type OdmItemGroup = {
  oid: string;
  name: string;
  items: OdmItem[];
  /** `<ItemGroupData ItemGroupOID="…">` */
  dataOpen: string;
};

export type OdmForm = {
  oid: string;
  name: string;
  groups: OdmItemGroup[];
  /** `<FormData FormOID="…">` */
  dataOpen: string;
};

export type OdmStudyEvent = {
  oid: string;
  name: string;
  description: string | null;
  repeating: boolean;
  type: "Scheduled" | "Unscheduled";
  mandatory: boolean;
  forms: OdmForm[];
  /** `<StudyEventData StudyEventOID="…"` (a repeating event adds its repeat key). */
  dataOpen: string;
  /** Keys of the record's fields its forms write as items (the patient's or visit's columns and fields). */
  itemKeys: ReadonlySet<string>;
};

export type OdmCodeList = {
  oid: string;
  name: string;
  items: { codedValue: string; decode: string }[];
};

export type OdmMeasurementUnit = { oid: string; name: string; symbol: string };

export type OdmModel = {
  /** The enrollment event, then one per visit type in the study's order, then the catch-all. */
  events: OdmStudyEvent[];
  enrollment: OdmStudyEvent;
  /** Visit type code → its event. */
  visitEvents: Map<string, OdmStudyEvent>;
  /** For visits whose type the configuration no longer lists. */
  otherVisitEvent: OdmStudyEvent;
  /** Every form, group and item once, in definition order. */
  forms: OdmForm[];
  groups: OdmItemGroup[];
  items: OdmItem[];
  codeLists: OdmCodeList[];
  measurementUnits: OdmMeasurementUnit[];
};
