/**
 * AuditRecords of the export (decision 0016, `includeAudit`). Each ItemData carries the audit event
 * that gave the item its current value: the latest event of its patient or visit whose new_values
 * set the item to a value different from the one it had before. Update rows store whole objects
 * (a visit's `data_fields` after the change), so "present in new_values" alone would date every
 * answer of the visit to its last edit; comparing with the previous value dates each answer to
 * the change that made it. An item no event names (a column added later, a therapy line's own
 * edit) is dated by its entity's create event, else its first event.
 */
import type { ExportAuditEvent } from "../export-records";
import { escapeXml as x } from "./xml-escape";

/**
 * A user the audit rows may name, listed in AdminData so that `UserRef/@UserOID` resolves.
 * The caller passes everyone who appears in the study's audit rows (a DISTINCT over them).
 */
export type OdmUser = { id: number; email: string | null; name?: string | null };

/** Actions the system took without a signed-in user (user_id null). */
export const SYSTEM_USER_OID = "USR.SYSTEM";
/** A user id the caller did not list: referenced here rather than left dangling. */
export const UNLISTED_USER_OID = "USR.UNLISTED";
/** The one location of every AuditRecord: the registry the data was entered in. */
export const REGISTRY_LOCATION_OID = "LOC.REGISTRY";

export const userOid = (id: number) => `USR.${id}`;

/** new_values keys whose value is an object of answers, each answer its own item. */
const NESTED = new Set(["custom_fields", "data_fields", "calculated_values"]);

/** Which event dated each item of one patient or visit. */
export type AuditAttribution = {
  byKey: Map<string, ExportAuditEvent>;
  fallback: ExportAuditEvent | null;
};

/** Walks one entity's events, oldest first, remembering for each item the event that last changed it. */
export function attributeAudit(events: readonly ExportAuditEvent[]): AuditAttribution {
  const byKey = new Map<string, ExportAuditEvent>();
  const previous = new Map<string, unknown>();
  let created: ExportAuditEvent | null = null;
  const note = (key: string, value: unknown, event: ExportAuditEvent) => {
    const comparable = typeof value === "object" && value !== null ? JSON.stringify(value) : value;
    if (previous.has(key) && previous.get(key) === comparable) return;
    previous.set(key, comparable);
    byKey.set(key, event);
  };
  for (const event of events) {
    if (created === null && event.action === "create") created = event;
    const values = event.new_values;
    if (!values) continue;
    for (const key of Object.keys(values)) {
      const value = values[key];
      if (NESTED.has(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
        const answers = value as Record<string, unknown>;
        for (const name of Object.keys(answers)) note(`${key}.${name}`, answers[name], event);
      } else {
        note(key, value, event);
      }
    }
  }
  return { byKey, fallback: created ?? events[0] ?? null };
}

/** A subject's events split by entity: the patient's own, and each visit's by visit id. */
export function groupAuditByEntity(
  patientId: number,
  events: readonly ExportAuditEvent[],
): { patient: ExportAuditEvent[]; visits: Map<number, ExportAuditEvent[]> } {
  const patient: ExportAuditEvent[] = [];
  const visits = new Map<number, ExportAuditEvent[]>();
  for (const event of events) {
    if (event.entity_type === "patient") {
      if (event.entity_id === patientId) patient.push(event);
      continue;
    }
    const list = visits.get(event.entity_id);
    if (list) list.push(event);
    else visits.set(event.entity_id, [event]);
  }
  return { patient, visits };
}

const XS_DATETIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** The timestamp as xs:dateTime; PostgreSQL's text form (space, `+00`) is read through Date. */
function dateTimeStamp(timestamp: string): string {
  if (XS_DATETIME.test(timestamp)) return timestamp;
  const parsed = new Date(timestamp);
  return Number.isNaN(parsed.getTime()) ? "1970-01-01T00:00:00Z" : parsed.toISOString();
}

/** Formats AuditRecords, each event once per subject (many items share one event). */
export class AuditRecordFormatter {
  private readonly listed: Set<number>;
  private cache = new Map<ExportAuditEvent, string>();

  constructor(users: readonly OdmUser[]) {
    this.listed = new Set(users.map((user) => user.id));
  }

  /** Forget the previous subject's events (they are garbage once its SubjectData is written). */
  reset(): void {
    if (this.cache.size > 0) this.cache = new Map();
  }

  record(event: ExportAuditEvent): string {
    const cached = this.cache.get(event);
    if (cached !== undefined) return cached;
    const user =
      event.user_id === null
        ? SYSTEM_USER_OID
        : this.listed.has(event.user_id)
          ? userOid(event.user_id)
          : UNLISTED_USER_OID;
    let out =
      `<AuditRecord><UserRef UserOID="${user}"/><LocationRef LocationOID="${REGISTRY_LOCATION_OID}"/>` +
      `<DateTimeStamp>${x(dateTimeStamp(event.timestamp))}</DateTimeStamp>`;
    if (event.reason && event.reason.trim()) out += `<ReasonForChange>${x(event.reason)}</ReasonForChange>`;
    // Which audit row this is, as far as the export knows it: the audit trail has the rest.
    out += `<SourceID>${x(`audit ${event.entity_type} ${event.entity_id} ${event.action}`)}</SourceID></AuditRecord>`;
    this.cache.set(event, out);
    return out;
  }
}
