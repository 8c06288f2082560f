import "server-only";
import { desc, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { auditLogs } from "@/db/schema";
import type { AuditKey } from "./audit-key";
import type { AuditRowContent } from "./audit-entry";
import { chainRows, GENESIS_HASH, type HashedAuditFields } from "./hash-chain";
import { rowKeyMismatch, writtenWithKey } from "./key-guard";
import { AuditTrailTruncatedError, reportTrailBroken } from "./trail-integrity";

// One key for the whole table: rows join the chain one at a time, in commit order.
export const AUDIT_CHAIN_LOCK = 727_274_001;

/**
 * The head this process expects the chain to have when its next rows join it: the last row it
 * chained. Only a guess (another process may have appended, a transaction may have rolled back);
 * the database checks it under the chain lock.
 */
let expectedHead: string | null = null;
/** Matches no head: the expectation of a process that knows the trail holds rows but not its head. */
const UNKNOWN_HEAD = "unknown";

/**
 * Appends rows to the chain inside `tx`. Internal to the audit module: services go through
 * `auditedTransaction`, which calls this as the transaction's last statements. The rows' content is
 * prepared by the caller; from the moment the lock is granted to the commit there are as few round
 * trips as possible, because every other writer waits for exactly this stretch.
 *
 * Usually one round trip (docs/decisions/0019): the rows are chained on the head this process
 * expects, and `audit_append_at_head` (a database function) takes the lock, reads the head in a
 * snapshot taken after the lock, and inserts them only if that head is the expected one. Writers of
 * one process expect each other's rows in the order they ask, so they rarely miss. On a miss
 * nothing was written, the lock is held and the function answered the actual head: the rows are
 * chained again on it and inserted (two round trips, as many as a lock-then-read needs anyway).
 *
 * With `checkHead` (the first write of a process that found the trail empty), the whole head row
 * is read and must have been written with `key`: two instances with different keys that started
 * on an empty trail must not both chain rows. With `expectHead` (the trail is known to hold rows),
 * an empty table is a truncation and nothing is appended (docs/decisions/0018).
 */
export async function appendAuditRows(
  tx: Tx,
  contents: AuditRowContent[],
  key: AuditKey,
  { checkHead = false, expectHead = false }: { checkHead?: boolean; expectHead?: boolean },
): Promise<void> {
  if (contents.length === 0) return;
  const timestamp = new Date();
  const fields = contents.map((content) => ({ ...content, timestamp }));
  let head: string;
  if (checkHead) {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [last] = await tx.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    if (last && !writtenWithKey(last, key)) throw rowKeyMismatch(last.id, key);
    head = last?.hash ?? GENESIS_HASH;
  } else {
    // A trail known to hold rows is never expected to be empty: the database then answers its
    // actual head (genesis if it was emptied), which is refused below.
    const expected = expectedHead ?? (expectHead ? UNKNOWN_HEAD : GENESIS_HASH);
    const guess = chainRows(key.chainKey, expected, fields);
    // Set before the round trip: the next writer of this process chains on these rows.
    expectedHead = guess.head;
    const result = await tx.execute(
      sql`select audit_append_at_head(${AUDIT_CHAIN_LOCK}, ${expected}, ${JSON.stringify(guess.rows.map(entryJson))}::jsonb) as head`,
    );
    const actual = (result as unknown as { rows: { head: string | null }[] }).rows[0]?.head;
    if (actual === undefined) throw new Error("audit_append_at_head answered no row");
    if (actual === null) return;
    head = actual;
  }
  // A trail known to hold rows (seen by this process, or counted by a checkpoint) that is now
  // empty was truncated: a new chain from zero would hide that. Refuse, and say so everywhere.
  if (head === GENESIS_HASH && expectHead) {
    reportTrailBroken([
      { kind: "truncated", message: "the audit table is empty although it held rows: it was emptied" },
    ]);
    throw new AuditTrailTruncatedError();
  }
  const chained = chainRows(key.chainKey, head, fields);
  expectedHead = chained.head;
  // Identity values follow the array order, so the chain order is the id order.
  await tx.insert(auditLogs).values(chained.rows);
}

/** A chained row as audit_append_at_head reads it (column names, instants as ISO text). */
function entryJson(row: ReturnType<typeof chainRows<HashedAuditFields>>["rows"][number]) {
  return {
    timestamp: row.timestamp.toISOString(),
    user_id: row.userId,
    user_email: row.userEmail,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    study_id: row.studyId,
    ip_address: row.ipAddress,
    reason: row.reason,
    old_values: row.oldValues ?? null,
    new_values: row.newValues ?? null,
    api_token: row.apiToken ?? null,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}
