import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import { messageRef } from "@/lib/i18n/message-ref";
import type { Locale } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import type { Verification } from "@/lib/schemas/data-review";
import { fitFileName } from "@/lib/file-name";
import { notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { auditedTransaction } from "../audit/audit-writer";
import { openPatient } from "../clinical/patient-service";
import { listQueryPage, stepsOfQueries } from "../clinical/query-queries";
import { signaturesOfPatient } from "../clinical/signature-queries";
import { listVisitsOfPatient } from "../clinical/visit-queries";
import { translatorFor } from "../i18n/translator";
import { readConfig } from "../studies/stored-config";
import { findStudyById } from "../studies/study-queries";
import { contentDisposition } from "../uploads/download-service";
import { casebookLayout } from "./casebook-content";
import { renderCasebookPdf } from "./casebook-pdf";
import { userNamesOf } from "./casebook-queries";

/** More queries than any one patient has: the casebook prints them all, never a first page. */
const MAX_QUERIES = 100_000;

/** Everyone a verification entry names. */
function verifiers(verification: Verification): number[] {
  return Object.values(verification).flatMap((entry) =>
    entry.state === "verified" ? [entry.by] : [entry.by, entry.verified_by],
  );
}

/**
 * GET /api/patients/{id}/casebook.pdf (docs/decisions/0035): the patient's record as a tagged PDF
 * in the reader's language, for anyone who may read the patient (the same 404 as the patient page
 * otherwise). The document is rendered whole, hashed, and its download audited (`print`, with the
 * SHA-256 of exactly the bytes sent) before a byte leaves: a copy that is not on the trail is never
 * sent.
 */
export async function casebookPdf(
  db: Db,
  actor: Actor,
  patientId: number,
  locale: Locale,
  meta: RequestMeta,
): Promise<Response> {
  const { study, patient } = await openPatient(db, actor, patientId, "clinical.read");
  const row = await findStudyById(db, study.id);
  if (!row) throw notFound(messageRef("api.patients.notFound"));
  const scope = study.access.patientScope;
  const visits = await listVisitsOfPatient(db, { patientId: patient.id, studyId: study.id, scope });
  const queries = await listQueryPage(
    db,
    { studyId: study.id, scope, patientId: patient.id },
    { order: "asc", limit: MAX_QUERIES, after: null },
  );
  const steps = await stepsOfQueries(db, { studyId: study.id, queryIds: queries.map((query) => query.id) });
  const signatures = await signaturesOfPatient(db, patient.id);
  const userNames = await userNamesOf(db, [
    ...verifiers(patient.verification),
    ...visits.flatMap((visit) => verifiers(visit.verification)),
  ]);
  const generatedAt = new Date();
  const layout = casebookLayout(
    {
      locale,
      generatedAt,
      generatedBy: actor.fullName,
      study: { name: row.name, code: row.code },
      // The study's own words in the reader's language, else the other (decision 0022).
      config: configIn(readConfig(row), locale),
      patient,
      visits,
      queries,
      steps,
      signatures,
      userNames,
    },
    await translatorFor(locale),
  );
  const { bytes, pages } = await renderCasebookPdf(layout);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const fileName = fitFileName(`${row.code}-${patient.code}-casebook.pdf`);
  await auditedTransaction(db, async (_tx, audit) => {
    audit({
      action: "print",
      entityType: "patient",
      entityId: patient.id,
      studyId: study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: {
        document: "casebook",
        format: "pdf",
        file_name: fileName,
        sha256,
        bytes: bytes.length,
        pages,
        language: locale,
        generated_at: generatedAt.toISOString(),
        visits: visits.length,
        queries: queries.length,
        signatures: signatures.length,
      },
    });
  });
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition": contentDisposition("attachment", fileName),
    },
  });
}
