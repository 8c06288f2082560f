import "server-only";
import { exportedConfig } from "@/lib/exports/columns";
import { createOdmWriter, type OdmUser } from "@/lib/exports/odm";
import { signatureMeaningWords } from "@/lib/exports/odm/odm-signatures";
import type { Locale } from "@/lib/i18n/locales";
import type { ExportAuditEvent, ExportPatient } from "@/lib/exports/export-records";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { StudyRow } from "../studies/study-queries";
import type { ExportWriter } from "./export-writer";

const SOURCE_SYSTEM = "Clinical Data Registry";
const SOURCE_SYSTEM_VERSION = "0.1.0";

/**
 * The ODM 1.3.2 file of a study export: the pure writer (lib/exports/odm) around the batches.
 * A de-identified export's MetaDataVersion leaves the identifier fields out, like its data.
 */
export function odmDocument(p: {
  study: StudyRow;
  config: StudyConfig;
  deidentify: boolean;
  includeAudit: boolean;
  /** With audit records: the users they may name (AdminData). */
  users: readonly OdmUser[];
  /**
   * Electronic signatures (decision 0032): the signers of the valid ones and the meanings of all
   * the export carries (`readSignatureAdmin`), and the catalogue's words in the export's language
   * for each SignatureDef's LegalReason and for a de-identified file's withheld signer.
   */
  signatures: {
    signers: readonly OdmUser[];
    meanings: readonly { key: string; text: string }[];
    language: Locale;
    legalReason: string;
    withheldSigner: string;
  };
  now: Date;
}): ExportWriter {
  const config = exportedConfig(p.config, { deidentify: p.deidentify });
  const studyOid = `ST.${p.study.code.toUpperCase()}`;
  const odm = createOdmWriter({
    fileOid: `${studyOid}.${p.now.getTime()}`,
    creationDateTime: p.now.toISOString(),
    study: {
      oid: studyOid,
      name: p.study.name,
      description: p.study.description ?? p.study.name,
      protocolName: p.study.code,
    },
    metaDataVersion: {
      oid: `MDV.${p.study.code.toUpperCase()}.${p.study.version}`,
      name: `Configuration ${p.study.version}`,
    },
    config,
    sourceSystem: SOURCE_SYSTEM,
    sourceSystemVersion: SOURCE_SYSTEM_VERSION,
    includeAudit: p.includeAudit,
    deidentified: p.deidentify,
    users: p.users,
    signatures: {
      signers: p.signatures.signers,
      defs: p.signatures.meanings.map((meaning) => ({
        key: meaning.key,
        // The words of the study's list in the export's language (the config is already in it).
        meaning: signatureMeaningWords(p.config, p.signatures.language, meaning),
        legalReason: p.signatures.legalReason,
      })),
      withheldSigner: p.signatures.withheldSigner,
    },
  });
  return {
    contentType: "application/xml; charset=utf-8",
    extension: "xml",
    unit: "subjects",
    head: () => odm.start(),
    body: (patients, audit) => {
      const events = audit ? eventsByPatient(patients, audit) : null;
      let text = "";
      for (const patient of patients)
        text += odm.subject(patient, events ? (events.get(patient.id) ?? []) : null);
      return { text, records: patients.length };
    },
    tail: () => odm.end(),
  };
}

/** A batch's audit events under their patient (a visit's events under the visit's patient), in order. */
function eventsByPatient(
  patients: readonly ExportPatient[],
  audit: readonly ExportAuditEvent[],
): Map<number, ExportAuditEvent[]> {
  const patientOfVisit = new Map<number, number>();
  for (const patient of patients)
    for (const visit of patient.visits) patientOfVisit.set(visit.id, patient.id);
  const grouped = new Map<number, ExportAuditEvent[]>();
  for (const event of audit) {
    const patientId = event.entity_type === "patient" ? event.entity_id : patientOfVisit.get(event.entity_id);
    if (patientId === undefined) continue;
    const list = grouped.get(patientId) ?? [];
    list.push(event);
    grouped.set(patientId, list);
  }
  return grouped;
}
