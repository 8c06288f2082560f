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
import {
  annotationsXml,
  recordAnnotations,
  takeFieldAnnotations,
  type RecordAnnotations,
} from "./odm-annotations";
import { SOURCE, type OdmForm, type OdmModel } from "./odm-model";
import { recordSignatures, type OdmSigning } from "./odm-signatures";
import { formatOdmValue } from "./odm-values";
import { escapeXml } from "./xml-escape";

type Sources = readonly (Record<string, unknown> | null | undefined)[];

/** Audit context of one entity; null when the export carries no audit records. */
type EntityAudit = { attribution: AuditAttribution; formatter: AuditRecordFormatter } | null;

function formsXml(
  forms: readonly OdmForm[],
  sources: Sources,
  audit: EntityAudit,
  notes: RecordAnnotations | null,
): string {
  let out = "";
  for (const form of forms) {
    let formBody = "";
    for (const group of form.groups) {
      let groupBody = "";
      for (const item of group.items) {
        const source = sources[item.source];
        if (!source) continue;
        const value = formatOdmValue(item.kind, source[item.key]);
        // ItemData: AuditRecord?, Signature?, MeasurementUnitRef?, Annotation* (ODM 1.3.2).
        const annotations =
          notes !== null && (item.source === SOURCE.patient || item.source === SOURCE.customFields)
            ? takeFieldAnnotations(notes, item.key)
            : null;
        if (value === null) {
          if (annotations) groupBody += item.nullOpen + annotationsXml(annotations) + "</ItemData>";
          continue;
        }
        const event =
          audit === null ? null : (audit.attribution.byKey.get(item.auditKey) ?? audit.attribution.fallback);
        groupBody +=
          event === null && annotations === null
            ? item.dataOpen + value + '"/>'
            : item.dataOpen +
              value +
              '">' +
              (event === null || audit === null ? "" : audit.formatter.record(event)) +
              (annotations ? annotationsXml(annotations) : "") +
              "</ItemData>";
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

const NO_SIGNATURES = { signature: "", annotations: [] as string[] };

/**
 * `<SubjectData>` of one patient; `formatter` is null unless the export includes audit records,
 * `signing` null unless it carries electronic signatures (decision 0032).
 */
export function subjectXml(
  model: OdmModel,
  patient: ExportPatient,
  auditEvents: readonly ExportAuditEvent[] | null,
  formatter: AuditRecordFormatter | null,
  deidentified = false,
  signing: OdmSigning | null = null,
): string {
  const key = patient.code || `patient-${patient.id}`;
  const signatures = signing ? (patient.signatures ?? []) : [];
  const signed = (list: typeof signatures) =>
    signing && list.length > 0 ? recordSignatures(list, signing) : NO_SIGNATURES;
  // SubjectData: AuditRecord?, Signature?, InvestigatorRef?, SiteRef?, Annotation*, StudyEventData*
  // (ODM 1.3.2): the casebook's signature signs the subject.
  const casebook = signed(signatures.filter((signature) => signature.entity_type === "patient"));
  let out =
    `<SubjectData SubjectKey="${escapeXml(key)}">` +
    casebook.signature +
    annotationsXml(casebook.annotations);
  const grouped = formatter && auditEvents ? groupAuditByEntity(patient.id, auditEvents) : null;
  const entityAudit = (events: readonly ExportAuditEvent[] | undefined) =>
    formatter && events && events.length > 0 ? { attribution: attributeAudit(events), formatter } : null;

  const enrollment = model.enrollment;
  const queries = patient.queries ?? [];
  const patientNotes = recordAnnotations(
    patient.review,
    queries.filter((query) => query.entity_type === "patient"),
    enrollment.itemKeys,
    deidentified,
  );
  // StudyEventData: AuditRecord?, Signature?, Annotation*, FormData* (ODM 1.3.2).
  out +=
    enrollment.dataOpen +
    ">" +
    (patientNotes ? annotationsXml(patientNotes.record) : "") +
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
      patientNotes,
    ) +
    "</StudyEventData>";

  for (const visit of patient.visits) {
    const event = model.visitEvents.get(visit.visit_type) ?? model.otherVisitEvent;
    const notes = recordAnnotations(
      visit.review,
      queries.length === 0 ? queries : queries.filter((query) => query.visit_id === visit.id),
      event.itemKeys,
      deidentified,
    );
    const visitSigned = signed(
      signatures.length === 0
        ? signatures
        : signatures.filter((signature) => signature.visit_id === visit.id),
    );
    // StudyEventData: AuditRecord?, Signature?, Annotation*, FormData* (ODM 1.3.2).
    out +=
      event.dataOpen +
      ` StudyEventRepeatKey="${visit.visit_number}">` +
      visitSigned.signature +
      annotationsXml([...(notes ? notes.record : []), ...visitSigned.annotations]) +
      formsXml(event.forms, visitSources(visit), entityAudit(grouped?.visits.get(visit.id)), notes) +
      "</StudyEventData>";
  }
  return out + "</SubjectData>";
}
