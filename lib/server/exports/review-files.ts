import "server-only";
import type { Db } from "@/db/client";
import type { CsvDialect } from "@/lib/csv/csv-cells";
import { deidentifyPlan, deidentifyReviewPatient } from "@/lib/exports/deidentify";
import type { ExportReviewPatient } from "@/lib/exports/export-records";
import { queryStepColumns, queryStepRecords, type QueryThread } from "@/lib/exports/query-step-rows";
import { signatureColumns, signatureRecords } from "@/lib/exports/signature-rows";
import {
  formStatusColumns,
  formStatusRecords,
  reviewHeader,
  reviewStaffIds,
  verificationColumns,
  verificationRecords,
} from "@/lib/exports/review-csv";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { PatientScope } from "../auth/policy";
import {
  readReviewBatch,
  readUserEmails,
  type PatientCursor,
  type VisitFilter,
} from "../clinical/export-queries";
import { readExportSignatures } from "../clinical/export-signature-queries";
import { patientMasker } from "./pseudonyms";

/** The zip's review files, after the data file (decision 0016). */
export const REVIEW_FILES = {
  queries: "queries.csv",
  verification: "verification.csv",
  formStatus: "form_status.csv",
  signatures: "signatures.csv",
} as const;

/** A further zip entry written after the data file: its header first, then a batch's text per call, then null. */
export type ZipEntrySource = { name: string; next(): Promise<string | null> };

/**
 * queries.csv, verification.csv, form_status.csv and signatures.csv (decisions 0016, 0030, 0031,
 * 0032): each a pass of
 * keyset batches over the exported patients (the same scope, order and visit filter as the data
 * file, `readReviewBatch`), so no file is ever held whole. A de-identified export writes the
 * pseudonyms and shifted times, and no internal ids or staff (`deidentifyReviewPatient`).
 */
export function reviewFiles(
  db: Db,
  p: {
    studyId: number;
    config: StudyConfig;
    scope: PatientScope;
    filter: VisitFilter;
    deidentify: boolean;
    dialect: CsvDialect;
    batchSize: number;
    now: Date;
  },
): ZipEntrySource[] {
  const mask = p.deidentify ? patientMasker(p.studyId) : null;
  const plan = p.deidentify ? deidentifyPlan(p.config) : null;
  const options = { deidentify: p.deidentify };

  /** The batch's signatures (decision 0032), read by its patients' ids before any masking. */
  const withSignatures = async (patients: ExportReviewPatient[]): Promise<ExportReviewPatient[]> => {
    const signatures = await readExportSignatures(db, {
      studyId: p.studyId,
      patientIds: patients.map((patient) => patient.id),
      filter: p.filter,
    });
    return patients.map((patient) => ({ ...patient, signatures: signatures.get(patient.id) ?? [] }));
  };

  /** One pass: the header, then each batch's records (empty batches are skipped, not written). */
  const pass = (
    name: string,
    header: string,
    reads: { queries: boolean; signatures: boolean },
    encode: (patients: ExportReviewPatient[]) => Promise<string>,
  ): ZipEntrySource => {
    let cursor: PatientCursor | null = null;
    let phase: "header" | "body" | "done" = "header";
    return {
      name,
      async next() {
        if (phase === "header") {
          phase = "body";
          return header;
        }
        while (phase === "body") {
          const batch = await readReviewBatch(db, {
            studyId: p.studyId,
            scope: p.scope,
            filter: p.filter,
            after: cursor,
            limit: p.batchSize,
            withQueries: reads.queries,
            now: p.now,
          });
          cursor = batch.cursor;
          if (batch.cursor === null) phase = "done";
          if (batch.patients.length === 0) return null;
          const read = reads.signatures ? await withSignatures(batch.patients) : batch.patients;
          const patients =
            mask && plan
              ? read.map((patient) => deidentifyReviewPatient(patient, plan, mask(patient.id)))
              : read;
          const text = await encode(patients);
          if (text !== "" || phase === "done") return text;
        }
        return null;
      },
    };
  };

  const emailsOf = (patients: ExportReviewPatient[]) =>
    p.deidentify ? Promise.resolve(new Map<number, string>()) : readUserEmails(db, reviewStaffIds(patients));

  const queryColumns = queryStepColumns(options);
  let threadNumber = 0;
  const queriesFile = pass(
    REVIEW_FILES.queries,
    reviewHeader(queryColumns, p.dialect),
    { queries: true, signatures: false },
    async (patients) => {
      const threads: QueryThread[] = [];
      for (const patient of patients)
        for (const query of patient.queries)
          threads.push({
            // De-identified: the thread's number in the file, never the internal id.
            queryId: p.deidentify ? ++threadNumber : query.id,
            patientCode: patient.code,
            query,
          });
      return queryStepRecords(threads, queryColumns, p.dialect).text;
    },
  );

  const verification = verificationColumns(options);
  const verificationFile = pass(
    REVIEW_FILES.verification,
    reviewHeader(verification, p.dialect),
    { queries: false, signatures: false },
    async (patients) => verificationRecords(patients, verification, p.dialect, await emailsOf(patients)).text,
  );

  const status = formStatusColumns(options);
  const formStatusFile = pass(
    REVIEW_FILES.formStatus,
    reviewHeader(status, p.dialect),
    { queries: false, signatures: false },
    async (patients) => formStatusRecords(patients, status, p.dialect, await emailsOf(patients)).text,
  );

  const signed = signatureColumns(options);
  const signaturesFile = pass(
    REVIEW_FILES.signatures,
    reviewHeader(signed, p.dialect),
    { queries: false, signatures: true },
    async (patients) => signatureRecords(patients, signed, p.dialect).text,
  );

  return [queriesFile, verificationFile, formStatusFile, signaturesFile];
}
