import { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";
import { QUERY_RECORD_COLUMNS } from "./query-states";

/**
 * Source data verification and form status (decision 0031): the states, the shape of a record's
 * verification, and the rules that derive one from the other. Pure, so the server's writes, the
 * screens' badges and the tests read the same rule.
 */

/** A record's form status, in the order a record goes through them. */
export const FORM_STATUSES = ["in_progress", "complete", "verified", "locked"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** The study's SDV requirement: nothing, the fields flagged 'SDV required', or every field. */
export const SDV_REQUIREMENTS = ["none", "key", "all"] as const;
export type SdvRequirement = (typeof SDV_REQUIREMENTS)[number];

/** The entities a verification or a form status belongs to. */
export const REVIEW_ENTITIES = ["patient", "visit"] as const;
export type ReviewEntity = (typeof REVIEW_ENTITIES)[number];

/**
 * One field's verification, as stored with the record (`verification` jsonb: field → entry).
 * A verified value names who verified it and when. A change of the value replaces the entry with
 * a cleared one, in the transaction of the change, keeping who had verified it: the screens say
 * "verification cleared by change on …". Un-verifying by hand removes the entry (its reason is in
 * the audit row).
 */
export type VerificationEntry =
  | { state: "verified"; by: number; at: string }
  | { state: "cleared"; by: number; at: string; verified_by: number; verified_at: string };
export type Verification = Record<string, VerificationEntry>;

/**
 * The verification after a write changed `changed` fields: each verified field among them becomes
 * cleared by `by` at `at`; the others are kept. Returns null when nothing verified was changed, so
 * a write that touched no verified value leaves the column as it was.
 */
export function clearChangedVerification(
  verification: Verification,
  changed: readonly string[],
  by: number,
  at: string,
): { verification: Verification; cleared: string[] } | null {
  const cleared = changed.filter((field) => verification[field]?.state === "verified");
  if (cleared.length === 0) return null;
  const next: Verification = { ...verification };
  for (const field of cleared) {
    const entry = verification[field] as Extract<VerificationEntry, { state: "verified" }>;
    next[field] = { state: "cleared", by, at, verified_by: entry.by, verified_at: entry.at };
  }
  return { verification: next, cleared };
}

/** The fields whose values differ between two snapshots of a record (by their JSON). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null),
  );
}

/** What decides a record's form status. */
export type FormStatusFacts = {
  locked: boolean;
  completed: boolean;
  /** The fields the study requires verified for this record (sdvRequiredFields). */
  required: readonly string[];
  verification: Verification;
};

/**
 * in progress until the site marks the record complete; complete until every field the study
 * requires verified is verified (a study that requires none keeps its records complete); locked
 * over all of them.
 */
export function formStatusOf(facts: FormStatusFacts): FormStatus {
  if (facts.locked) return "locked";
  if (!facts.completed) return "in_progress";
  const allVerified = facts.required.every((field) => facts.verification[field]?.state === "verified");
  return allVerified && facts.required.length > 0 ? "verified" : "complete";
}

/** Counts of verified and required fields: an SDV page row's progress. */
export function sdvProgress(required: readonly string[], verification: Verification) {
  return {
    required: required.length,
    verified: required.filter((field) => verification[field]?.state === "verified").length,
  };
}

/** A record's own columns that can be verified (the ones a query may name, but the patient's code). */
export const VERIFIABLE_RECORD_COLUMNS = {
  patient: QUERY_RECORD_COLUMNS.patient.filter((column) => column !== "code"),
  visit: QUERY_RECORD_COLUMNS.visit.filter((column) => column !== "visit_number"),
} as const satisfies Record<ReviewEntity, readonly string[]>;

/** What the requirement reads of one of the study's fields. */
export type SdvFieldFlag = { name: string; sdv_required?: boolean };

/**
 * The fields the study requires verified on one record: nothing under "none"; under "key" the
 * fields flagged 'SDV required' that hold an answer (a value or a missing-data code); under "all"
 * every study field holding an answer and the record's own columns. A field never answered has
 * no source value to compare, so it is not required.
 */
export function sdvRequiredFields(
  requirement: SdvRequirement,
  entity: ReviewEntity,
  fields: readonly SdvFieldFlag[],
  answered: (field: string) => boolean,
): string[] {
  if (requirement === "none") return [];
  const studyFields = fields
    .filter((field) => (requirement === "all" || field.sdv_required === true) && answered(field.name))
    .map((field) => field.name);
  return requirement === "all" ? [...VERIFIABLE_RECORD_COLUMNS[entity], ...studyFields] : studyFields;
}

// ---------------------------------------------------------------------------------------------
// API contracts (decision 0031)
// ---------------------------------------------------------------------------------------------

export const REVIEW_MESSAGES = {
  fieldsRequired: messageRef("api.review.fieldsRequired"),
  unknownField: (field: string) => messageRef("api.review.unknownField", { field }),
  notVerified: (field: string) => messageRef("api.review.notVerified", { field }),
  verifyRole: messageRef("api.review.verifyRole"),
  alreadyComplete: messageRef("api.review.alreadyComplete"),
  notComplete: messageRef("api.review.notComplete"),
} as const;

export const VerificationEntrySchema = z.union([
  z.object({ state: z.literal("verified"), by: z.number(), at: z.string() }),
  z.object({
    state: z.literal("cleared"),
    by: z.number(),
    at: z.string(),
    verified_by: z.number(),
    verified_at: z.string(),
  }),
]);

/** What a patient or visit answer carries of its review. */
export const ReviewFields = {
  form_status: z.enum(FORM_STATUSES),
  completed_at: z.string().nullable(),
  completed_by: z.number().nullable(),
  /** Field → its verification: verified (by, at) or cleared by a change (by, at, and who had verified it). */
  verification: z.record(z.string(), VerificationEntrySchema),
};
