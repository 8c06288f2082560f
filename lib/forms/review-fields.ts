import {
  formStatusOf,
  sdvRequiredFields,
  VERIFIABLE_RECORD_COLUMNS,
  type FormStatus,
  type ReviewEntity,
  type Verification,
} from "@/lib/schemas/data-review";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { isEmptyValue } from "./conditions";
import { fieldsForEntity } from "./field-state";

/**
 * What the data review (decision 0031) reads of a study's fields and of one record: which names a
 * verification may carry, which the study requires verified, what "all" means, and the form status.
 * Pure, so the server's writes and the patient page's badges count the same fields.
 */

/** What the review reads of the study's configuration. */
export type ReviewConfig = Pick<StudyConfig, "data_fields" | "sdv_requirement">;

/** A record's answers: study-field values, missing-data codes, and its own columns. */
export type ReviewedRecord = {
  values: Record<string, unknown>;
  missing: Record<string, string>;
  columns: Record<string, unknown>;
  locked: boolean;
  /** When the site marked it complete (a Date on the server, its ISO text in an answer). */
  completedAt: Date | string | null;
  verification: Verification;
};

/** The study fields of an entity, by name. */
export function studyFieldNames(config: ReviewConfig, entity: ReviewEntity): string[] {
  return fieldsForEntity(config.data_fields, entity).map((field) => field.name);
}

/** Every name a verification may carry on this entity: its own columns and its study fields. */
export function verifiableFields(config: ReviewConfig, entity: ReviewEntity): string[] {
  return [...VERIFIABLE_RECORD_COLUMNS[entity], ...studyFieldNames(config, entity)];
}

function answeredIn(record: ReviewedRecord): (field: string) => boolean {
  return (field) => Object.hasOwn(record.missing, field) || !isEmptyValue(record.values[field]);
}

/** The fields the study requires verified on this record. */
export function requiredVerification(
  config: ReviewConfig,
  entity: ReviewEntity,
  record: ReviewedRecord,
): string[] {
  return sdvRequiredFields(
    config.sdv_requirement ?? "none",
    entity,
    fieldsForEntity(config.data_fields, entity),
    answeredIn(record),
  );
}

/** The fields "all" names: the record's own columns and every answered study field. */
export function answeredFields(config: ReviewConfig, entity: ReviewEntity, record: ReviewedRecord): string[] {
  return [
    ...VERIFIABLE_RECORD_COLUMNS[entity],
    ...studyFieldNames(config, entity).filter(answeredIn(record)),
  ];
}

export function formStatusFor(
  config: ReviewConfig,
  entity: ReviewEntity,
  record: ReviewedRecord,
): FormStatus {
  return formStatusOf({
    locked: record.locked,
    completed: record.completedAt !== null,
    required: requiredVerification(config, entity, record),
    verification: record.verification,
  });
}
