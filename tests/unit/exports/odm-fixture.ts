/**
 * Shared by the ODM export tests (decision 0016): the demo study, awkward patients, the full file as
 * the export would stream it, validation with libxml2 (xmllint-wasm) and DOM parsing (jsdom).
 */
import { configIn } from "@/lib/i18n/study-config-language";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import type { ExportAuditEvent, ExportPatient } from "@/lib/exports/export-records";
import { createOdmWriter, type OdmExportMeta } from "@/lib/exports/odm";
import { StudyConfigShape, type StudyConfig } from "@/lib/schemas/study-config";
import { generateAudit, generatePatient } from "@/tests/support/export-patients";

export const ODM_NS = "http://www.cdisc.org/ns/odm/v1.3";
export const SUBSET_XSD = path.resolve(import.meta.dirname, "../../fixtures/odm-1-3-2/odm-1-3-2-subset.xsd");

export const demoConfig = (): StudyConfig => configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");

export const AWKWARD_TEXT = `Pitting <&>"' and ]]> 😀\ttab\nsecond line\r\nthird`;
/** What AWKWARD_TEXT reads back as: XML keeps every character, the CR LF included (written as &#13;&#10;). */
export const CONTROL_TEXT = "bell\u0007 and lone \ud800 surrogate \uffff end";
export const CONTROL_TEXT_READ_BACK = "bell\uFFFD and lone \uFFFD surrogate \uFFFD end";

export function meta(overrides: Partial<OdmExportMeta> = {}): OdmExportMeta {
  return {
    fileOid: "EXPORT.psoriasis.20261125",
    creationDateTime: "2026-11-25T15:00:00.000Z",
    study: {
      oid: "S.psoriasis",
      name: "Psoriasis Registry",
      description: "Observational registry <de-identified & shifted>",
      protocolName: "PSO-REG",
    },
    metaDataVersion: { oid: "MDV.3", name: "Configuration version 3", description: "Protocol v3" },
    config: demoConfig(),
    sourceSystem: "clinical-registry",
    sourceSystemVersion: "0.1.0",
    includeAudit: false,
    users: [
      { id: 7, email: "investigator@example.org", name: "Dr. Rossi & Co" },
      { id: 8, email: "monitor@example.org" },
    ],
    ...overrides,
  };
}

/**
 * Three patients exercising every path: all visit types with repeated week_52 events, a therapy
 * switch, multiselect and array answers, awkward text, emoji, control characters, empty values
 * ("", null, []), a visit type the configuration no longer lists, a missing medical group.
 */
export function awkwardPatients(): ExportPatient[] {
  const first = generatePatient(1, { visitsPerPatient: 7 });
  first.custom_fields = {
    ...first.custom_fields,
    psoriasis_phenotypes: ["plaque", "nail"],
    nail_involvement_notes: AWKWARD_TEXT,
    other_comorbidity_details: "",
    smoking_status: null,
    systemic_history_notes: CONTROL_TEXT,
    unknown_key_not_in_config: "never exported",
  };
  first.visits[0]!.data_fields.clinical_notes = AWKWARD_TEXT;
  first.visits[1]!.data_fields.clinical_notes = CONTROL_TEXT;
  first.visits[1]!.data_fields.special_sites = [];
  first.visits[2]!.data_fields.bsa_percent = null;
  first.visits[2]!.data_fields.pasi_score = 1e-7;
  const second = generatePatient(2, { visitsPerPatient: 10 });
  second.code = `PSO <"second"> & 'co'`;
  second.medical_group_code = null;
  second.height_cm = null;
  second.visits[9]!.visit_type = "legacy_type";
  second.visits[8]!.visit_type = "unscheduled";
  second.visits[7]!.visit_type = "unscheduled";
  const third = generatePatient(3, { visitsPerPatient: 0 });
  return [first, second, third];
}

/** Audit rows with updates, reasons, a system action and a user the caller did not list. */
export function awkwardAudit(patient: ExportPatient): ExportAuditEvent[] {
  const events = generateAudit(patient, 7);
  const visit = patient.visits[0];
  if (visit) {
    events.push({
      entity_type: "visit",
      entity_id: visit.id,
      action: "update",
      user_id: 8,
      user_email: "monitor@example.org",
      timestamp: "2026-02-01T08:30:00.000Z",
      ip_address: null,
      reason: `Transcription error <fixed> & "checked"`,
      // Whole data_fields, as the services store them: only pasi_score differs from the create.
      new_values: { data_fields: { ...visit.data_fields, pasi_score: 99 } },
    });
    events.push({
      entity_type: "visit",
      entity_id: visit.id,
      action: "update",
      user_id: null,
      user_email: null,
      // PostgreSQL's text form of a timestamptz: the AuditRecord must still carry an xs:dateTime.
      timestamp: "2026-02-02 08:30:00+00",
      ip_address: null,
      reason: "Calculated values recomputed: baseline visit 1 changed",
      new_values: { calculated_values: { ...visit.calculated_values, pasi_improvement: 42.5 } },
    });
    events.push({
      entity_type: "visit",
      entity_id: visit.id,
      action: "update",
      user_id: 99,
      user_email: "gone@example.org",
      timestamp: "2026-02-03T08:30:00.000Z",
      ip_address: null,
      reason: null,
      new_values: { data_fields: { ...visit.data_fields, pasi_score: visit.data_fields.pasi_score } },
    });
  }
  return events;
}

/** The whole file, as the export streams it: start, one chunk per patient, end. */
export function writeOdm(
  patients: readonly ExportPatient[],
  options: {
    includeAudit: boolean;
    audit?: (patient: ExportPatient) => ExportAuditEvent[];
  } & Partial<OdmExportMeta>,
): string {
  const { audit = awkwardAudit, ...overrides } = options;
  const writer = createOdmWriter(meta(overrides));
  let xml = writer.start();
  for (const patient of patients)
    xml += writer.subject(patient, options.includeAudit ? audit(patient) : null);
  return xml + writer.end();
}

async function validateWith(xml: string, schemaPath: string): Promise<XMLValidationResult> {
  const dir = path.dirname(schemaPath);
  // The official schema includes its foundation and imports xmldsig and xml.xsd: load every
  // schema file beside the main one into the validator's in-memory file system.
  const preload = readdirSync(dir)
    .filter((file) => file.endsWith(".xsd") && path.join(dir, file) !== schemaPath)
    .map((file) => ({ fileName: file, contents: readFileSync(path.join(dir, file), "utf8") }));
  return validateXML({
    xml: [{ fileName: "export.xml", contents: xml }],
    schema: [{ fileName: path.basename(schemaPath), contents: readFileSync(schemaPath, "utf8") }],
    preload,
    initialMemoryPages: 1024,
    maxMemoryPages: 8192,
  });
}

export const validateSubset = (xml: string) => validateWith(xml, SUBSET_XSD);

/** The official ODM1-3-2.xsd when the environment names it (see the XSD header), else null. */
export function officialXsdPath(): string | null {
  const configured = process.env.ODM_OFFICIAL_XSD;
  return configured ? path.resolve(configured) : null;
}

export const validateOfficial = (xml: string, xsdPath: string) => validateWith(xml, xsdPath);

/** Errors of a validation, one per line, for assertion messages. */
export const errorsOf = (result: XMLValidationResult) =>
  result.errors.map((error) => error.rawMessage).join("\n");

export function parseXml(xml: string): Document {
  const document = new JSDOM(xml, { contentType: "application/xml" }).window.document;
  return document;
}

/** Elements of the ODM namespace by local name, anywhere below `root`. */
export const odmElements = (root: Document | Element, name: string): Element[] =>
  Array.from(root.getElementsByTagNameNS(ODM_NS, name));
