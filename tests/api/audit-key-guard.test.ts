import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditKey, deriveAuditKey } from "@/lib/server/audit/audit-key";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import { memoryCheckpointLog } from "@/lib/server/audit/checkpoint-log";
import { checkpointAuditHead } from "@/lib/server/audit/checkpointer";
import { AuditKeyMismatchError, auditKeyGuard, checkAuditKey } from "@/lib/server/audit/key-guard";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { anotherInstance, withAuditKey } from "./audit-helpers";

/** What a second server started without AUDIT_HMAC_KEY (and a fresh DATA_DIR) would generate. */
const otherKey = deriveAuditKey("a-second-instance-generated-this-key-000000", "DATA_DIR/audit-key");

async function rowCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(auditLogs);
  return row!.n;
}

/** A second instance (or a lost key) must not break the chain for good. */
describe("an audit key that is not the trail's", () => {
  // First in the file: the trail is still empty.
  it("two instances started on an empty trail: the second one's first write is refused", async () => {
    const db = await getDb();
    expect(await rowCount()).toBe(0);
    const first = anotherInstance(db);
    const second = anotherInstance(db);
    expect(await auditKeyGuard(first)).toEqual({ headChecked: false, chainStarted: false });
    expect(await withAuditKey(otherKey, () => auditKeyGuard(second))).toEqual({
      headChecked: false,
      chainStarted: false,
    });
    await recordAudit(first, { action: "create", entityType: "instance", entityId: "first" });
    await expect(
      withAuditKey(otherKey, () =>
        recordAudit(second, { action: "create", entityType: "instance", entityId: "second" }),
      ),
    ).rejects.toThrow(
      "The audit key does not match the audit trail of this database (row id 1 was written with another key). Set AUDIT_HMAC_KEY to the key used by the other instances",
    );
    expect(await rowCount()).toBe(1);
    await recordAudit(first, { action: "create", entityType: "instance", entityId: "first-again" });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: 2, findings: [] });
  });

  it("a second instance with another key refuses to start and writes nothing; the chain stays verifiable", async () => {
    const db = await getDb();
    for (let i = 0; i < 3; i++) await recordAudit(db, { action: "create", entityType: "study", entityId: i });
    const rows = await rowCount();
    const second = anotherInstance(db);
    const refusal = await checkAuditKey(second, otherKey, memoryCheckpointLog(otherKey)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AuditKeyMismatchError);
    expect((refusal as Error).message).toContain(
      `The audit key does not match the audit trail of this database (row id ${rows} was written with another key). Set AUDIT_HMAC_KEY to the key used by the other instances`,
    );
    await expect(
      withAuditKey(otherKey, () =>
        recordAudit(second, { action: "create", entityType: "study", entityId: 9 }),
      ),
    ).rejects.toThrow(AuditKeyMismatchError);
    // Refused every time, not only once.
    await expect(
      withAuditKey(otherKey, () =>
        recordAudit(second, { action: "create", entityType: "study", entityId: 9 }),
      ),
    ).rejects.toThrow(AuditKeyMismatchError);
    expect(await rowCount()).toBe(rows);
    await recordAudit(db, { action: "create", entityType: "study", entityId: 4 });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: rows + 1, findings: [] });
  });

  it("refuses when the newest checkpoint of this database was signed with another key", async () => {
    const db = await getDb();
    const log = memoryCheckpointLog(auditKey());
    expect((await checkpointAuditHead(db, "verify", { log })).findings).toEqual([]);
    const theirs = memoryCheckpointLog(otherKey);
    for await (const line of log.lines()) if ("checkpoint" in line) await theirs.append(line.checkpoint);
    await expect(checkAuditKey(db, otherKey, theirs)).rejects.toThrow(
      /^The audit key does not match the audit trail of this database \(its newest checkpoint in memory .* was signed with audit key [0-9a-f]{16}\)/,
    );
    expect(await checkAuditKey(db, auditKey(), log)).toEqual({ headChecked: true, chainStarted: true });
  });
});
