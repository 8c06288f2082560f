/**
 * The study configuration as ODM metadata (decision 0016): study events, forms, item groups, items and
 * code lists, with their OIDs and the markup prefixes the subject writer reuses.
 *
 * Shape: a non-repeating enrollment event holds the patient-level data (the patient's columns,
 * then one form per patient category, then "Other" for fields without a known category); one
 * repeating event per visit type holds the visit forms (the visit's columns, one form per visit
 * category, "Other", "Calculated", "Therapy line"). Every visit event shares the same forms, as
 * every visit type has the same fields. Each form has exactly one item group of the same name.
 */
import type { Category, DataField, StudyConfig } from "@/lib/schemas/study-config";
import { OidAllocator } from "./odm-oids";
import {
  calculationSpec,
  dataFieldSpec,
  missingCodeSpec,
  patientColumnSpecs,
  therapyLineSpecs,
  visitColumnSpecs,
  type OdmItemSpec,
} from "./odm-item-specs";
import type {
  OdmCodeList,
  OdmForm,
  OdmItem,
  OdmItemGroup,
  OdmMeasurementUnit,
  OdmModel,
  OdmStudyEvent,
} from "./odm-model";
import { SOURCE } from "./odm-model";
import { REVIEW_CODE_LISTS } from "./odm-annotations";
import { plainDecimal } from "./odm-values";
import { escapeXml } from "./xml-escape";

const byOrder = <T extends { order?: number }>(list: readonly T[]): T[] =>
  list
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.order ?? 0) - (b.entry.order ?? 0) || a.index - b.index)
    .map(({ entry }) => entry);

/** ODM names must not be empty; a blank label falls back to the code it labels. */
const nameOf = (label: string | undefined, fallback: string) => (label && label.trim() ? label : fallback);

/** A field's item, then its missing-data code's companion item (decision 0023). */
const fieldSpecs = (field: DataField): OdmItemSpec[] => [dataFieldSpec(field), missingCodeSpec(field)];

class ModelBuilder {
  readonly oids = new OidAllocator();
  readonly forms: OdmForm[] = [];
  readonly groups: OdmItemGroup[] = [];
  readonly items: OdmItem[] = [];
  readonly codeLists: OdmCodeList[] = [];
  readonly measurementUnits: OdmMeasurementUnit[] = [
    { oid: "MU.CM", name: "cm", symbol: "cm" },
    { oid: "MU.KG", name: "kg", symbol: "kg" },
  ];
  /** Identical option lists share one CodeList (the demo's biologics serve two fields). */
  private readonly codeListByOptions = new Map<string, string>();

  constructor() {
    for (const unit of this.measurementUnits) this.oids.allocate("MU.", unit.oid.slice("MU.".length));
  }

  private codeList(spec: OdmItemSpec): string | null {
    if (!spec.options) return null;
    const seen = new Set<string>();
    const items = [];
    // A repeated coded value would decode two ways: the first label wins. An empty value is the
    // "nothing chosen" entry of a select, never stored as an answer.
    for (const option of spec.options) {
      if (option.value === "" || seen.has(option.value)) continue;
      seen.add(option.value);
      items.push({ codedValue: option.value, decode: option.label });
    }
    if (items.length === 0) return null;
    const key = JSON.stringify(items);
    const known = this.codeListByOptions.get(key);
    if (known) return known;
    const oid = this.oids.allocate("CL.", spec.name);
    this.codeLists.push({ oid, name: nameOf(spec.label, spec.name), items });
    this.codeListByOptions.set(key, oid);
    return oid;
  }

  private item(prefix: string, spec: OdmItemSpec): OdmItem {
    const oid = this.oids.allocate(prefix, spec.name);
    const rangeChecks = [];
    const min = spec.min === null ? null : plainDecimal(spec.min);
    const max = spec.max === null ? null : plainDecimal(spec.max);
    if (min !== null) rangeChecks.push({ comparator: "GE" as const, value: min });
    if (max !== null) rangeChecks.push({ comparator: "LE" as const, value: max });
    const item: OdmItem = {
      oid,
      name: nameOf(spec.name, oid),
      dataType: spec.dataType,
      kind: spec.kind,
      question: nameOf(spec.label, spec.name || oid),
      description: spec.description,
      mandatory: spec.mandatory,
      codeListOid: this.codeList(spec),
      measurementUnitOid: spec.unit === "cm" ? "MU.CM" : spec.unit === "kg" ? "MU.KG" : null,
      rangeChecks,
      source: spec.source,
      key: spec.key,
      auditKey: spec.auditKey,
      dataOpen: `<ItemData ItemOID="${escapeXml(oid)}" Value="`,
      nullOpen: `<ItemData ItemOID="${escapeXml(oid)}" IsNull="Yes">`,
    };
    this.items.push(item);
    return item;
  }

  /** A form with its one item group; forms without items are left out (ODM allows them, readers do not need them). */
  form(code: string, name: string, itemPrefix: string, specs: OdmItemSpec[]): OdmForm | null {
    if (specs.length === 0) return null;
    const groupOid = this.oids.allocate("IG.", code);
    const group: OdmItemGroup = {
      oid: groupOid,
      name,
      items: specs.map((spec) => this.item(itemPrefix, spec)),
      dataOpen: `<ItemGroupData ItemGroupOID="${escapeXml(groupOid)}">`,
    };
    const formOid = this.oids.allocate("F.", code);
    const form: OdmForm = {
      oid: formOid,
      name,
      groups: [group],
      dataOpen: `<FormData FormOID="${escapeXml(formOid)}">`,
    };
    this.groups.push(group);
    this.forms.push(form);
    return form;
  }

  /** The category forms of one entity, then "Other" for fields whose category is missing or of the other entity. */
  categoryForms(entity: "patient" | "visit", categories: Category[], fields: DataField[]): OdmForm[] {
    const mine = byOrder(categories.filter((category) => category.entity === entity));
    const known = new Set(mine.map((category) => category.code));
    const ordered = byOrder(fields.filter((field) => field.entity === entity));
    const prefix = entity === "patient" ? "P." : "V.";
    const forms: (OdmForm | null)[] = mine.map((category) =>
      this.form(
        prefix + category.code,
        nameOf(category.label, category.code),
        `IT.${prefix}`,
        ordered.filter((field) => field.category === category.code).flatMap(fieldSpecs),
      ),
    );
    const other = ordered.filter((field) => !field.category || !known.has(field.category));
    forms.push(this.form(`${prefix}OTHER`, "Other", `IT.${prefix}`, other.flatMap(fieldSpecs)));
    return forms.filter((form): form is OdmForm => form !== null);
  }

  event(
    oid: string,
    name: string,
    options: Pick<OdmStudyEvent, "description" | "repeating" | "type" | "mandatory">,
    forms: OdmForm[],
  ): OdmStudyEvent {
    // The record's own columns and fields (sources 0 and 1): what a verification or a query names.
    const itemKeys = new Set(
      forms
        .flatMap((form) =>
          form.groups.flatMap((group) =>
            group.items.filter(
              (item) => item.source === SOURCE.patient || item.source === SOURCE.customFields,
            ),
          ),
        )
        .map((item) => item.key),
    );
    return {
      oid,
      name,
      ...options,
      forms,
      dataOpen: `<StudyEventData StudyEventOID="${escapeXml(oid)}"`,
      itemKeys,
    };
  }
}

export function buildOdmModel(config: StudyConfig): OdmModel {
  const builder = new ModelBuilder();
  // Fixed OIDs first, so a study's own code can never take them.
  for (const list of REVIEW_CODE_LISTS) builder.oids.allocate("CL.", list.oid.slice("CL.".length));
  builder.codeLists.push(...REVIEW_CODE_LISTS.map((list) => ({ ...list, items: [...list.items] })));
  const enrollmentOid = builder.oids.allocate("SE.", "ENROLLMENT");
  const otherVisitOid = builder.oids.allocate("SE.", "OTHER_VISIT");
  const patientForm = builder.form("PATIENT", "Patient", "IT.PATIENT.", patientColumnSpecs());
  const visitForm = builder.form("VISIT", "Visit", "IT.VISIT.", visitColumnSpecs());

  const enrollmentForms = [
    patientForm,
    ...builder.categoryForms("patient", config.categories, config.data_fields),
  ];
  const visitForms = [
    visitForm,
    ...builder.categoryForms("visit", config.categories, config.data_fields),
    builder.form("CALCULATED", "Calculated", "IT.CALC.", config.calculations.map(calculationSpec)),
    builder.form(
      "THERAPY_LINE",
      "Therapy line",
      "IT.TL.",
      therapyLineSpecs(config.therapy_switch_config.switch_fields),
    ),
  ].filter((form): form is OdmForm => form !== null);

  const enrollment = builder.event(
    enrollmentOid,
    "Enrollment",
    {
      description: "Patient-level data recorded at enrollment",
      repeating: false,
      type: "Scheduled",
      mandatory: true,
    },
    enrollmentForms.filter((form): form is OdmForm => form !== null),
  );
  const visitEvents = new Map<string, OdmStudyEvent>();
  const events = [enrollment];
  for (const visitType of byOrder(config.visit_types)) {
    if (visitEvents.has(visitType.code)) continue;
    const event = builder.event(
      builder.oids.allocate("SE.", visitType.code),
      nameOf(visitType.label, visitType.code),
      {
        description: visitType.description?.trim() ? visitType.description : null,
        repeating: true,
        type: "Scheduled",
        mandatory: false,
      },
      visitForms,
    );
    visitEvents.set(visitType.code, event);
    events.push(event);
  }
  const otherVisitEvent = builder.event(
    otherVisitOid,
    "Visit of an unlisted type",
    {
      description:
        "Visits whose type the study configuration no longer lists (the Visit form keeps the code)",
      repeating: true,
      type: "Unscheduled",
      mandatory: false,
    },
    visitForms,
  );
  events.push(otherVisitEvent);

  return {
    events,
    enrollment,
    visitEvents,
    otherVisitEvent,
    forms: builder.forms,
    groups: builder.groups,
    items: builder.items,
    codeLists: builder.codeLists,
    measurementUnits: builder.measurementUnits,
  };
}
