/**
 * The CDISC ODM 1.3.2 writer of the study export (decision 0016). Pure: the export service streams
 * patients through it in batches and writes the strings it returns; see docs/odm-export.md for
 * the mapping.
 *
 *   start()        XML declaration, <ODM>, <Study> (GlobalVariables, BasicDefinitions,
 *                  MetaDataVersion), <AdminData> when audit records are included or records
 *                  are signed (decision 0032), <ClinicalData>
 *   subject(p, a)  one <SubjectData>
 *   end()          </ClinicalData></ODM>
 *
 * Everything derived from the configuration (OIDs, escaped names, markup prefixes) is computed
 * here, once, so `subject` only concatenates.
 */
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { ExportAuditEvent, ExportPatient } from "../export-records";
import { buildOdmModel } from "./build-odm-model";
import { adminDataXml } from "./odm-admin-data";
import { AuditRecordFormatter, type OdmUser } from "./odm-audit";
import type { OdmSignatureDef, OdmSigning } from "./odm-signatures";
import { studyXml } from "./odm-metadata-xml";
import type { OdmModel } from "./odm-model";
import { subjectXml } from "./odm-subject-xml";
import { escapeXml as x } from "./xml-escape";

export const ODM_NAMESPACE = "http://www.cdisc.org/ns/odm/v1.3";

export type OdmExportMeta = {
  fileOid: string;
  /** ISO 8601 instant (xs:dateTime), e.g. new Date().toISOString(). */
  creationDateTime: string;
  study: { oid: string; name: string; description: string; protocolName: string };
  metaDataVersion: { oid: string; name: string; description?: string };
  /** Already filtered by the caller (identifier fields removed when de-identified). */
  config: StudyConfig;
  sourceSystem: string;
  sourceSystemVersion: string;
  includeAudit: boolean;
  /** De-identified: review annotations name no staff and no query ids (docs/odm-export.md). */
  deidentified?: boolean;
  /**
   * With `includeAudit`: every user the audit rows of the exported patients may name (id, email,
   * display name). They become AdminData/User elements, which ODM places before ClinicalData, so
   * they must be known before the first subject. An audit event by a user not listed here is
   * attributed to the `USR.UNLISTED` user instead of a dangling reference; events without a user
   * (system actions) to `USR.SYSTEM`. Ignored without `includeAudit`.
   */
  users?: readonly OdmUser[];
  /**
   * Electronic signatures (decision 0032): the signers of the valid signatures the file carries
   * (AdminData Users, named by `Signature/UserRef`), a SignatureDef per meaning any of its
   * signatures has, and the words of the one user a de-identified file's Signatures name. The
   * patients' own `signatures` are written only when this is given.
   */
  signatures?: {
    signers: readonly OdmUser[];
    defs: readonly OdmSignatureDef[];
    withheldSigner: string;
  };
};

export type OdmWriter = {
  start(): string;
  subject(patient: ExportPatient, audit: readonly ExportAuditEvent[] | null): string;
  end(): string;
};

export function createOdmWriter(meta: OdmExportMeta): OdmWriter {
  const model: OdmModel = buildOdmModel(meta.config);
  const formatter = meta.includeAudit ? new AuditRecordFormatter(meta.users ?? []) : null;
  const signed = meta.signatures && meta.signatures.defs.length > 0 ? meta.signatures : null;
  // No meaning, no signature to write (each Signature names its SignatureDef).
  const signing: OdmSigning | null = signed
    ? {
        signerIds: new Set(meta.deidentified ? [] : signed.signers.map((user) => user.id)),
        deidentified: meta.deidentified === true,
      }
    : null;

  const start = () => {
    let out =
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<ODM xmlns="${ODM_NAMESPACE}" ODMVersion="1.3.2" FileType="Snapshot" Granularity="All"` +
      ` FileOID="${x(meta.fileOid)}" CreationDateTime="${x(meta.creationDateTime)}"` +
      ` SourceSystem="${x(meta.sourceSystem)}" SourceSystemVersion="${x(meta.sourceSystemVersion)}">\n` +
      studyXml(meta, model) +
      "\n";
    if (formatter || signed) {
      out +=
        adminDataXml(
          {
            studyOid: meta.study.oid,
            metaDataVersionOid: meta.metaDataVersion.oid,
            effectiveDate: meta.creationDateTime.slice(0, 10),
            sourceSystem: meta.sourceSystem,
          },
          [...(formatter ? (meta.users ?? []) : []), ...(signed && !meta.deidentified ? signed.signers : [])],
          {
            audit: formatter !== null,
            defs: signed?.defs ?? [],
            withheldSigner: signed && meta.deidentified ? signed.withheldSigner : null,
          },
        ) + "\n";
    }
    return (
      out +
      `<ClinicalData StudyOID="${x(meta.study.oid)}" MetaDataVersionOID="${x(meta.metaDataVersion.oid)}">\n`
    );
  };

  return {
    start,
    subject(patient, audit) {
      formatter?.reset();
      // One line per subject: the file stays greppable and diffable without costing a parser anything.
      return subjectXml(model, patient, audit, formatter, meta.deidentified === true, signing) + "\n";
    },
    end: () => "</ClinicalData>\n</ODM>\n",
  };
}
