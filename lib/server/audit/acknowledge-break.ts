import "server-only";
import { asc, count, desc, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { appendAuditRows, AUDIT_CHAIN_LOCK } from "./append-rows";
import { auditKey, type AuditKey } from "./audit-key";
import {
  defaultCheckpointLog,
  newestTrustedCheckpoint,
  signCheckpoint,
  type Checkpoint,
  type CheckpointLog,
} from "./checkpoint-log";
import { databaseIdentity } from "./database-identity";
import { verifyAuditChain, type Finding } from "./verify-chain";

const LISTED_FINDINGS = 20;

export type Acknowledgement = { checkpoint: Checkpoint; findings: Finding[] };

/**
 * The operator's answer to a break that cannot be repaired from a backup
 * (docs/audit-trail-recovery.md): a keyed audit row records who acknowledged which findings and
 * why, and a signed checkpoint of the table as it now is (with where the chain now starts) becomes
 * what later checks hold it against. History is not rewritten: `audit:verify` still names the
 * break, and the acknowledgement row says it was accepted. Returns null when the trail checks out
 * (nothing to acknowledge). Servers pick the new checkpoint up when they restart.
 */
export async function acknowledgeTrailBreak(
  db: Db,
  p: { reason: string; operator: string },
  options: { key?: AuditKey; log?: CheckpointLog } = {},
): Promise<Acknowledgement | null> {
  const key = options.key ?? auditKey();
  const log = options.log ?? defaultCheckpointLog(key);
  const report = await verifyAuditChain(db, { key, log });
  if (report.ok) return null;
  const database = await databaseIdentity(db);
  const previous = await newestTrustedCheckpoint(log, database);

  const checkpoint = await db.transaction(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      // The one write allowed to start a new chain on an emptied table: it is the record of that.
      await appendAuditRows(
        tx,
        [
          {
            userId: null,
            userEmail: null,
            action: "sign",
            entityType: "audit_chain",
            entityId: null,
            studyId: null,
            ipAddress: null,
            reason: `Audit trail break acknowledged by ${p.operator}: ${p.reason}`,
            oldValues: null,
            newValues: {
              findings: report.findings.slice(0, LISTED_FINDINGS).map((f) => ({
                kind: f.kind,
                row_id: f.rowId ?? null,
                message: f.message,
              })),
              findings_total: report.findings.length,
            },
          },
        ],
        key,
        {},
      );
      const [first] = await tx
        .select({ id: auditLogs.id, prevHash: auditLogs.prevHash })
        .from(auditLogs)
        .orderBy(asc(auditLogs.id))
        .limit(1);
      const [head] = await tx
        .select({ id: auditLogs.id, hash: auditLogs.hash })
        .from(auditLogs)
        .orderBy(desc(auditLogs.id))
        .limit(1);
      const [{ rows } = { rows: 0 }] = await tx.select({ rows: count() }).from(auditLogs);
      return signCheckpoint(
        {
          database,
          time: new Date().toISOString(),
          rows,
          lastId: head!.id,
          lastHash: head!.hash,
          legacyThroughId: previous?.legacyThroughId ?? report.legacy.throughId,
          legacyLastHash: previous?.legacyLastHash ?? report.legacy.lastHash,
          start: { id: first!.id, prevHash: first!.prevHash },
          reason: "acknowledged",
        },
        key,
      );
    },
    { isolationLevel: "read committed" },
  );
  // After the commit: a checkpoint must never name a row that was rolled back.
  await log.append(checkpoint);
  return { checkpoint, findings: report.findings };
}
