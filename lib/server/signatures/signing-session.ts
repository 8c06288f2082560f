import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { authSessions } from "@/db/schema";

/**
 * A session's signing state (decision 0032): when its user last proved every component of their
 * identity for a signature, and when they last signed. A session that was never read as signing
 * (or an unknown one) has neither, so its next signature asks for everything.
 */
export async function readSigningSession(
  tx: Queryable,
  sessionId: string | null,
): Promise<{ identifiedAt: Date | null; lastSignatureAt: Date | null }> {
  // A personal API token has no session (and never signs: policy.ts): everything is asked.
  if (sessionId === null) return { identifiedAt: null, lastSignatureAt: null };
  const [row] = await tx
    .select({
      identifiedAt: authSessions.signatureIdentifiedAt,
      lastSignatureAt: authSessions.lastSignatureAt,
    })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row ?? { identifiedAt: null, lastSignatureAt: null };
}

/** A signature was given in this session: with every component (`identified`) or the password. */
export async function noteSignature(
  tx: Queryable,
  sessionId: string | null,
  p: { identified: boolean; at: Date },
): Promise<void> {
  if (sessionId === null) return;
  await tx
    .update(authSessions)
    .set(p.identified ? { signatureIdentifiedAt: p.at, lastSignatureAt: p.at } : { lastSignatureAt: p.at })
    .where(eq(authSessions.id, sessionId));
}
