/**
 * One patient as `<SubjectData>` (decision 0016): the enrollment event with the patient-level forms,
 * then one event per visit, repeat key = visit number. Only items holding a value are written;
 * forms and item groups left empty by that are left out too. This runs for a million visits in the
 * benchmark: without audit records it allocates nothing beyond the output string and one small
 * array per visit; with them, one attribution map per patient and visit.
 */
import type { ExportAuditEvent, ExportPatient, ExportVisit } from "../export-records";
import {
  attributeAudit,
  groupAuditByEntity,
  type AuditAttribution,
  type AuditRecordFormatter,
} from "./odm-audit";
import type { OdmForm, OdmModel } from "./odm-model";
import { formatOdmValue } from "./odm-values";
import { escapeXml } from "./xml-escape";

type Sources = readonly (Record<string, unknown> | null | undefined)[];

/** Audit context of one entity; null when the export carries no audit records. */
type EntityAudit = { attribution: AuditAttribution; formatter: AuditRecordFormatter } | null;

function formsXml(forms: readonly OdmForm[], sources: Sources, audit: EntityAudit): string {
  let out = "";
  for (const form of forms) {
    let formBody = "";
    for (const group of form.groups) {
      let groupBody = "";
      for (const item of group.items) {
        const source = sources[item.source];
        if (!source) continue;
        const value = formatOdmValue(item.kind, source[item.key]);
        if (value === null) continue;
        if (audit === null) {
          groupBody += item.dataOpen + value + '"/>';
          continue;
        }
        const event = audit.attribution.byKey.get(item.auditKey) ?? audit.attribution.fallback;
        groupBody +=
          event === null
            ? item.dataOpen + value + '"/>'
            : item.dataOpen + value + '">' + audit.formatter.record(event) + "</ItemData>";
      }
      if (groupBody !== "") formBody += group.dataOpen + groupBody + "</ItemGroupData>";
    }
    if (formBody !== "") out += form.dataOpen + formBody + "</FormData>";
  }
  return out;
}

function visitSources(visit: ExportVisit): Sources {
  const line = visit.therapy_line;
  return [
    visit as unknown as Record<string, unknown>,
    visit.data_fields,
    visit.calculated_values,
    line as unknown as Record<string, unknown> | null,
    line?.switch_data,
    visit.missing,
  ];
}

/** `<SubjectData>` of one patient; `formatter` is null unless the export includes audit records. */
export function subjectXml(
  model: OdmModel,
  patient: ExportPatient,
  auditEvents: readonly ExportAuditEvent[] | null,
  formatter: AuditRecordFormatter | null,
): string {
  const key = patient.code || `patient-${patient.id}`;
  let out = `<SubjectData SubjectKey="${escapeXml(key)}">`;
  const grouped = formatter && auditEvents ? groupAuditByEntity(patient.id, auditEvents) : null;
  const entityAudit = (events: readonly ExportAuditEvent[] | undefined) =>
    formatter && events && events.length > 0 ? { attribution: attributeAudit(events), formatter } : null;

  const enrollment = model.enrollment;
  out +=
    enrollment.dataOpen +
    ">" +
    formsXml(
      enrollment.forms,
      // SOURCE: patient 0, custom fields 1, missing-data codes 5 (decision 0023).
      [
        patient as unknown as Record<string, unknown>,
        patient.custom_fields,
        null,
        null,
        null,
        patient.missing,
      ],
      entityAudit(grouped?.patient),
    ) +
    "</StudyEventData>";

  for (const visit of patient.visits) {
    const event = model.visitEvents.get(visit.visit_type) ?? model.otherVisitEvent;
    out +=
      event.dataOpen +
      ` StudyEventRepeatKey="${visit.visit_number}">` +
      formsXml(event.forms, visitSources(visit), entityAudit(grouped?.visits.get(visit.id))) +
      "</StudyEventData>";
  }
  return out + "</SubjectData>";
}
