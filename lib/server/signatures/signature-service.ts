import "server-only";
import { and, count, eq, ne } from "drizzle-orm";
import type { Db, Queryable } from "@/db/client";
import { queries, users } from "@/db/schema";
import { requiredVerification } from "@/lib/forms/review-fields";
import { sdvProgress } from "@/lib/schemas/data-review";
import { studyTextRef } from "@/lib/i18n/message-ref";
import { DEFAULT_SIGNATURE_MEANINGS } from "@/lib/schemas/study-config";
import {
  requiredProof,
  SIGNATURE_MESSAGES,
  signingPermissionOf,
  type NextSignature,
  type SignatureListResponse,
  type SignatureResponse,
  type SignBody,
} from "@/lib/schemas/signatures";
import { conflict, fieldError, forbidden, type ApiError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import type { Permission } from "../auth/policy";
import { verifyPassword } from "../auth/password";
import { hasSecondFactor, verifySecondFactor } from "../auth/second-factor";
import { auditThrottleLimits, claimSignInAttempt, markSignInSucceeded } from "../auth/sign-in-throttle";
import { auditedTransaction } from "../audit/audit-writer";
import { requireClinicalPermission, type ClinicalStudy } from "../clinical/clinical-study";
import { openPatient } from "../clinical/patient-service";
import type { PatientRow } from "../clinical/patient-queries";
import { reviewedPatient, reviewedVisit } from "../clinical/review-state";
import {
  insertSignature,
  signaturesOfPatient,
  signaturesOfVisit,
  type SignatureView,
} from "../clinical/signature-queries";
import { listVisitsOfPatient, type VisitRow } from "../clinical/visit-queries";
import { openVisit, type Words } from "../clinical/visit-service";
import { casebookSignedData, visitSignedData } from "./signed-data";
import { signingNow } from "./signing-clock";
import { noteSignature, readSigningSession } from "./signing-session";

/**
 * Electronic signatures (decision 0032): a signer signs one visit or a patient's casebook with a
 * meaning from the study's list, after proving their identity as the session requires; the
 * signature binds the SHA-256 of exactly the data signed and is one audit row in the chain.
 */

export type SignTarget = { visit: number } | { patient: number };

type OpenedRecord =
  | { kind: "visit"; study: ClinicalStudy; visit: VisitRow; patientId: number }
  | { kind: "patient"; study: ClinicalStudy; patient: PatientRow; patientId: number };

async function openRecord(tx: Queryable, actor: Actor, target: SignTarget, forUpdate: boolean) {
  if ("visit" in target) {
    const { study, visit } = await openVisit(tx, actor, target.visit, "clinical.read", forUpdate);
    return { kind: "visit", study, visit, patientId: visit.patientId } satisfies OpenedRecord;
  }
  const { study, patient } = await openPatient(tx, actor, target.patient, "clinical.read", forUpdate);
  return { kind: "patient", study, patient, patientId: patient.id } satisfies OpenedRecord;
}

function meaningsOf(study: ClinicalStudy, words: Words): { key: string; label: string }[] {
  return (study.config.signatures?.meanings ?? DEFAULT_SIGNATURE_MEANINGS).map((meaning) => ({
    key: meaning.key,
    // The study's own list is already in references (config-cache.ts); the defaults are bilingual.
    label: words(typeof meaning.label === "string" ? meaning.label : studyTextRef(meaning.label)),
  }));
}

const signingPermission = (study: ClinicalStudy): Permission | null =>
  signingPermissionOf(study.access.permissions, study.config.signatures);

/**
 * Why the record cannot be signed yet, when the study asks for a finished review first (its
 * default): queries still open or answered on it, or required fields not verified.
 */
async function reviewRefusal(tx: Queryable, record: OpenedRecord): Promise<string | null> {
  const { study } = record;
  if (study.config.signatures?.require_review_complete === false) return null;
  const unresolved = await tx
    .select({ n: count() })
    .from(queries)
    .where(
      and(
        record.kind === "visit"
          ? eq(queries.visitId, record.visit.id)
          : eq(queries.patientId, record.patientId),
        ne(queries.status, "closed"),
      ),
    );
  const open = unresolved[0]?.n ?? 0;
  if (open > 0) return SIGNATURE_MESSAGES.openQueries(open);
  const records =
    record.kind === "visit"
      ? [{ entity: "visit" as const, reviewed: reviewedVisit(record.visit) }]
      : [
          { entity: "patient" as const, reviewed: reviewedPatient(record.patient) },
          ...(
            await listVisitsOfPatient(tx, {
              patientId: record.patientId,
              studyId: study.id,
              scope: { kind: "all" },
            })
          ).map((visit) => ({ entity: "visit" as const, reviewed: reviewedVisit(visit) })),
        ];
  let required = 0;
  let verified = 0;
  for (const { entity, reviewed } of records) {
    const progress = sdvProgress(requiredVerification(study.config, entity, reviewed), reviewed.verification);
    required += progress.required;
    verified += progress.verified;
  }
  return verified < required ? SIGNATURE_MESSAGES.unverified(verified, required) : null;
}

async function signerOf(tx: Queryable, userId: number) {
  const [user] = await tx
    .select({
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      identityVerifiedAt: users.identityVerifiedAt,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`The signed-in user ${userId} has no row`);
  return user;
}

/**
 * The refusal that applies before any credential is asked: the role and the identity record (the
 * signer's own state, 403), then the record's review (its state, 409).
 */
async function signingRefusal(
  tx: Queryable,
  actor: Actor,
  record: OpenedRecord,
): Promise<{ message: string; error: () => ApiError } | null> {
  const refuse = (message: string, make: (m: string) => ApiError) => ({
    message,
    error: () => make(message),
  });
  if (signingPermission(record.study) === null) return refuse(SIGNATURE_MESSAGES.signRole, forbidden);
  if ((await signerOf(tx, actor.userId)).identityVerifiedAt === null)
    return refuse(SIGNATURE_MESSAGES.identityNotVerified, forbidden);
  const review = await reviewRefusal(tx, record);
  return review === null ? null : refuse(review, conflict);
}

export function toSignatureResponse(view: SignatureView): SignatureResponse {
  return {
    id: view.id,
    entity_type: view.entityType,
    patient_id: view.patientId,
    visit_id: view.visitId,
    signer_id: view.signerId,
    signer_name: view.signerName,
    meaning: view.meaning,
    meaning_text: view.meaningText,
    signed_at: view.signedAt.toISOString(),
    data_hash: view.dataHash,
    state: view.invalidatedAt === null ? "valid" : "invalidated",
    invalidated_at: view.invalidatedAt?.toISOString() ?? null,
    invalidated_by: (view.invalidationCause as SignatureResponse["invalidated_by"]) ?? null,
  };
}

/**
 * GET /api/{visits|patients}/{id}/signatures: the record's signatures with their state (a
 * patient's: the casebook's and every visit's), and what the reader's next signature would ask.
 */
export async function listSignatures(
  db: Db,
  actor: Actor,
  target: SignTarget,
  words: Words,
): Promise<SignatureListResponse> {
  const record = await openRecord(db, actor, target, false);
  const [views, refusal, session, signer] = await Promise.all([
    record.kind === "visit"
      ? signaturesOfVisit(db, record.visit.id)
      : signaturesOfPatient(db, record.patientId),
    signingRefusal(db, actor, record),
    readSigningSession(db, actor.sessionId),
    signerOf(db, actor.userId),
  ]);
  const next: NextSignature = {
    allowed: refusal === null,
    refusal: refusal === null ? null : words(refusal.message),
    proof: requiredProof(session, signingNow()),
    second_factor: hasSecondFactor(signer),
    meanings: meaningsOf(record.study, words),
  };
  return { items: views.map(toSignatureResponse), next };
}

/**
 * The signer's proof of identity (21 CFR 11.200(a)(1)): every component at the first signature of
 * a session or after the idle limit, the password alone within it. A wrong proof counts as a failed
 * sign-in (decision 0010) and is audited; it answers 422 naming the field, never which part failed.
 */
async function proveIdentity(
  db: Db,
  actor: Actor,
  body: SignBody,
  meta: RequestMeta,
  now: Date,
): Promise<{ identified: boolean; signerName: string }> {
  const [session, signer] = await Promise.all([
    readSigningSession(db, actor.sessionId),
    signerOf(db, actor.userId),
  ]);
  const proof = requiredProof(session, now);
  if (proof === "full" && !body.email) throw fieldError(["body", "email"], SIGNATURE_MESSAGES.emailRequired);
  const secondFactor = proof === "full" && hasSecondFactor(signer);
  if (secondFactor && !body.totp) throw fieldError(["body", "totp"], SIGNATURE_MESSAGES.secondFactorRequired);
  const attemptId = await claimSignInAttempt(db, { email: signer.email, meta, device: null }, now);
  const emailRight = proof === "password" || body.email!.trim().toLowerCase() === signer.email;
  const passwordRight = await verifyPassword(signer.passwordHash, body.password);
  // The second factor is checked only behind a right password (a recovery code is not spent on a
  // guess of the password).
  const factorRight =
    !secondFactor ||
    !emailRight ||
    !passwordRight ||
    (await verifySecondFactor(db, actor.userId, body.totp!, now)) === "ok";
  if (!emailRight || !passwordRight || !factorRight) {
    await auditedTransaction(db, async (tx, audit) => {
      await auditThrottleLimits(tx, audit, {
        id: attemptId,
        email: signer.email,
        userId: actor.userId,
        meta,
        now,
        device: null,
      });
      audit({
        action: "sign",
        entityType: "user",
        entityId: actor.userId,
        actor: { userId: actor.userId, email: actor.email },
        meta,
        reason: factorRight
          ? "Signature refused: the credentials were wrong"
          : "Signature refused: the second factor was wrong",
        newValues: { success: false, proof },
      });
    });
    if (!factorRight)
      throw fieldError(["body", "totp"], SIGNATURE_MESSAGES.secondFactorWrong, "totp_invalid");
    throw fieldError(["body", "password"], SIGNATURE_MESSAGES.credentialsWrong, "credentials_incorrect");
  }
  await db.transaction((tx) => markSignInSucceeded(tx, attemptId));
  return { identified: proof === "full", signerName: signer.fullName };
}

/** POST /api/{visits|patients}/{id}/signatures. */
export async function signRecord(
  db: Db,
  actor: Actor,
  target: SignTarget,
  body: SignBody,
  meta: RequestMeta,
  words: Words,
): Promise<SignatureResponse> {
  const now = signingNow();
  // Refusals that need no credential come first: no password is checked for a record the actor
  // may not sign (and a missing record is the same 404 as everywhere).
  const first = await openRecord(db, actor, target, false);
  // A signature is a write: refused like one (the study's lock, a broken trail) by the same check.
  requireClinicalPermission(first.study, signingPermission(first.study) ?? "signatures.sign");
  const meaning = meaningsOf(first.study, words).find((m) => m.key === body.meaning);
  if (!meaning) throw fieldError(["body", "meaning"], SIGNATURE_MESSAGES.unknownMeaning);
  const refusal = await signingRefusal(db, actor, first);
  if (refusal !== null) throw refusal.error();
  const identity = await proveIdentity(db, actor, body, meta, now);
  return auditedTransaction(db, async (tx, audit) => {
    // Locked: the data hashed is the data as it stands at the signature; a writer waits.
    const record = await openRecord(tx, actor, target, true);
    const lateRefusal = await signingRefusal(tx, actor, record);
    if (lateRefusal !== null) throw lateRefusal.error();
    const signed =
      record.kind === "visit"
        ? visitSignedData(record.study.id, record.visit)
        : casebookSignedData(
            record.study.id,
            record.patient,
            await listVisitsOfPatient(tx, {
              patientId: record.patientId,
              studyId: record.study.id,
              scope: { kind: "all" },
            }),
          );
    const values = {
      studyId: record.study.id,
      patientId: record.patientId,
      visitId: record.kind === "visit" ? record.visit.id : null,
      entityType: record.kind,
      signerId: actor.userId,
      signerName: identity.signerName,
      meaning: meaning.key,
      meaningText: meaning.label,
      dataHash: signed.hash,
      covered: signed.covered,
    };
    const { id, signedAt } = await insertSignature(tx, values);
    await noteSignature(tx, actor.sessionId, { identified: identity.identified, at: now });
    audit({
      action: "sign",
      entityType: record.kind,
      entityId: record.kind === "visit" ? record.visit.id : record.patientId,
      studyId: record.study.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: {
        signature_id: id,
        signer_name: values.signerName,
        meaning: values.meaning,
        meaning_text: values.meaningText,
        signed_at: signedAt.toISOString(),
        data_hash: values.dataHash,
        covered: values.covered,
        proof: identity.identified ? "full" : "password",
      },
    });
    return toSignatureResponse({
      ...values,
      id,
      signedAt,
      invalidatedAt: null,
      invalidationCause: null,
    });
  });
}
