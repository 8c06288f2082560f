/**
 * The readable form of a clinical audit row (docs/decisions/0026): which record in the words the
 * screens use (visit number and type, patient code), each changed field with the study's label and
 * its old and new value formatted for the reader, and the recalculations the change caused. The
 * raw `old_values` / `new_values` stay beside it, unchanged: this is a reading, not the record. Pure.
 */
import { z } from "zod";

/** The record a row is about, as the screens name it; never its database id. */
export const TrailSubject = z.object({
  kind: z.enum(["patient", "visit"]),
  /** The patient's code (the patient's own rows). */
  patient_code: z.string().nullable(),
  visit_number: z.number().nullable(),
  /** The visit type's code and its label in the study's words, in the reader's language. */
  visit_type: z.string().nullable(),
  visit_type_label: z.string().nullable(),
});
export type TrailSubject = z.infer<typeof TrailSubject>;

/** One changed field: the label and both values as the reader reads them ('' for blank). */
export const TrailChange = z.object({
  field: z.string(),
  label: z.string(),
  old_text: z.string(),
  new_text: z.string(),
  /** The values as stored, for a script that wants them. */
  old: z.unknown(),
  new: z.unknown(),
});
export type TrailChange = z.infer<typeof TrailChange>;

/** Calculated values that moved because of a change: of the changed visit itself, or of another. */
export const TrailRecalculation = z.object({
  /** The audit row that records it (the change's own row for its own calculated values). */
  entry_id: z.number(),
  subject: TrailSubject.nullable(),
  changes: z.array(TrailChange),
});
export type TrailRecalculation = z.infer<typeof TrailRecalculation>;

export const ReadableAudit = z.object({
  subject: TrailSubject.nullable(),
  changes: z.array(TrailChange),
  recalculations: z.array(TrailRecalculation),
  /** A recalculation shown on its own (its cause is on another page): what caused it. */
  recalculated_after: TrailSubject.nullable(),
  /** Soft warnings the author confirmed with this change (decision 0024), in the reader's words. */
  confirmed_warnings: z.array(z.string()),
});
export type ReadableAudit = z.infer<typeof ReadableAudit>;
