import "server-only";
import {
  fieldState,
  groupFieldsByCategory,
  missingCodesOf,
  missingCodeText,
  type FieldGroup,
} from "@/lib/forms";
import { requiredVerification } from "@/lib/forms/review-fields";
import { calculatedText, isUnanswered, valueText } from "@/lib/forms/value-text";
import { formatFor, type Formatter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { sdvProgress, type ReviewEntity, type Verification } from "@/lib/schemas/data-review";
import type { DataField, StudyConfig } from "@/lib/schemas/study-config";
import type { PatientRow } from "../clinical/patient-queries";
import type { QueryListRow, QueryStepView } from "../clinical/query-queries";
import { reviewedPatient, reviewedVisit } from "../clinical/review-state";
import type { SignatureView } from "../clinical/signature-queries";
import type { VisitRow } from "../clinical/visit-queries";
import type { CasebookBlock, CasebookCell, CasebookLayout } from "./casebook-pdf";

/** Everything the casebook prints, read by the service (casebook-service.ts). */
export type CasebookData = {
  locale: Locale;
  generatedAt: Date;
  generatedBy: string;
  study: { name: string; code: string };
  /** The study's configuration in the reader's language (decision 0022). */
  config: StudyConfig;
  patient: PatientRow;
  /** Live visits, by number. */
  visits: VisitRow[];
  queries: QueryListRow[];
  steps: QueryStepView[];
  signatures: SignatureView[];
  /** Full names of the people the review state names (verifiers). */
  userNames: ReadonlyMap<number, string>;
};

type Translate = (key: string, values?: Record<string, string | number>) => string;
type Words = { t: Translate; words: (text: string) => string };

/** Columns of the field tables: label, value, its source verification. */
const FIELD_WIDTHS = [0.3, 0.38, 0.32];

/** The patient's own columns, in the patient page's order, with their catalogue labels. */
const PATIENT_COLUMNS = [
  ["birth_date", "birthDate"],
  ["sex", "sex"],
  ["height_cm", "height"],
  ["weight_kg", "weight"],
  ["naive_systemic", "naiveSystemic"],
  ["naive_biologic", "naiveBiologic"],
] as const;
/** Shown from the patient's own columns, not twice (as on the patient page). */
const SHOWN_AS_COLUMNS = new Set(["naive_systemic", "naive_biologic"]);

/**
 * The casebook of one patient as blocks in the reader's language (docs/decisions/0035): the title
 * block, the patient's own columns and fields, every live visit with its fields and calculations,
 * the review state of each record, the data queries with their threads, and the signatures with
 * their manifestation. What a value is (an answer, a missing-data code, nothing) is said as on the
 * patient page: nothing invents an answer (decision 0023).
 */
export function casebookLayout(data: CasebookData, { t, words }: Words): CasebookLayout {
  const fmt = formatFor(data.locale);
  const codes = missingCodesOf(data.config, data.locale);
  const at = fmt.dateTime(data.generatedAt);
  const nameOf = (id: number | null) =>
    id === null ? "" : (data.userNames.get(id) ?? t("casebook.unknownUser", { id }));
  const visitTypeLabel = (code: string) =>
    data.config.visit_types.find((type) => type.code === code)?.label ?? code;
  const blocks: CasebookBlock[] = [
    { kind: "heading", level: 1, text: t("casebook.title", { code: data.patient.code }) },
    { kind: "paragraph", text: `${t("casebook.study")}: ${data.study.name} (${data.study.code})` },
    { kind: "paragraph", text: `${t("casebook.patientCode")}: ${data.patient.code}` },
    { kind: "paragraph", text: `${t("casebook.generatedAt")}: ${at}` },
    { kind: "paragraph", text: `${t("casebook.generatedBy")}: ${data.generatedBy}` },
  ];

  const verificationText = (verification: Verification, field: string): string => {
    const entry = verification[field];
    if (!entry) return "";
    if (entry.state === "verified")
      return t("casebook.review.verified", { name: nameOf(entry.by), at: fmt.dateTime(entry.at) });
    return t("casebook.review.cleared", {
      at: fmt.dateTime(entry.at),
      name: nameOf(entry.verified_by),
      verifiedAt: fmt.dateTime(entry.verified_at),
    });
  };
  const empty = (): CasebookCell => ({ text: "—", spoken: t("casebook.unanswered") });
  const coded = (code: string): CasebookCell => ({
    text: t("casebook.missingCode", { code: missingCodeText(codes, code) }),
  });
  const fieldCell = (
    field: DataField,
    values: Record<string, unknown>,
    missing: Record<string, string>,
    yesNo: { yes: string; no: string },
  ): CasebookCell => {
    if (Object.hasOwn(missing, field.name)) return coded(missing[field.name]!);
    const value = values[field.name];
    if (isUnanswered(value)) return empty();
    return { text: recordedText(field, value, yesNo, fmt) };
  };
  const header = [t("casebook.field"), t("casebook.value"), t("casebook.verification")];
  const fieldTables = (
    groups: FieldGroup[],
    record: { values: Record<string, unknown>; missing: Record<string, string>; verification: Verification },
    yesNo: { yes: string; no: string },
    otherHeading: string,
    level: 3 | 4,
  ) => {
    for (const group of groups) {
      const fields = group.fields.filter(
        (field) => !SHOWN_AS_COLUMNS.has(field.name) && fieldState(field, record.values).visible,
      );
      if (fields.length === 0) continue;
      blocks.push({ kind: "heading", level, text: group.category?.label ?? otherHeading });
      blocks.push({
        kind: "table",
        header,
        widths: FIELD_WIDTHS,
        rows: fields.map((field) => [
          { text: field.label },
          fieldCell(field, record.values, record.missing, yesNo),
          { text: verificationText(record.verification, field.name) },
        ]),
      });
    }
  };
  const reviewLines = (entity: ReviewEntity, record: ReturnType<typeof reviewedPatient>, status: string) => {
    const progress = sdvProgress(requiredVerification(data.config, entity, record), record.verification);
    blocks.push({
      kind: "paragraph",
      text: t("casebook.review.formStatus", { status: t(`formStatus.${status}`) }),
    });
    blocks.push({
      kind: "paragraph",
      muted: true,
      text:
        progress.required === 0
          ? t("casebook.review.noneRequired")
          : t("casebook.review.progress", { verified: progress.verified, required: progress.required }),
    });
  };

  // The patient.
  const patient = data.patient;
  const siNo = { yes: t("forms.booleans.siNo.yes"), no: t("forms.booleans.siNo.no") };
  blocks.push({ kind: "heading", level: 2, text: t("casebook.patient.heading") });
  reviewLines("patient", reviewedPatient(patient), patient.formStatus);
  const columnValue = (column: (typeof PATIENT_COLUMNS)[number][0]): CasebookCell => {
    if (Object.hasOwn(patient.missing, column)) return coded(patient.missing[column]!);
    switch (column) {
      case "birth_date":
        return { text: fmt.date(patient.birthDate) };
      case "sex":
        return {
          text:
            patient.sex === "M"
              ? t("patients.info.male")
              : patient.sex === "F"
                ? t("patients.info.female")
                : patient.sex,
        };
      case "height_cm":
        return patient.heightCm === null
          ? empty()
          : { text: t("patients.info.cm", { value: fmt.exact(patient.heightCm) }) };
      case "weight_kg":
        return patient.weightKg === null
          ? empty()
          : { text: t("patients.info.kg", { value: fmt.exact(patient.weightKg) }) };
      default: {
        const flag = column === "naive_systemic" ? patient.naiveSystemic : patient.naiveBiologic;
        return flag === null ? empty() : { text: flag ? siNo.yes : siNo.no };
      }
    }
  };
  blocks.push({ kind: "heading", level: 3, text: t("casebook.patient.ownColumns") });
  blocks.push({
    kind: "table",
    header,
    widths: FIELD_WIDTHS,
    rows: [
      [{ text: t("patients.info.code") }, { text: patient.code }, { text: "" }],
      ...PATIENT_COLUMNS.map(([column, key]): CasebookCell[] => [
        { text: t(`patients.info.${key}`) },
        columnValue(column),
        { text: verificationText(patient.verification, column) },
      ]),
      [
        { text: t("patients.info.enrolled") },
        patient.enrolledOn === null ? empty() : { text: fmt.date(patient.enrolledOn) },
        { text: "" },
      ],
    ],
  });
  fieldTables(
    groupFieldsByCategory(data.config.data_fields, data.config.categories, "patient"),
    { values: patient.customFields, missing: patient.missing, verification: patient.verification },
    siNo,
    t("casebook.patient.otherFields"),
    3,
  );

  // The visits, by number.
  const yesNo = { yes: t("forms.booleans.yesNo.yes"), no: t("forms.booleans.yesNo.no") };
  const visitGroups = groupFieldsByCategory(data.config.data_fields, data.config.categories, "visit");
  blocks.push({ kind: "heading", level: 2, text: t("casebook.visits.heading") });
  if (data.visits.length === 0) blocks.push({ kind: "paragraph", text: t("casebook.visits.none") });
  for (const visit of data.visits) {
    blocks.push({
      kind: "heading",
      level: 3,
      text: t("casebook.visits.title", {
        number: visit.visitNumber,
        type: visitTypeLabel(visit.visitType),
        date: fmt.date(visit.visitDate),
      }),
    });
    reviewLines("visit", reviewedVisit(visit), visit.formStatus);
    blocks.push({
      kind: "table",
      header,
      widths: FIELD_WIDTHS,
      rows: [
        [{ text: t("casebook.visits.visitNumber") }, { text: String(visit.visitNumber) }, { text: "" }],
        [
          { text: t("casebook.visits.visitType") },
          { text: visitTypeLabel(visit.visitType) },
          { text: verificationText(visit.verification, "visit_type") },
        ],
        [
          { text: t("casebook.visits.visitDate") },
          { text: fmt.date(visit.visitDate) },
          { text: verificationText(visit.verification, "visit_date") },
        ],
      ],
    });
    fieldTables(
      visitGroups,
      { values: visit.dataFields, missing: visit.missing, verification: visit.verification },
      yesNo,
      t("forms.form.otherCategory"),
      4,
    );
    if (data.config.calculations.length > 0) {
      blocks.push({ kind: "heading", level: 4, text: t("casebook.visits.calculated") });
      blocks.push({
        kind: "table",
        header: [t("casebook.visits.calculation"), t("casebook.value")],
        widths: [0.4, 0.6],
        rows: data.config.calculations.map((calculation) => {
          const value = (visit.calculatedValues[calculation.name] ?? null) as
            number | boolean | string | null;
          const note = visit.calculationNotes[calculation.name];
          const text =
            value === null && note !== undefined
              ? `— ${t("casebook.visits.noValue", { reason: words(note) })}`
              : calculatedText(value, yesNo, fmt);
          return [{ text: calculation.label }, { text }];
        }),
      });
    }
  }

  // The data queries, oldest first, each with its thread.
  const visitNumbers = new Map(data.visits.map((visit) => [visit.id, visit.visitNumber]));
  const fieldLabel = (entity: ReviewEntity, field: string | null): string => {
    if (field === null) return t("casebook.queries.wholeVisit");
    const own = data.config.data_fields.find((f) => f.entity === entity && f.name === field);
    if (own) return own.label;
    const column = PATIENT_COLUMNS.find(([name]) => name === field);
    if (entity === "patient" && column) return t(`patients.info.${column[1]}`);
    if (field === "code") return t("patients.info.code");
    if (field === "visit_date") return t("casebook.visits.visitDate");
    if (field === "visit_type") return t("casebook.visits.visitType");
    if (field === "visit_number") return t("casebook.visits.visitNumber");
    return field;
  };
  blocks.push({ kind: "heading", level: 2, text: t("casebook.queries.heading") });
  if (data.queries.length === 0) blocks.push({ kind: "paragraph", text: t("casebook.queries.none") });
  for (const query of data.queries) {
    const record =
      query.entityType === "patient"
        ? t("casebook.queries.patientRecord")
        : t("casebook.queries.visitRecord", { number: query.visitNumber ?? "?" });
    blocks.push({
      kind: "heading",
      level: 3,
      text: t("casebook.queries.title", {
        record,
        field: fieldLabel(query.entityType, query.field),
        status: t(`dataQueries.status.${query.status}`),
      }),
    });
    for (const step of data.steps.filter((s) => s.queryId === query.id)) {
      blocks.push({
        kind: "paragraph",
        text: t(`casebook.queries.${step.kind}`, {
          name: step.userName ?? nameOf(step.userId),
          at: fmt.dateTime(step.createdAt),
          category: step.category ? t(`dataQueries.category.${step.category}`) : "",
          text: step.text,
        }),
      });
    }
  }

  // The signatures with their manifestation (decision 0032), oldest first.
  blocks.push({ kind: "heading", level: 2, text: t("casebook.signatures.heading") });
  if (data.signatures.length === 0) blocks.push({ kind: "paragraph", text: t("casebook.signatures.none") });
  for (const signature of data.signatures) {
    const record =
      signature.visitId === null
        ? t("casebook.signatures.casebook")
        : t("casebook.signatures.visit", { number: visitNumbers.get(signature.visitId) ?? "?" });
    blocks.push({
      kind: "heading",
      level: 3,
      text: t("casebook.signatures.signed", {
        record,
        name: signature.signerName,
        at: fmt.dateTime(signature.signedAt),
      }),
    });
    blocks.push({
      kind: "paragraph",
      text: t("casebook.signatures.meaning", { meaning: signature.meaningText }),
    });
    blocks.push({
      kind: "paragraph",
      text:
        signature.invalidatedAt === null
          ? t("casebook.signatures.valid")
          : t("casebook.signatures.invalidated", {
              what: changeText(signature.invalidationCause, { t, visitNumbers, fieldLabel }),
              at: fmt.dateTime(signature.invalidatedAt),
            }),
    });
    blocks.push({
      kind: "paragraph",
      muted: true,
      text: t("casebook.signatures.hash", { hash: signature.dataHash }),
    });
  }

  return {
    lang: data.locale,
    title: t("casebook.documentTitle", { code: data.patient.code, study: data.study.name }),
    subject: t("casebook.title", { code: data.patient.code }),
    author: data.generatedBy,
    footer: (page, pages) =>
      t("casebook.footer", { study: data.study.name, code: data.patient.code, at, page, pages }),
    blocks,
  };
}

/** A value as text; an array field's rows one per line, each sub-field with its label. */
function recordedText(
  field: DataField,
  value: unknown,
  yesNo: { yes: string; no: string },
  fmt: Formatter,
): string {
  if (field.type === "array" && Array.isArray(value) && field.schema) {
    const columns = Object.entries(field.schema);
    return value
      .map((row) =>
        columns
          .map(([name, sub]) => {
            const cell =
              row !== null && typeof row === "object" ? (row as Record<string, unknown>)[name] : undefined;
            return `${sub.label}: ${isUnanswered(cell) ? "—" : valueText(sub, cell, yesNo, fmt)}`;
          })
          .join("; "),
      )
      .join("\n");
  }
  return valueText(field, value, yesNo, fmt);
}

/** What an invalidation names (`{ entity_type, entity_id, fields }`), in words. */
function changeText(
  cause: Record<string, unknown> | null,
  p: {
    t: Translate;
    visitNumbers: ReadonlyMap<number, number>;
    fieldLabel: (entity: ReviewEntity, field: string) => string;
  },
): string {
  const entity: ReviewEntity = cause?.entity_type === "visit" ? "visit" : "patient";
  const id = typeof cause?.entity_id === "number" ? cause.entity_id : Number(cause?.entity_id);
  const what =
    entity === "visit"
      ? p.t("casebook.signatures.visitData", { number: p.visitNumbers.get(id) ?? "?" })
      : p.t("casebook.signatures.patientData");
  const fields = Array.isArray(cause?.fields)
    ? cause.fields.filter((f): f is string => typeof f === "string")
    : [];
  if (fields.length === 0) return what;
  return p.t("casebook.signatures.withFields", {
    what,
    fields: fields.map((field) => p.fieldLabel(entity, field)).join(", "),
  });
}
