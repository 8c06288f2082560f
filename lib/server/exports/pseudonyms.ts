import "server-only";
import { createHmac } from "node:crypto";
import type { PatientMask } from "@/lib/exports/deidentify";
import { derivedKey } from "../auth/secret";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud and typed back safely
const MIN_SHIFT_DAYS = 31;
const SHIFT_SPAN_DAYS = 365 - MIN_SHIFT_DAYS + 1;

/**
 * A patient's pseudonym and date offset in de-identified exports: HMAC-SHA256 of the study and
 * patient ids under a key derived from the server secret, so they are stable across exports
 * (a data manager can join two exports) yet cannot be computed or reversed without the secret.
 * Changing NEXTAUTH_SECRET (or DATA_DIR/auth-secret) changes every pseudonym and offset.
 */
export function patientMasker(studyId: number): (patientId: number) => PatientMask {
  const key = derivedKey("study-export-pseudonyms");
  return (patientId) => {
    const digest = createHmac("sha256", key).update(`${studyId}:${patientId}`).digest();
    let pseudonym = "";
    for (let i = 0; i < 10; i++) pseudonym += ALPHABET[digest[i]! % ALPHABET.length];
    const magnitude = MIN_SHIFT_DAYS + (digest.readUInt32BE(16) % SHIFT_SPAN_DAYS);
    return { pseudonym: `S${studyId}-${pseudonym}`, shiftDays: digest[20]! & 1 ? magnitude : -magnitude };
  };
}
