/**
 * What the ODM export says (decision 0016), read back with a DOM parser: definitions are unique and
 * referenced consistently, values round-trip, empty values are left out, code lists decode, and
 * audit records date each value by the change that made it.
 */
import { describe, expect, it } from "vitest";
import type { ExportPatient } from "@/lib/exports/export-records";
import {
  AWKWARD_TEXT,
  CONTROL_TEXT_READ_BACK,
  awkwardPatients,
  demoConfig,
  odmElements,
  parseXml,
  writeOdm,
} from "./odm-fixture";

const attr = (element: Element, name: string) => element.getAttribute(name);

/** What a string reads back as: characters XML 1.0 cannot carry become U+FFFD. */
const xmlSafe = (text: string) =>
  text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\uFFFD",
  );

/** Definitions by OID, and each ItemData's value by event, repeat key and item. */
function read(xml: string) {
  const document = parseXml(xml);
  const byOid = (name: string) => new Map(odmElements(document, name).map((e) => [attr(e, "OID")!, e]));
  const subjects = new Map(odmElements(document, "SubjectData").map((s) => [attr(s, "SubjectKey")!, s]));
  return {
    document,
    events: byOid("StudyEventDef"),
    forms: byOid("FormDef"),
    groups: byOid("ItemGroupDef"),
    items: byOid("ItemDef"),
    codeLists: byOid("CodeList"),
    subjects,
    /** ItemData of one subject: `ENROLLMENT` or the visit number, then the ItemOID. */
    itemData(subjectKey: string, event: "ENROLLMENT" | number, itemOid: string): Element | undefined {
      const subject = subjects.get(subjectKey);
      if (!subject) throw new Error(`no subject ${subjectKey}`);
      const eventData = odmElements(subject, "StudyEventData").find((e) =>
        event === "ENROLLMENT"
          ? attr(e, "StudyEventOID") === "SE.ENROLLMENT"
          : attr(e, "StudyEventRepeatKey") === String(event),
      );
      return eventData && odmElements(eventData, "ItemData").find((d) => attr(d, "ItemOID") === itemOid);
    },
  };
}

const patients = awkwardPatients();
const [first, second, third] = patients as [ExportPatient, ExportPatient, ExportPatient];
const plain = read(writeOdm(patients, { includeAudit: false }));
const audited = read(writeOdm(patients, { includeAudit: true }));
const value = (subject: ExportPatient, event: "ENROLLMENT" | number, oid: string) =>
  plain.itemData(subject.code, event, oid)?.getAttribute("Value");

describe("ODM export: metadata", () => {
  it("gives every definition an OID used by no other definition", () => {
    const kinds = [
      "StudyEventDef",
      "FormDef",
      "ItemGroupDef",
      "ItemDef",
      "CodeList",
      "MeasurementUnit",
      "User",
      "Location",
    ];
    const oids = kinds.flatMap((kind) => odmElements(audited.document, kind).map((e) => attr(e, "OID")));
    expect(oids.length).toBeGreaterThan(90);
    expect(oids.every((oid) => typeof oid === "string" && /^[A-Za-z0-9._-]+$/.test(oid))).toBe(true);
    expect(new Set(oids).size).toBe(oids.length);
  });

  it("has an enrollment event, one repeating event per visit type in order, and the catch-all", () => {
    const refs = odmElements(plain.document, "StudyEventRef").map((e) => attr(e, "StudyEventOID"));
    expect(refs).toEqual([
      "SE.ENROLLMENT",
      "SE.baseline",
      "SE.week_4",
      "SE.week_12",
      "SE.week_24",
      "SE.week_52",
      "SE.unscheduled",
      "SE.OTHER_VISIT",
    ]);
    expect(attr(plain.events.get("SE.ENROLLMENT")!, "Repeating")).toBe("No");
    expect(attr(plain.events.get("SE.week_4")!, "Repeating")).toBe("Yes");
    expect(attr(plain.events.get("SE.week_4")!, "Name")).toBe("Week 4");
    const formsOf = (oid: string) =>
      odmElements(plain.events.get(oid)!, "FormRef").map((e) => attr(e, "FormOID"));
    expect(formsOf("SE.ENROLLMENT")).toEqual([
      "F.PATIENT",
      "F.P.demographic",
      "F.P.comorbidities",
      "F.P.therapy_history",
    ]);
    expect(formsOf("SE.week_4")).toEqual([
      "F.VISIT",
      "F.V.efficacy",
      "F.V.safety",
      "F.CALCULATED",
      "F.THERAPY_LINE",
    ]);
  });

  it("maps field types to ODM DataTypes, with questions, range checks, units and code lists", () => {
    const item = (oid: string) => plain.items.get(oid)!;
    const types = Object.fromEntries([...plain.items].map(([oid, e]) => [oid, attr(e, "DataType")]));
    expect(types).toMatchObject({
      "IT.P.psoriasis_onset": "partialDate",
      "IT.P.psoriasis_phenotypes": "text",
      "IT.P.biologic_history": "text",
      "IT.P.family_history_psoriasis": "boolean",
      "IT.P.prev_methotrexate": "boolean",
      "IT.P.smoking_status": "text",
      "IT.V.pasi_score": "float",
      "IT.V.ae_onset_date": "date",
      "IT.V.sae_report_email": "text",
      "IT.CALC.pasi_improvement": "float",
      "IT.CALC.pasi75_achieved": "boolean",
      "IT.CALC.pasi_percent_of_max": "text",
      "IT.PATIENT.BIRTH_DATE": "date",
      "IT.PATIENT.HEIGHT_CM": "float",
      "IT.VISIT.PROTOCOL_VERSION": "integer",
      "IT.TL.LINE_NUMBER": "integer",
      "IT.TL.SW.switch_date": "date",
    });
    expect(odmElements(item("IT.V.pasi_score"), "TranslatedText")[1]?.textContent).toBe("PASI");
    const checks = odmElements(item("IT.V.pasi_score"), "RangeCheck").map(
      (e) => `${attr(e, "Comparator")} ${e.textContent} ${attr(e, "SoftHard")}`,
    );
    expect(checks).toEqual(["GE 0 Hard", "LE 72 Hard"]);
    expect(
      attr(odmElements(item("IT.PATIENT.HEIGHT_CM"), "MeasurementUnitRef")[0]!, "MeasurementUnitOID"),
    ).toBe("MU.CM");
    // A multiselect's JSON array is not one coded value: no code list for it.
    expect(odmElements(item("IT.P.psoriasis_phenotypes"), "CodeListRef")).toHaveLength(0);
    // The demo's biologics list serves two fields: one CodeList.
    const codeList = (oid: string) => attr(odmElements(item(oid), "CodeListRef")[0]!, "CodeListOID");
    expect(codeList("IT.V.current_therapy")).toBe(codeList("IT.TL.SW.new_therapy"));
    const sex = plain.codeLists.get(codeList("IT.PATIENT.SEX")!)!;
    expect(odmElements(sex, "CodeListItem").map((e) => attr(e, "CodedValue"))).toEqual(["M", "F"]);
  });

  it("puts every field of the configuration in exactly one item group, and no identifier field the caller removed", () => {
    const config = demoConfig();
    const referenced = odmElements(plain.document, "ItemRef").map((e) => attr(e, "ItemOID"));
    expect(new Set(referenced).size).toBe(referenced.length);
    for (const field of config.data_fields) {
      expect(referenced).toContain(`IT.${field.entity === "patient" ? "P" : "V"}.${field.name}`);
    }
    const deidentified = { ...config, data_fields: config.data_fields.filter((field) => !field.identifier) };
    const xml = writeOdm(patients, { includeAudit: false, config: deidentified });
    expect(xml).not.toContain("hospital_record_number");
    expect(plain.items.has("IT.P.hospital_record_number")).toBe(true);
  });
});

describe("ODM export: clinical data", () => {
  it("writes every ItemData under a group, form and event whose definitions reference it", () => {
    let checked = 0;
    for (const eventData of odmElements(plain.document, "StudyEventData")) {
      const eventDef = plain.events.get(attr(eventData, "StudyEventOID")!)!;
      const formOids = odmElements(eventDef, "FormRef").map((e) => attr(e, "FormOID"));
      for (const formData of odmElements(eventData, "FormData")) {
        expect(formOids).toContain(attr(formData, "FormOID"));
        const formDef = plain.forms.get(attr(formData, "FormOID")!)!;
        const groupOids = odmElements(formDef, "ItemGroupRef").map((e) => attr(e, "ItemGroupOID"));
        for (const groupData of odmElements(formData, "ItemGroupData")) {
          expect(groupOids).toContain(attr(groupData, "ItemGroupOID"));
          const groupDef = plain.groups.get(attr(groupData, "ItemGroupOID")!)!;
          const itemOids = odmElements(groupDef, "ItemRef").map((e) => attr(e, "ItemOID"));
          for (const itemData of odmElements(groupData, "ItemData")) {
            expect(itemOids).toContain(attr(itemData, "ItemOID"));
            expect(attr(itemData, "Value")).not.toBe("");
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("writes coded values that its code lists decode", () => {
    let checked = 0;
    for (const itemData of odmElements(plain.document, "ItemData")) {
      const ref = odmElements(plain.items.get(attr(itemData, "ItemOID")!)!, "CodeListRef")[0];
      if (!ref) continue;
      const list = plain.codeLists.get(attr(ref, "CodeListOID")!)!;
      const codes = odmElements(list, "CodeListItem").map((e) => attr(e, "CodedValue"));
      expect(codes).toContain(attr(itemData, "Value"));
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    const biologics = plain.codeLists.get("CL.current_therapy")!;
    const adalimumab = odmElements(biologics, "CodeListItem").find(
      (e) => attr(e, "CodedValue") === "adalimumab",
    )!;
    expect(adalimumab.textContent).toBe("Adalimumab");
  });

  it("round-trips values: text, JSON of multiselect and array answers, numbers, booleans, dates", () => {
    const custom = first.custom_fields;
    expect(value(first, "ENROLLMENT", "IT.P.nail_involvement_notes")).toBe(AWKWARD_TEXT);
    expect(value(first, "ENROLLMENT", "IT.P.systemic_history_notes")).toBe(CONTROL_TEXT_READ_BACK);
    expect(JSON.parse(value(first, "ENROLLMENT", "IT.P.psoriasis_phenotypes")!)).toEqual(["plaque", "nail"]);
    expect(JSON.parse(value(first, "ENROLLMENT", "IT.P.biologic_history")!)).toEqual(custom.biologic_history);
    expect(value(first, "ENROLLMENT", "IT.P.psoriasis_onset")).toBe(custom.psoriasis_onset);
    expect(value(first, "ENROLLMENT", "IT.P.diabetes")).toBe(String(custom.diabetes));
    expect(value(first, "ENROLLMENT", "IT.PATIENT.BIRTH_DATE")).toBe(first.birth_date);
    expect(value(first, "ENROLLMENT", "IT.PATIENT.SEX")).toBe(first.sex);
    expect(value(first, "ENROLLMENT", "IT.PATIENT.WEIGHT_KG")).toBe(String(first.weight_kg));
    expect(value(first, "ENROLLMENT", "IT.PATIENT.MEDICAL_GROUP")).toBe("G2");
    expect(plain.subjects.has(`PSO <"second"> & 'co'`)).toBe(true);
    expect(value(first, 1, "IT.V.clinical_notes")).toBe(AWKWARD_TEXT);
    expect(value(first, 2, "IT.V.clinical_notes")).toBe(CONTROL_TEXT_READ_BACK);
    expect(value(first, 3, "IT.V.pasi_score")).toBe("0.0000001");

    // Every visit answer of the configuration, generically.
    const visitFields = demoConfig().data_fields.filter((field) => field.entity === "visit");
    let checked = 0;
    for (const patient of [first, second]) {
      for (const visit of patient.visits) {
        expect(value(patient, visit.visit_number, "IT.VISIT.DATE")).toBe(visit.visit_date);
        for (const field of visitFields) {
          const stored = visit.data_fields[field.name];
          const written = value(patient, visit.visit_number, `IT.V.${field.name}`);
          if (
            stored === undefined ||
            stored === null ||
            stored === "" ||
            (Array.isArray(stored) && stored.length === 0)
          ) {
            expect(written).toBeUndefined();
          } else if (Array.isArray(stored)) {
            expect(JSON.parse(written!)).toEqual(stored);
          } else if (typeof stored === "number") {
            expect(written).toMatch(/^-?\d+(\.\d+)?$/);
            expect(Number(written)).toBe(stored);
          } else {
            expect(written).toBe(typeof stored === "string" ? xmlSafe(stored) : String(stored));
          }
          checked++;
        }
        for (const [name, stored] of Object.entries(visit.calculated_values)) {
          expect(value(patient, visit.visit_number, `IT.CALC.${name}`)).toBe(String(stored));
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("emits nothing for empty values: empty text, null, an empty list, keys the configuration does not define", () => {
    expect(value(first, "ENROLLMENT", "IT.P.other_comorbidity_details")).toBeUndefined();
    expect(value(first, "ENROLLMENT", "IT.P.smoking_status")).toBeUndefined();
    expect(value(first, 2, "IT.V.special_sites")).toBeUndefined();
    expect(value(first, 3, "IT.V.bsa_percent")).toBeUndefined();
    expect(value(second, "ENROLLMENT", "IT.PATIENT.HEIGHT_CM")).toBeUndefined();
    expect(value(second, "ENROLLMENT", "IT.PATIENT.MEDICAL_GROUP")).toBeUndefined();
    expect(odmElements(plain.document, "ItemData").some((e) => attr(e, "Value") === "")).toBe(false);
    const xml = writeOdm([first], { includeAudit: false });
    expect(xml).not.toContain("never exported");
    expect(xml).not.toContain("unknown_key_not_in_config");
  });

  it("writes one event per visit keyed by visit number; repeated and unlisted visit types keep their data", () => {
    const events = (subject: ExportPatient) =>
      odmElements(plain.subjects.get(subject.code)!, "StudyEventData").map(
        (e) => `${attr(e, "StudyEventOID")}#${attr(e, "StudyEventRepeatKey") ?? ""}`,
      );
    expect(events(second)).toEqual([
      "SE.ENROLLMENT#",
      "SE.baseline#1",
      "SE.week_4#2",
      "SE.week_12#3",
      "SE.week_24#4",
      "SE.week_52#5",
      "SE.week_52#6",
      "SE.week_52#7",
      "SE.unscheduled#8",
      "SE.unscheduled#9",
      "SE.OTHER_VISIT#10",
    ]);
    expect(value(second, 10, "IT.VISIT.TYPE")).toBe("legacy_type");
    expect(value(second, 10, "IT.V.pasi_score")).toBe(String(second.visits[9]!.data_fields.pasi_score));
    // A patient without visits still has its enrollment data.
    expect(events(third)).toEqual(["SE.ENROLLMENT#"]);
  });

  it("carries the therapy line of each visit, with the switch answers that opened the second line", () => {
    const switched = second.visits.find((visit) => visit.therapy_line?.line_number === 2)!;
    const before = second.visits.find((visit) => visit.therapy_line?.line_number === 1)!;
    expect(value(second, switched.visit_number, "IT.TL.LINE_NUMBER")).toBe("2");
    expect(value(second, switched.visit_number, "IT.TL.THERAPY_NAME")).toBe("bimekizumab");
    expect(value(second, switched.visit_number, "IT.TL.SWITCH_REASON")).toBe("inefficacia");
    expect(value(second, switched.visit_number, "IT.TL.SW.new_therapy")).toBe("bimekizumab");
    expect(value(second, before.visit_number, "IT.TL.LINE_NUMBER")).toBe("1");
    expect(value(second, before.visit_number, "IT.TL.SW.switch_reason")).toBeUndefined();
    expect(value(second, before.visit_number, "IT.VISIT.PROTOCOL_VERSION")).toBe("1");
  });
});

describe("ODM export: audit records", () => {
  const record = (event: "ENROLLMENT" | number, oid: string) => {
    const itemData = audited.itemData(first.code, event, oid);
    const audit = itemData && odmElements(itemData, "AuditRecord")[0];
    if (!audit) return undefined;
    const text = (name: string) => odmElements(audit, name)[0]?.textContent ?? null;
    return {
      user: attr(odmElements(audit, "UserRef")[0]!, "UserOID"),
      location: attr(odmElements(audit, "LocationRef")[0]!, "LocationOID"),
      at: text("DateTimeStamp"),
      reason: text("ReasonForChange"),
      source: text("SourceID"),
    };
  };
  const visitId = first.visits[0]!.id;

  it("dates a value by the latest event that changed it, not by later rows that repeat it", () => {
    // pasi_score: created by user 7, set to 99 by user 8, set back by user 99 (not listed).
    expect(record(1, "IT.V.pasi_score")).toEqual({
      user: "USR.UNLISTED",
      location: "LOC.REGISTRY",
      at: "2026-02-03T08:30:00.000Z",
      reason: null,
      source: `audit visit ${visitId} update`,
    });
    // clinical_notes appears in every later data_fields, unchanged: still its create event.
    expect(record(1, "IT.V.clinical_notes")).toMatchObject({
      user: "USR.7",
      at: first.visits[0]!.created_at,
    });
    expect(record(1, "IT.V.clinical_notes")?.source).toBe(`audit visit ${visitId} create`);
  });

  it("carries the reason for change and a system actor; normalises PostgreSQL timestamps to xs:dateTime", () => {
    expect(record(1, "IT.CALC.pasi_improvement")).toMatchObject({
      user: "USR.SYSTEM",
      at: "2026-02-02T08:30:00.000Z",
      reason: "Calculated values recomputed: baseline visit 1 changed",
    });
  });

  it("falls back to the entity's create event for items no event names", () => {
    expect(record(1, "IT.TL.LINE_NUMBER")).toMatchObject({
      user: "USR.7",
      source: `audit visit ${visitId} create`,
    });
    expect(record("ENROLLMENT", "IT.PATIENT.SEX")?.source).toBe(`audit patient ${first.id} create`);
  });

  it("lists the users and the location AuditRecords refer to in AdminData", () => {
    const users = odmElements(audited.document, "User").map((e) => attr(e, "OID"));
    expect(users).toEqual(["USR.SYSTEM", "USR.UNLISTED", "USR.7", "USR.8"]);
    const rossi = odmElements(audited.document, "User")[2]!;
    expect(odmElements(rossi, "DisplayName")[0]?.textContent).toBe("Dr. Rossi & Co");
    expect(odmElements(audited.document, "Location").map((e) => attr(e, "OID"))).toEqual(["LOC.REGISTRY"]);
    expect(odmElements(plain.document, "AdminData")).toHaveLength(0);
  });
});
