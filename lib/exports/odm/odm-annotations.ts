/**
 * Data review in the ODM file (decisions 0016, 0030, 0031; mapping in docs/odm-export.md): source
 * data verification, data queries and form status as ODM 1.3.2 `Annotation`s. Pure.
 *
 * - A verified (or cleared) field: an Annotation on its ItemData, `Flag` = FlagValue `verified` /
 *   `cleared` (code list CL.SDV_STATUS) with FlagType `SDV` (CL.REVIEW_FLAG_TYPE); the `Comment`
 *   holds who and when as JSON (ODM's Annotation has no AuditRecord of its own).
 * - A query: an Annotation on the ItemData of its field, Flag = its status (CL.QUERY_STATUS) with
 *   FlagType `QUERY`; the Comment holds the thread as JSON, in the columns of the queries CSV.
 * - A record's form status, when it has moved past `in_progress` (the default, left unsaid so the
 *   file does not grow by one element per visit): an Annotation on its StudyEventData, Flag = the
 *   status (CL.FORM_STATUS) with FlagType `FORM_STATUS`.
 * A query on the visit as a whole, and a query or verification of a field the file has no item
 * for (the patient code, the visit number, a field no longer configured) go on the StudyEventData
 * of their record, with the field named in the Comment. An item annotated but holding no value is
 * written as `<ItemData IsNull="Yes">`: the annotation says something about that very gap.
 * Electronic signatures other than a record's one `Signature` (decision 0032) are annotations too,
 * with FlagType `SIGNATURE` and CL.SIGNATURE_STATE (odm-signatures.ts).
 */
import type { ExportQuery, ExportReview } from "../export-records";
import { queryStepColumns } from "../query-step-rows";
import type { OdmCodeList } from "./odm-model";
import { escapeXml } from "./xml-escape";

/** The review code lists' OIDs, handed out before any of the study's own (build-odm-model.ts). */
export const REVIEW_CODE_LIST_OIDS = {
  flagType: "CL.REVIEW_FLAG_TYPE",
  sdv: "CL.SDV_STATUS",
  query: "CL.QUERY_STATUS",
  formStatus: "CL.FORM_STATUS",
  signatureState: "CL.SIGNATURE_STATE",
} as const;

/** The review code lists of every ODM export's MetaDataVersion. */
export const REVIEW_CODE_LISTS: readonly OdmCodeList[] = [
  {
    oid: REVIEW_CODE_LIST_OIDS.flagType,
    name: "Data review annotation",
    items: [
      { codedValue: "SDV", decode: "Source data verification" },
      { codedValue: "QUERY", decode: "Data query" },
      { codedValue: "FORM_STATUS", decode: "Form status" },
      { codedValue: "SIGNATURE", decode: "Electronic signature" },
    ],
  },
  {
    oid: REVIEW_CODE_LIST_OIDS.sdv,
    name: "Source data verification status",
    items: [
      { codedValue: "verified", decode: "Verified against the source" },
      { codedValue: "cleared", decode: "Verification cleared by a change of the value" },
    ],
  },
  {
    oid: REVIEW_CODE_LIST_OIDS.query,
    name: "Data query status",
    items: [
      { codedValue: "open", decode: "Open" },
      { codedValue: "answered", decode: "Answered" },
      { codedValue: "closed", decode: "Closed" },
    ],
  },
  {
    oid: REVIEW_CODE_LIST_OIDS.formStatus,
    name: "Form status",
    items: [
      { codedValue: "in_progress", decode: "In progress" },
      { codedValue: "complete", decode: "Complete" },
      { codedValue: "verified", decode: "Verified" },
      { codedValue: "locked", decode: "Locked" },
    ],
  },
  {
    oid: REVIEW_CODE_LIST_OIDS.signatureState,
    name: "Electronic signature state",
    items: [
      { codedValue: "valid", decode: "Valid" },
      { codedValue: "invalidated", decode: "Invalidated by a later change of the signed data" },
    ],
  },
];

/** One record's annotations: by item key (field name), and those of the record itself. */
export type RecordAnnotations = { byField: Map<string, string[]>; record: string[] };

export function annotationBody(comment: unknown, value: string, valueList: string, type: string): string {
  return (
    `<Comment>${escapeXml(JSON.stringify(comment))}</Comment>` +
    `<Flag><FlagValue CodeListOID="${valueList}">${escapeXml(value)}</FlagValue>` +
    `<FlagType CodeListOID="${REVIEW_CODE_LIST_OIDS.flagType}">${type}</FlagType></Flag>`
  );
}

/** A query thread as the Comment's JSON: the queries CSV's columns (decision 0030), its steps in order. */
function threadJson(query: ExportQuery, deidentified: boolean): Record<string, unknown> {
  const columns = new Set<string>(queryStepColumns({ deidentify: deidentified }));
  // De-identified, the Annotation is the thread: no internal id (the CSV numbers threads instead).
  if (deidentified) columns.delete("query_id");
  const pick = (entries: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entries).filter(([key]) => columns.has(key)));
  return {
    ...pick({
      query_id: query.id,
      entity_type: query.entity_type,
      visit_number: query.visit_number,
      visit_type: query.visit_type,
      field: query.field,
      query_status: query.status,
      assignee_id: query.assignee_id,
      days_open: query.days_open,
    }),
    steps: query.steps.map((step) =>
      pick({
        step_kind: step.kind,
        step_category: step.category,
        step_text: step.text,
        step_author: step.user_name,
        step_time: step.created_at,
      }),
    ),
  };
}

/**
 * The annotations of one record (the patient's own, or one visit): `itemKeys` are the keys of the
 * items its event's forms can write (others go on the record). Null when there is nothing to say.
 */
export function recordAnnotations(
  review: ExportReview | undefined,
  queries: readonly ExportQuery[],
  itemKeys: ReadonlySet<string>,
  deidentified: boolean,
): RecordAnnotations | null {
  const hasStatus = review !== undefined && review.form_status !== "in_progress";
  if (!hasStatus && (review?.verification.length ?? 0) === 0 && queries.length === 0) return null;
  const notes: RecordAnnotations = { byField: new Map(), record: [] };
  const add = (field: string | null, body: string) => {
    if (field === null || !itemKeys.has(field)) return void notes.record.push(body);
    const list = notes.byField.get(field);
    if (list) list.push(body);
    else notes.byField.set(field, [body]);
  };
  if (review && hasStatus) {
    const status: Record<string, unknown> = {
      form_status: review.form_status,
      completed_at: review.completed_at,
    };
    if (!deidentified) status.completed_by = review.completed_by;
    notes.record.push(
      annotationBody(status, review.form_status, REVIEW_CODE_LIST_OIDS.formStatus, "FORM_STATUS"),
    );
  }
  for (const entry of review?.verification ?? []) {
    const comment: Record<string, unknown> = { field: entry.field, state: entry.state };
    if (!deidentified) comment.verified_by = entry.verified_by;
    comment.verified_at = entry.verified_at;
    if (entry.state === "cleared") {
      if (!deidentified) comment.cleared_by = entry.cleared_by;
      comment.cleared_at = entry.cleared_at;
    }
    add(entry.field, annotationBody(comment, entry.state, REVIEW_CODE_LIST_OIDS.sdv, "SDV"));
  }
  for (const query of queries)
    add(
      query.field,
      annotationBody(threadJson(query, deidentified), query.status, REVIEW_CODE_LIST_OIDS.query, "QUERY"),
    );
  return notes;
}

/** Takes a field's annotations once (an item key the forms hold twice is annotated once). */
export function takeFieldAnnotations(notes: RecordAnnotations | null, key: string): string[] | null {
  if (!notes) return null;
  const list = notes.byField.get(key);
  if (!list) return null;
  notes.byField.delete(key);
  return list;
}

/** `<Annotation>`s numbered 1, 2, 3… within their parent (SeqNum is required). */
export function annotationsXml(bodies: readonly string[]): string {
  let out = "";
  for (let i = 0; i < bodies.length; i++) out += `<Annotation SeqNum="${i + 1}">${bodies[i]}</Annotation>`;
  return out;
}
