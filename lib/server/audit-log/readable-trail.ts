import "server-only";
import type { Queryable } from "@/db/client";
import { trailReader, type TrailVocabulary } from "@/lib/audit-view/readable-changes";
import {
  groupRecalculations,
  recalculationLink,
  type GroupableRow,
  type RecalculationLink,
} from "@/lib/audit-view/trail-grouping";
import { formatFor } from "@/lib/i18n/format";
import { PATIENT_COLUMNS } from "@/lib/schemas/patients";
import type { Locale } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import type { ReadableAudit, TrailSubject } from "@/lib/schemas/readable-audit";
import { DEFAULT_MISSING_CODES, type StudyConfig } from "@/lib/schemas/study-config";
import { translatorFor } from "../i18n/translator";
import { readStoredConfig } from "../studies/stored-config";
import { readGroupNames, readTrailSubjects } from "../clinical/trail-subject-queries";
import { readStudyConfigs } from "./readable-trail-queries";

/** The columns of a trail row the readable form is made from. */
export type ReadableSource = GroupableRow & { study_id: number | null };

/** Rows about clinical records: the ones given a readable form. */
const CLINICAL = new Set(["patient", "visit"]);

/** The product's own columns named by the catalogue (api.trail.fields.*). */
const PRODUCT_FIELDS = new Set([
  "code",
  ...PATIENT_COLUMNS,
  "medical_group_id",
  "visit_number",
  "visit_date",
  "visit_type",
  "is_continuing_therapy",
  "enrollment_date",
  // Electronic signatures (decision 0032) and the import that wrote a record (decision 0037).
  "signature_id",
  "signer_name",
  "meaning_text",
  "signed_at",
  "proof",
  "signature_state",
  "invalidated_by",
  "import_job",
]);

/** Product columns whose values are codes, read through the catalogue (`api.trail.values`). */
const CODED_VALUES = new Set(["proof", "signature_state"]);

/** Configurations in one language, by study, version and language: each is read once per process. */
const configCache = new Map<string, StudyConfig | null>();
const MAX_CONFIGS = 200;

async function configsInWords(tx: Queryable, studyIds: number[], locale: Locale) {
  const out = new Map<number, StudyConfig | null>();
  for (const row of await readStudyConfigs(tx, studyIds)) {
    const key = `${row.id}:${row.version}:${locale}`;
    let config = configCache.get(key);
    if (config === undefined) {
      const stored = readStoredConfig(row);
      config = stored.ok
        ? configIn(
            { ...stored.config, missing_codes: stored.config.missing_codes ?? [...DEFAULT_MISSING_CODES] },
            locale,
          )
        : null;
      if (configCache.size >= MAX_CONFIGS) configCache.delete(configCache.keys().next().value!);
      configCache.set(key, config);
    }
    out.set(row.id, config);
  }
  return out;
}

/**
 * Trail rows with their readable form (docs/decisions/0026): the record named as the screens name
 * it, each change with the study's label and both values in the reader's language, soft warnings
 * the author confirmed. With `group`, recalculations are folded under the change that caused them
 * (the patient trail); without, each row stands alone and a recalculation names its cause (the
 * admin Audit Logs page, whose paging counts rows). Labels are the study's current ones: the
 * record is named as the screens name it today.
 */
export async function withReadableForm<R extends ReadableSource>(
  tx: Queryable,
  rows: readonly R[],
  locale: Locale,
  { group }: { group: boolean },
): Promise<(R & { readable: ReadableAudit | null })[]> {
  const clinical = rows.filter((row) => CLINICAL.has(row.entity_type) && row.entity_id !== null);
  if (clinical.length === 0) return rows.map((row) => ({ ...row, readable: null }));
  const visitIds = new Set<number>();
  const patientIds = new Set<number>();
  const studyIds = new Set<number>();
  const note = (type: string, id: string) => {
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return;
    if (type === "visit") visitIds.add(n);
    else if (type === "patient") patientIds.add(n);
  };
  const groupIds = new Set<number>();
  for (const row of clinical) {
    note(row.entity_type, row.entity_id!);
    for (const values of [row.old_values, row.new_values]) {
      const id = values?.medical_group_id;
      if (row.entity_type === "patient" && typeof id === "number") groupIds.add(id);
    }
    const link = recalculationLink(row);
    if (link) note(link.entity_type, link.entity_id);
    if (row.study_id !== null) studyIds.add(row.study_id);
  }
  const [subjects, groupNames, configs, { t, words }] = await Promise.all([
    readTrailSubjects(tx, { visitIds: [...visitIds], patientIds: [...patientIds] }),
    readGroupNames(tx, [...groupIds]),
    configsInWords(tx, [...studyIds], locale),
    translatorFor(locale),
  ]);
  const fmt = formatFor(locale);
  const readers = new Map<number | null, ReturnType<typeof trailReader>>();
  const readerFor = (studyId: number | null) => {
    let reader = readers.get(studyId);
    if (!reader) {
      const vocabulary: TrailVocabulary = {
        fmt,
        yes: t("api.trail.yes"),
        no: t("api.trail.no"),
        productLabel: (field) => (PRODUCT_FIELDS.has(field) ? t(`api.trail.fields.${field}`) : null),
        groupName: (id) => groupNames.get(id) ?? null,
        productValue: (field, value, label) => {
          if (CODED_VALUES.has(field) && typeof value === "string")
            return t(`api.trail.values.${field}.${value}`);
          if (field === "signed_at" && typeof value === "string") return fmt.dateTime(value);
          if (field === "invalidated_by" && typeof value === "object" && value !== null) {
            const cause = value as { visit_number?: unknown; fields?: unknown };
            const fields = Array.isArray(cause.fields) ? cause.fields.map((f) => label(String(f))) : [];
            return t("api.trail.values.invalidatedBy", {
              record:
                typeof cause.visit_number === "number"
                  ? t("api.trail.values.visit", { n: cause.visit_number })
                  : t("api.trail.values.patient"),
              fields: fields.join(", "),
              count: fields.length,
            });
          }
          return null;
        },
        missingCode: (code, label) => (label ? t("api.trail.missingCode", { code, label }) : code),
        config: studyId === null ? null : (configs.get(studyId) ?? null),
      };
      reader = trailReader(vocabulary);
      readers.set(studyId, reader);
    }
    return reader;
  };
  const subjectOf = (type: string, id: string | null, studyId: number | null): TrailSubject | null => {
    if (id === null || !CLINICAL.has(type)) return null;
    if (type === "patient")
      return {
        kind: "patient",
        patient_code: subjects.patients.get(Number(id))?.code ?? null,
        visit_number: null,
        visit_type: null,
        visit_type_label: null,
      };
    const visit = subjects.visits.get(Number(id));
    return {
      kind: "visit",
      patient_code: null,
      visit_number: visit?.visitNumber ?? null,
      visit_type: visit?.visitType ?? null,
      visit_type_label: visit
        ? (readerFor(studyId).visitTypeLabel(visit.visitType) ?? visit.visitType)
        : null,
    };
  };
  const warningsOf = (row: R): string[] => {
    const list = row.new_values?.confirmed_warnings;
    if (!Array.isArray(list)) return [];
    return list.flatMap((w: unknown) => {
      if (typeof w === "string") return [words(w)];
      if (typeof w === "object" && w !== null) {
        const { message, code } = w as Record<string, unknown>;
        if (typeof message === "string") return [words(message)];
        if (typeof code === "string") return [code];
      }
      return [];
    });
  };
  const readable = (row: R, recalculated: readonly R[]): ReadableAudit | null => {
    if (!CLINICAL.has(row.entity_type)) return null;
    const reader = readerFor(row.study_id);
    const own = reader.changes(row.old_values, row.new_values);
    const link: RecalculationLink | null = recalculationLink(row);
    const recalculations = [
      ...(own.calculated.length > 0
        ? [
            {
              entry_id: row.id,
              subject: subjectOf(row.entity_type, row.entity_id, row.study_id),
              changes: own.calculated,
            },
          ]
        : []),
      ...recalculated.map((r) => ({
        entry_id: r.id,
        subject: subjectOf(r.entity_type, r.entity_id, r.study_id),
        changes: readerFor(r.study_id).changes(r.old_values, r.new_values).calculated,
      })),
    ];
    return {
      subject: subjectOf(row.entity_type, row.entity_id, row.study_id),
      changes: own.changes,
      recalculations,
      recalculated_after: link ? subjectOf(link.entity_type, link.entity_id, row.study_id) : null,
      confirmed_warnings: warningsOf(row),
    };
  };
  if (!group) return rows.map((row) => ({ ...row, readable: readable(row, []) }));
  return groupRecalculations(rows).map((g) => ({ ...g.row, readable: readable(g.row, g.recalculations) }));
}
