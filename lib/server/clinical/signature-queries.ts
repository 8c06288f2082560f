import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { signatureInvalidations, signatures } from "@/db/schema";

/**
 * A signature as every reader shows it (the patient page, the casebook PDF, the exports): its
 * manifestation (printed name, instant, meaning) and its state, valid until an invalidation row
 * names it (decision 0032).
 */
export type SignatureView = {
  id: number;
  entityType: "visit" | "patient";
  patientId: number;
  visitId: number | null;
  signerId: number;
  signerName: string;
  meaning: string;
  meaningText: string;
  signedAt: Date;
  dataHash: string;
  invalidatedAt: Date | null;
  invalidationCause: Record<string, unknown> | null;
};

const SIGNATURE_COLUMNS = {
  id: signatures.id,
  entityType: signatures.entityType,
  patientId: signatures.patientId,
  visitId: signatures.visitId,
  signerId: signatures.signerId,
  signerName: signatures.signerName,
  meaning: signatures.meaning,
  meaningText: signatures.meaningText,
  signedAt: signatures.signedAt,
  dataHash: signatures.dataHash,
  invalidatedAt: signatureInvalidations.invalidatedAt,
  invalidationCause: signatureInvalidations.cause,
};

/**
 * Every signature of a patient, on the casebook and on each of their visits, oldest first. The
 * caller has found the patient in the actor's scope: signatures are read only through their record.
 */
export function signaturesOfPatient(tx: Queryable, patientId: number): Promise<SignatureView[]> {
  return tx
    .select(SIGNATURE_COLUMNS)
    .from(signatures)
    .leftJoin(signatureInvalidations, eq(signatureInvalidations.signatureId, signatures.id))
    .where(eq(signatures.patientId, patientId))
    .orderBy(asc(signatures.id));
}
