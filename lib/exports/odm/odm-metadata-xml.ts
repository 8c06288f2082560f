/**
 * The `<Study>` element of the export (decision 0016): GlobalVariables, BasicDefinitions (the units of
 * height and weight) and the MetaDataVersion built from the study configuration. Element and
 * attribute order follow the ODM 1.3.2 content model (see tests/fixtures/odm-1-3-2/).
 */
import type { OdmItem, OdmModel, OdmStudyEvent } from "./odm-model";
import { escapeXml as x } from "./xml-escape";

export type OdmStudyMeta = {
  study: { oid: string; name: string; description: string; protocolName: string };
  metaDataVersion: { oid: string; name: string; description?: string };
};

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");

const translated = (element: string, text: string) =>
  `<${element}><TranslatedText>${x(text)}</TranslatedText></${element}>`;

function protocolXml(events: OdmStudyEvent[]): string {
  let out = "<Protocol>";
  events.forEach((event, index) => {
    out += `<StudyEventRef StudyEventOID="${x(event.oid)}" OrderNumber="${index + 1}" Mandatory="${yesNo(event.mandatory)}"/>`;
  });
  return out + "</Protocol>";
}

function studyEventDefXml(event: OdmStudyEvent): string {
  let out =
    `<StudyEventDef OID="${x(event.oid)}" Name="${x(event.name)}" Repeating="${yesNo(event.repeating)}"` +
    ` Type="${event.type}">`;
  if (event.description) out += translated("Description", event.description);
  event.forms.forEach((form, index) => {
    // A visit need not fill every form; the patient form of enrollment is always there.
    const mandatory = !event.repeating && index === 0;
    out += `<FormRef FormOID="${x(form.oid)}" OrderNumber="${index + 1}" Mandatory="${yesNo(mandatory)}"/>`;
  });
  return out + "</StudyEventDef>";
}

function itemDefXml(item: OdmItem): string {
  let out = `<ItemDef OID="${x(item.oid)}" Name="${x(item.name)}" DataType="${item.dataType}">`;
  if (item.description) out += translated("Description", item.description);
  out += translated("Question", item.question);
  if (item.measurementUnitOid)
    out += `<MeasurementUnitRef MeasurementUnitOID="${x(item.measurementUnitOid)}"/>`;
  for (const check of item.rangeChecks) {
    out += `<RangeCheck Comparator="${check.comparator}" SoftHard="Hard"><CheckValue>${check.value}</CheckValue></RangeCheck>`;
  }
  if (item.codeListOid) out += `<CodeListRef CodeListOID="${x(item.codeListOid)}"/>`;
  return out + "</ItemDef>";
}

/** `<Study>…</Study>` for the model. */
export function studyXml(meta: OdmStudyMeta, model: OdmModel): string {
  const { study, metaDataVersion } = meta;
  let out =
    `<Study OID="${x(study.oid)}"><GlobalVariables>` +
    `<StudyName>${x(study.name || study.oid)}</StudyName>` +
    `<StudyDescription>${x(study.description)}</StudyDescription>` +
    `<ProtocolName>${x(study.protocolName || study.name || study.oid)}</ProtocolName>` +
    `</GlobalVariables><BasicDefinitions>`;
  for (const unit of model.measurementUnits) {
    out += `<MeasurementUnit OID="${x(unit.oid)}" Name="${x(unit.name)}">${translated("Symbol", unit.symbol)}</MeasurementUnit>`;
  }
  out += `</BasicDefinitions><MetaDataVersion OID="${x(metaDataVersion.oid)}" Name="${x(metaDataVersion.name || metaDataVersion.oid)}"`;
  if (metaDataVersion.description) out += ` Description="${x(metaDataVersion.description)}"`;
  out += ">" + protocolXml(model.events);
  for (const event of model.events) out += studyEventDefXml(event);
  for (const form of model.forms) {
    out += `<FormDef OID="${x(form.oid)}" Name="${x(form.name)}" Repeating="No">`;
    form.groups.forEach((group, index) => {
      out += `<ItemGroupRef ItemGroupOID="${x(group.oid)}" OrderNumber="${index + 1}" Mandatory="No"/>`;
    });
    out += "</FormDef>";
  }
  for (const group of model.groups) {
    out += `<ItemGroupDef OID="${x(group.oid)}" Name="${x(group.name)}" Repeating="No">`;
    group.items.forEach((item, index) => {
      out += `<ItemRef ItemOID="${x(item.oid)}" OrderNumber="${index + 1}" Mandatory="${yesNo(item.mandatory)}"/>`;
    });
    out += "</ItemGroupDef>";
  }
  for (const item of model.items) out += itemDefXml(item);
  for (const list of model.codeLists) {
    out += `<CodeList OID="${x(list.oid)}" Name="${x(list.name)}" DataType="text">`;
    list.items.forEach((item, index) => {
      out += `<CodeListItem CodedValue="${x(item.codedValue)}" OrderNumber="${index + 1}">${translated("Decode", item.decode)}</CodeListItem>`;
    });
    out += "</CodeList>";
  }
  return out + "</MetaDataVersion></Study>";
}
