/**
 * Electronic signatures in the ODM file (decision 0032; mapping in docs/odm-export.md). Pure.
 *
 * ODM 1.3.2 gives a record one `Signature` slot, meaning "signed": `UserRef`, `LocationRef`,
 * `SignatureRef` (to a `SignatureDef` of AdminData: the meaning and its legal reason) and
 * `DateTimeStamp`. A visit's signature goes on its `StudyEventData`, a casebook's on the patient's
 * `SubjectData`, each in the standard's position (after the AuditRecord, before the Annotations).
 * The slot holds the record's latest valid signature; every other signature of the record (an
 * invalidated one, which ODM cannot say in a Signature, or an older valid one) stays discoverable
 * as an `Annotation` with the signatures.csv columns as JSON and a Flag `SIGNATURE` whose value is
 * its state (CL.SIGNATURE_STATE).
 */
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_SIGNATURE_MEANINGS, type StudyConfig } from "@/lib/schemas/study-config";
import { wordsIn } from "@/lib/schemas/study-text";
import type { ExportSignature } from "../export-records";
import {
  causeObject,
  SIGNATURE_EXPORT_COLUMNS,
  signatureValue,
  type SignatureExportColumn,
} from "../signature-rows";
import { annotationBody, REVIEW_CODE_LIST_OIDS } from "./odm-annotations";
import { REGISTRY_LOCATION_OID, UNLISTED_USER_OID, userOid } from "./odm-audit";
import { escapeXml as x } from "./xml-escape";

/** A de-identified file's one signer: signatures stay, who signed is not named (decision 0016). */
export const WITHHELD_SIGNER_OID = "USR.SIGNER_WITHHELD";

/** `SD.approve`: meaning keys are `[a-z][a-z0-9_]*` (study-config.ts), already safe as an OID. */
export const signatureDefOid = (meaning: string) => `SD.${meaning}`;

/** One SignatureDef: the meaning's key, its words, and the catalogue's legal reason. */
export type OdmSignatureDef = { key: string; meaning: string; legalReason: string };

/** What the writer needs to sign records: the listed signers and, when de-identified, the one withheld user. */
export type OdmSigning = { signerIds: ReadonlySet<number>; deidentified: boolean };

export function signatureDefsXml(defs: readonly OdmSignatureDef[]): string {
  let out = "";
  for (const def of defs)
    out +=
      `<SignatureDef OID="${x(signatureDefOid(def.key))}" Methodology="Electronic">` +
      `<Meaning>${x(def.meaning)}</Meaning><LegalReason>${x(def.legalReason)}</LegalReason></SignatureDef>`;
  return out;
}

/**
 * The words of a meaning in the export's language: the study's own list (already in that language,
 * `configIn`), else the default list, else the words the latest signer of it saw.
 */
export function signatureMeaningWords(
  config: StudyConfig,
  locale: Locale,
  meaning: { key: string; text: string },
): string {
  const own = config.signatures?.meanings?.find((entry) => entry.key === meaning.key);
  if (own) return typeof own.label === "string" ? own.label : wordsIn(own.label, locale);
  const fallback = DEFAULT_SIGNATURE_MEANINGS.find((entry) => entry.key === meaning.key);
  return fallback ? wordsIn(fallback.label, locale) : meaning.text;
}

/** The Comment's JSON: the signatures.csv columns the file may carry (no staff when de-identified). */
function signatureJson(signature: ExportSignature, deidentified: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const column of SIGNATURE_EXPORT_COLUMNS) {
    if (column === "patient_code") continue;
    const value = signatureValue(column as Exclude<SignatureExportColumn, "patient_code">, signature);
    if (deidentified && value === null) continue;
    json[column] =
      column === "invalidated_by" && signature.invalidated_by !== null
        ? causeObject(signature.invalidated_by)
        : value;
  }
  return json;
}

/** A record's signatures as ODM: its `<Signature>` (or "") and the annotation bodies of the others. */
export function recordSignatures(
  signatures: readonly ExportSignature[],
  signing: OdmSigning,
): { signature: string; annotations: string[] } {
  let latest: ExportSignature | null = null;
  for (const signature of signatures) if (signature.state === "valid") latest = signature;
  const annotations: string[] = [];
  for (const signature of signatures)
    if (signature !== latest)
      annotations.push(
        annotationBody(
          signatureJson(signature, signing.deidentified),
          signature.state,
          REVIEW_CODE_LIST_OIDS.signatureState,
          "SIGNATURE",
        ),
      );
  if (latest === null) return { signature: "", annotations };
  const user = signing.deidentified
    ? WITHHELD_SIGNER_OID
    : latest.signer_id !== null && signing.signerIds.has(latest.signer_id)
      ? userOid(latest.signer_id)
      : UNLISTED_USER_OID;
  return {
    signature:
      `<Signature><UserRef UserOID="${user}"/><LocationRef LocationOID="${REGISTRY_LOCATION_OID}"/>` +
      `<SignatureRef SignatureOID="${x(signatureDefOid(latest.meaning))}"/>` +
      `<DateTimeStamp>${x(latest.signed_at)}</DateTimeStamp></Signature>`,
    annotations,
  };
}
