import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt, version } from "./columns";
import { patients } from "./patients";
import { inList } from "./sql-helpers";
import { studies } from "./studies";
import { users } from "./users";
import { visits } from "./visits";
import {
  QUERY_ENTITY_TYPES,
  QUERY_RESPONSE_CATEGORIES,
  QUERY_STATUSES,
  QUERY_STEP_KINDS,
  type QueryEntityType,
  type QueryResponseCategory,
  type QueryStatus,
  type QueryStepKind,
} from "../../lib/schemas/query-states";

/**
 * A data query (decision 0030): a question a reviewer asks the site about one value of a patient
 * or a visit (`field`), or about a visit as a whole (no field). Never deleted: its life is the
 * thread of `query_steps`, each also an audit row. The patient is kept on every query (a visit's
 * patient for a visit query) so the clinical scope filters queries as it filters patients.
 */
export const queries = pgTable(
  "queries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    patientId: integer("patient_id").notNull(),
    // The visit asked about; null for a query on a patient's own field.
    visitId: integer("visit_id"),
    entityType: text("entity_type").$type<QueryEntityType>().notNull(),
    // A field of the entity, or null for the visit as a whole.
    field: text("field"),
    status: text("status").$type<QueryStatus>().notNull().default("open"),
    assigneeId: integer("assignee_id").references(() => users.id),
    openedBy: integer("opened_by")
      .notNull()
      .references(() => users.id),
    closedAt: instant("closed_at"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("queries_entity_type_check", inList(t.entityType, QUERY_ENTITY_TYPES)),
    check("queries_status_check", inList(t.status, QUERY_STATUSES)),
    // A visit query names its visit; a patient query names none.
    check("queries_entity_visit_check", sql`(${t.entityType} = 'visit') = (${t.visitId} is not null)`),
    foreignKey({
      name: "queries_patient_same_study_fk",
      columns: [t.patientId, t.studyId],
      foreignColumns: [patients.id, patients.studyId],
    }),
    // The service takes patient_id from the visit itself (lib/server/queries/query-service.ts).
    foreignKey({ name: "queries_visit_fk", columns: [t.visitId], foreignColumns: [visits.id] }),
    // The Queries page: a study's queries newest first, by status or not, keyset on (created_at, id).
    index("queries_study_created_idx").on(t.studyId, t.createdAt, t.id),
    index("queries_study_status_created_idx").on(t.studyId, t.status, t.createdAt, t.id),
    // The badges of one patient's page, and the header's own open queries.
    index("queries_patient_idx").on(t.patientId),
    index("queries_assignee_status_idx")
      .on(t.assigneeId, t.status)
      .where(sql`${t.assigneeId} is not null`),
  ],
);

/** One step of a query's thread: its opening, a response, a close or a reopen, with its text. */
export const querySteps = pgTable(
  "query_steps",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    queryId: integer("query_id")
      .notNull()
      .references(() => queries.id),
    kind: text("kind").$type<QueryStepKind>().notNull(),
    // Responses only: why the value is as it is (or was corrected).
    category: text("category").$type<QueryResponseCategory>(),
    text: text("text").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("query_steps_kind_check", inList(t.kind, QUERY_STEP_KINDS)),
    check(
      "query_steps_category_check",
      sql`(${t.kind} = 'response') = (${t.category} is not null) and (${t.category} is null or ${inList(t.category, QUERY_RESPONSE_CATEGORIES)})`,
    ),
    index("query_steps_query_idx").on(t.queryId, t.id),
  ],
);
