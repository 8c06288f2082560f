import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { patients } from "./patients";
import { inList } from "./sql-helpers";
import { studies } from "./studies";
import { users } from "./users";
import { visits } from "./visits";
import { SIGNATURE_ENTITY_TYPES, type SignatureEntityType } from "../../lib/schemas/signature-entities";

/**
 * An electronic signature (21 CFR 11.50, 11.70; decision 0032): a signer's sign-off of one visit or
 * of a patient's whole casebook, with its manifestation (printed name, instant, meaning) and the
 * SHA-256 of exactly the data signed. Append-only: the database refuses UPDATE, DELETE and TRUNCATE
 * (migration 0023). A later change of the signed data does not touch the row: it adds a
 * `signature_invalidations` row, so the signature stays on record with its state.
 */
export const signatures = pgTable(
  "signatures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    patientId: integer("patient_id").notNull(),
    // The visit signed; null for a patient's casebook.
    visitId: integer("visit_id").references(() => visits.id),
    entityType: text("entity_type").$type<SignatureEntityType>().notNull(),
    signerId: integer("signer_id")
      .notNull()
      .references(() => users.id),
    // The signer's printed name as it was when they signed (11.50(a)(1)).
    signerName: text("signer_name").notNull(),
    // The meaning's key in the study's list, and its words as the signer saw them (11.50(a)(3)).
    meaning: text("meaning").notNull(),
    meaningText: text("meaning_text").notNull(),
    signedAt: instant("signed_at").notNull().defaultNow(),
    // SHA-256 (hex) of the canonical JSON of the signed data (lib/schemas/signed-data.ts).
    dataHash: text("data_hash").notNull(),
    // The records and versions the hash covers, so a change names the signatures it invalidates.
    covered: jsonb("covered").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    check("signatures_entity_type_check", inList(t.entityType, SIGNATURE_ENTITY_TYPES)),
    check("signatures_entity_visit_check", sql`(${t.entityType} = 'visit') = (${t.visitId} is not null)`),
    check("signatures_hash_check", sql`${t.dataHash} ~ '^[0-9a-f]{64}$'`),
    foreignKey({
      name: "signatures_patient_same_study_fk",
      columns: [t.patientId, t.studyId],
      foreignColumns: [patients.id, patients.studyId],
    }),
    index("signatures_patient_idx").on(t.patientId, t.id),
    // The ODM export's metadata reads a study's signers and meanings (export-signature-queries.ts).
    index("signatures_study_meaning_idx").on(t.studyId, t.meaning),
    index("signatures_visit_idx")
      .on(t.visitId)
      .where(sql`${t.visitId} is not null`),
  ],
);

/**
 * A signature invalidated by a later change of the data it covered (decision 0032): written in the
 * change's own transaction, at most once per signature, append-only like the signature.
 */
export const signatureInvalidations = pgTable("signature_invalidations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  signatureId: integer("signature_id")
    .notNull()
    .unique()
    .references(() => signatures.id),
  invalidatedAt: instant("invalidated_at").notNull().defaultNow(),
  changedBy: integer("changed_by").references(() => users.id),
  // What changed: { entity_type, entity_id, fields } (the trail holds the values).
  cause: jsonb("cause").$type<Record<string, unknown>>().notNull(),
});

/**
 * Single-use recovery codes of a user's second factor (decision 0033): only their SHA-256 is kept;
 * `used_at` is set once, when one is spent. A new enrolment or an admin reset replaces them all.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);
