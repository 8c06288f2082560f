import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Db } from "@/db/client";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import { utcFileStamp } from "@/lib/download-stamp";
import { longColumns, orderSlots, wideColumns, type ExportColumn } from "@/lib/exports/columns";
import { deidentifyPatient, deidentifyPlan } from "@/lib/exports/deidentify";
import type { ExportAuditEvent, ExportPatient } from "@/lib/exports/export-records";
import { EXPORT_HEADERS, type StudyExportQuery } from "@/lib/schemas/study-export";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { recordAudit } from "../audit/audit-writer";
import { openClinicalStudy } from "../clinical/clinical-study";
import {
  countExport,
  countVisitSlots,
  readExportAuditEvents,
  readAuditUsers,
  readExportBatch,
  readExportQueries,
  type PatientCursor,
  type VisitFilter,
} from "../clinical/export-queries";
import { readExportSignatures, readSignatureAdmin } from "../clinical/export-signature-queries";
import { translatorFor } from "../i18n/translator";
import { findStudyById } from "../studies/study-queries";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import { notFound } from "../api/errors";
import { readConfig } from "../studies/stored-config";
import { batchStream, type BatchSource } from "./export-stream";
import { csvDocument } from "./export-csv";
import type { ExportWriter } from "./export-writer";
import { zipPackage } from "./export-zip";
import { odmDocument } from "./export-odm";
import { patientMasker } from "./pseudonyms";
import { REVIEW_FILES, reviewFiles } from "./review-files";

/** Patients per batch: two indexed queries each (≈5,000 visits at the benchmark's 10 per patient). */
export const EXPORT_BATCH_PATIENTS = 500;

type Batch = { patients: ExportPatient[]; audit: ExportAuditEvent[] | null };

/**
 * GET /api/studies/{id}/export: the study's data in the actor's patient scope (exactly the
 * patients the lists show), streamed from keyset batches to the response. Counted and audited
 * (action `export`, options, filters and the counts) before the first byte; its end (completed,
 * cancelled or failed, with the records sent) is audited too.
 */
export async function exportStudyData(
  db: Db,
  actor: Actor,
  studyId: number,
  query: StudyExportQuery,
  meta: RequestMeta,
): Promise<Response> {
  const study = await openClinicalStudy(db, actor, studyId, "clinical.read");
  const row = await findStudyById(db, studyId);
  if (!row) throw notFound(messageRef("api.studies.notFound"));
  const scope = study.access.patientScope;
  const filter: VisitFilter = {
    visitTypes: query.visit_types,
    from: query.visit_date_from,
    to: query.visit_date_to,
  };
  const counts = await countExport(db, studyId, scope, filter);
  const now = new Date();
  const stamp = utcFileStamp(now);
  const baseName = `${row.code}_${query.format.replace("-", "_")}${query.deidentify ? "_deidentified" : ""}_${stamp}`;
  const columnOptions = { deidentify: query.deidentify };
  // The study's texts (category labels) in the language asked for, else the study's (decision 0022).
  const language = query.lang ?? row.defaultLanguage ?? DEFAULT_LOCALE;
  const config = configIn(readConfig(row), language);

  let writer: ExportWriter;
  let columns: ExportColumn[] | null = null;
  let total: number;
  if (query.format === "odm") {
    // AdminData comes before the first subject: its signers and meanings are read first (decision 0032).
    const [admin, { t }] = await Promise.all([
      readSignatureAdmin(db, studyId, scope, filter),
      translatorFor(language),
    ]);
    writer = odmDocument({
      study: row,
      config,
      deidentify: query.deidentify,
      includeAudit: query.audit,
      users: query.audit ? await readAuditUsers(db, studyId, scope, filter) : [],
      signatures: {
        ...admin,
        language,
        legalReason: t("exportOdm.signatureLegalReason"),
        withheldSigner: t("exportOdm.withheldSigner"),
      },
      now,
    });
    total = counts.patients;
  } else {
    if (query.format === "csv-long") {
      columns = longColumns(config, columnOptions);
      total = counts.visits + counts.patients - counts.patientsWithVisits;
    } else {
      const slots = orderSlots(config, await countVisitSlots(db, studyId, scope, filter));
      columns = wideColumns(config, columnOptions, slots);
      total = counts.patients;
    }
    writer = csvDocument(query.format, columns, query.values, CSV_DIALECTS[query.csv_format]);
  }

  const described = {
    format: query.format,
    values: query.values,
    ...(query.format === "odm" ? {} : { csv_format: query.csv_format }),
    deidentify: query.deidentify,
    zip: query.zip,
    // The zip's review files (decisions 0030, 0031): what left besides the data file.
    ...(query.zip && query.format !== "odm" ? { review_files: Object.values(REVIEW_FILES) } : {}),
    audit_records: query.audit,
    filters: {
      ...(query.visit_types ? { visit_types: query.visit_types } : {}),
      ...(query.visit_date_from ? { visit_date_from: query.visit_date_from } : {}),
      ...(query.visit_date_to ? { visit_date_to: query.visit_date_to } : {}),
    },
    patient_scope: scope.kind,
  };
  const fileName = `${baseName}.${query.zip ? "zip" : writer.extension}`;
  const auditBase = {
    action: "export" as const,
    entityType: "study",
    entityId: studyId,
    studyId,
    actor: { userId: actor.userId, email: actor.email },
    meta,
  };
  await recordAudit(db, {
    ...auditBase,
    newValues: {
      ...described,
      file_name: fileName,
      patients: counts.patients,
      visits: counts.visits,
      rows: total,
      unit: writer.unit,
    },
  });

  const source = batchSource(db, {
    studyId,
    config,
    scope,
    filter,
    deidentify: query.deidentify,
    includeAudit: query.audit,
    // The ODM file annotates items with their queries and signs records (docs/odm-export.md); CSV
    // files carry them in the zip.
    includeQueries: query.format === "odm",
    includeSignatures: query.format === "odm",
    now,
    writer,
    settled: ({ status, records }) =>
      recordAudit(db, {
        ...auditBase,
        newValues: { file_name: fileName, status, [writer.unit]: records, expected: total },
      }),
  });
  const dialect = CSV_DIALECTS[query.csv_format];
  const body =
    query.zip && columns
      ? batchStream(
          zipPackage(
            source,
            reviewFiles(db, {
              studyId,
              config,
              scope,
              filter,
              deidentify: query.deidentify,
              dialect,
              batchSize: EXPORT_BATCH_PATIENTS,
              now,
            }),
            {
              baseName,
              now,
              config,
              language,
              study: row,
              columns,
              query,
              total,
              filters: described.filters,
            },
          ),
        )
      : batchStream(source);
  return new Response(body, {
    headers: {
      "content-type": query.zip ? "application/zip" : writer.contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      [EXPORT_HEADERS.totalRows]: String(total),
      [EXPORT_HEADERS.unit]: writer.unit,
      "access-control-expose-headers": `${EXPORT_HEADERS.totalRows}, ${EXPORT_HEADERS.unit}`,
    },
  });
}

function batchSource(
  db: Db,
  p: {
    studyId: number;
    config: StudyConfig;
    scope: Parameters<typeof readExportBatch>[1]["scope"];
    filter: VisitFilter;
    deidentify: boolean;
    includeAudit: boolean;
    includeQueries: boolean;
    includeSignatures: boolean;
    now: Date;
    writer: ExportWriter;
    settled: BatchSource<Batch>["settled"];
  },
): BatchSource<Batch> {
  const encoder = new TextEncoder();
  const mask = p.deidentify ? patientMasker(p.studyId) : null;
  const plan = p.deidentify ? deidentifyPlan(p.config) : null;
  let cursor: PatientCursor | null = null;
  let finished = false;
  return {
    async next() {
      if (finished) return null;
      const batch = await readExportBatch(db, {
        studyId: p.studyId,
        scope: p.scope,
        filter: p.filter,
        after: cursor,
        limit: EXPORT_BATCH_PATIENTS,
      });
      cursor = batch.cursor;
      finished = batch.cursor === null;
      if (batch.patients.length === 0) return null;
      const patientIds = batch.patients.map((patient) => patient.id);
      const [audit, queries, signatures] = await Promise.all([
        p.includeAudit ? readExportAuditEvents(db, p.studyId, batch.patients) : null,
        p.includeQueries
          ? readExportQueries(db, {
              studyId: p.studyId,
              patientIds,
              filter: p.filter,
              now: p.now,
            })
          : null,
        p.includeSignatures
          ? readExportSignatures(db, { studyId: p.studyId, patientIds, filter: p.filter })
          : null,
      ]);
      const read =
        queries || signatures
          ? batch.patients.map((patient) => ({
              ...patient,
              ...(queries ? { queries: queries.get(patient.id) ?? [] } : {}),
              ...(signatures ? { signatures: signatures.get(patient.id) ?? [] } : {}),
            }))
          : batch.patients;
      const patients =
        mask && plan ? read.map((patient) => deidentifyPatient(patient, plan, mask(patient.id))) : read;
      return { patients, audit };
    },
    encode(batch) {
      const { text, records } = p.writer.body(batch.patients, batch.audit);
      return { bytes: encoder.encode(text), records };
    },
    head: () => encoder.encode(p.writer.head()),
    tail: () => encoder.encode(p.writer.tail()),
    settled: p.settled,
  };
}
