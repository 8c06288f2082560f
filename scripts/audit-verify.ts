// npm run audit:verify — checks the audit trail against its keyed hash chain and the signed
// checkpoints kept outside the database (DATA_DIR/audit-checkpoints.log), names every tamper case
// found, and, when the trail is intact, appends a new checkpoint. Exit code 0 intact, 1 broken,
// 2 could not check. With the embedded database, stop the server first (PGlite allows one process)
// or use DATABASE_URL.
//
// npm run audit:verify -- --acknowledge "<why>" — after a break that cannot be restored from a
// backup: records the acknowledgement (a keyed audit row and a signed checkpoint of the table as it
// is) so that restarted servers accept clinical writes again (docs/audit-trail-recovery.md).
import os from "node:os";
import { closeDb, getDb } from "@/db/client";
import { acknowledgeTrailBreak } from "@/lib/server/audit/acknowledge-break";
import { auditKey } from "@/lib/server/audit/audit-key";
import type { Checkpoint } from "@/lib/server/audit/checkpoint-log";
import { checkpointAuditHead } from "@/lib/server/audit/checkpointer";
import { FINDING_NAMES, verifyAuditChain } from "@/lib/server/audit/verify-chain";

const MAX_LISTED = 20;

function describe(cp: Checkpoint): string {
  return `${cp.time}: ${cp.rows} rows, last id ${cp.lastId}, last hash ${cp.lastHash} (${cp.reason}, signature ${cp.signature.slice(0, 16)}…)`;
}

/** The reason after --acknowledge, or null without the flag; a flag without a reason is refused. */
function acknowledgeReason(): string | null {
  const at = process.argv.indexOf("--acknowledge");
  if (at === -1) return null;
  const reason = process.argv[at + 1]?.trim();
  if (!reason || reason.startsWith("--"))
    throw new Error('--acknowledge needs a reason: npm run audit:verify -- --acknowledge "<why>"');
  return reason;
}

async function main(): Promise<number> {
  const db = await getDb();
  try {
    const key = auditKey();
    console.log(`Audit key: ${key.source} (key id ${key.keyId}).`);
    const report = await verifyAuditChain(db, { key });
    const { trusted, otherKey, location } = report.checkpoints;
    const latest = trusted.at(-1);
    console.log(
      latest
        ? `Checkpoints in ${location}: ${trusted.length} of this database${otherKey ? ` (and ${otherKey} signed with another key)` : ""}.\n  Latest ${describe(latest)}`
        : `Checkpoints in ${location}: none of this database yet (the first is written now, if the trail is intact).`,
    );
    if (!report.ok) {
      console.error(
        `Audit trail BROKEN: ${report.findings.length} problem(s) found, ${report.checked} rows read.`,
      );
      for (const finding of report.findings.slice(0, MAX_LISTED))
        console.error(`  ${FINDING_NAMES[finding.kind]}: ${finding.message}.`);
      if (report.findings.length > MAX_LISTED)
        console.error(`  … and ${report.findings.length - MAX_LISTED} more.`);
      const reason = acknowledgeReason();
      if (reason === null) return 1;
      const acknowledged = await acknowledgeTrailBreak(db, { reason, operator: os.userInfo().username });
      if (!acknowledged) return 1; // repaired while we looked: run again
      console.log(
        `Break ACKNOWLEDGED by ${os.userInfo().username}: ${reason}\n  New checkpoint ${describe(acknowledged.checkpoint)}\n` +
          "  Restart every server of this database: clinical writes resume once their check passes.",
      );
      return 0;
    }
    const legacy = report.legacy.rows
      ? ` (${report.legacy.rows} of them written before the audit key existed, checked with plain SHA-256 up to row id ${report.legacy.throughId})`
      : "";
    console.log(`Audit trail intact: ${report.checked} rows verified.${legacy}`);
    const outcome = await checkpointAuditHead(db, "verify");
    if (outcome.written) console.log(`New checkpoint ${describe(outcome.written)}`);
    else if (outcome.findings.length > 0) return 1; // changed while we looked: the next run names it
    return 0;
  } finally {
    await closeDb();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
