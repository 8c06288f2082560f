/** CDISC ODM 1.3.2 writer of the study export (decision 0016). Pure; see docs/odm-export.md. */
export { createOdmWriter, ODM_NAMESPACE, type OdmExportMeta, type OdmWriter } from "./create-odm-writer";
export type { OdmUser } from "./odm-audit";
export { escapeXml } from "./xml-escape";
