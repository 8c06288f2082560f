/**
 * `<AdminData>` of an export with audit records (decision 0016) or with electronic signatures
 * (decision 0032): the users and the one location that AuditRecords and Signatures refer to, and a
 * SignatureDef per meaning signed (User*, Location*, SignatureDef*: ODM 1.3.2's order). ODM puts
 * AdminData after Study and before ClinicalData, so a streamed file must know its users and
 * meanings before the first subject: the caller lists them in `OdmExportMeta`.
 */
import {
  REGISTRY_LOCATION_OID,
  SYSTEM_USER_OID,
  UNLISTED_USER_OID,
  userOid,
  type OdmUser,
} from "./odm-audit";
import { signatureDefsXml, WITHHELD_SIGNER_OID, type OdmSignatureDef } from "./odm-signatures";
import { escapeXml as x } from "./xml-escape";

export type OdmAdminMeta = {
  studyOid: string;
  metaDataVersionOid: string;
  /** YYYY-MM-DD: when the metadata this location uses took effect (the export's date). */
  effectiveDate: string;
  sourceSystem: string;
};

function userXml(oid: string, displayName: string, email: string | null): string {
  let out = `<User OID="${x(oid)}">`;
  if (email) out += `<LoginName>${x(email)}</LoginName>`;
  out += `<DisplayName>${x(displayName)}</DisplayName>`;
  if (email) out += `<Email>${x(email)}</Email>`;
  return out + "</User>";
}

export function adminDataXml(
  meta: OdmAdminMeta,
  users: readonly OdmUser[],
  signing: {
    audit: boolean;
    defs: readonly OdmSignatureDef[];
    /** De-identified: the one user every Signature names, in these words (no signer is listed). */
    withheldSigner: string | null;
  } = { audit: true, defs: [], withheldSigner: null },
): string {
  let out = `<AdminData StudyOID="${x(meta.studyOid)}">`;
  if (signing.audit) out += userXml(SYSTEM_USER_OID, "System (no signed-in user)", null);
  out += userXml(UNLISTED_USER_OID, "User not listed in this export", null);
  if (signing.withheldSigner !== null) out += userXml(WITHHELD_SIGNER_OID, signing.withheldSigner, null);
  const seen = new Set<number>();
  for (const user of users) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    out += userXml(userOid(user.id), user.name || user.email || `User ${user.id}`, user.email);
  }
  out +=
    `<Location OID="${REGISTRY_LOCATION_OID}" Name="${x(meta.sourceSystem || "Registry")}" LocationType="Other">` +
    `<MetaDataVersionRef StudyOID="${x(meta.studyOid)}" MetaDataVersionOID="${x(meta.metaDataVersionOid)}"` +
    ` EffectiveDate="${meta.effectiveDate}"/></Location>`;
  return out + signatureDefsXml(signing.defs) + "</AdminData>";
}
