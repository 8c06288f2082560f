import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLogs, signInAttempts } from "@/db/schema";
import { auditedTransaction, recordAudit } from "@/lib/server/audit/audit-writer";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";

/** The chain stays whole under concurrent audited writes. */
describe("audited writes in parallel", () => {
  it("keeps one valid chain with 10 parallel writers, each doing work before its audit row", async () => {
    const db = await getDb();
    const writers = 10;
    const perWriter = 8;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let n = 0; n < perWriter; n++) {
          await auditedTransaction(db, async (tx, audit) => {
            const email = `writer${writer}-${n}@example.org`;
            await tx.insert(signInAttempts).values({ ipAddress: "10.0.0.1", email, succeeded: true });
            await tx.execute(sql`select pg_sleep(0.002)`);
            audit({ action: "create", entityType: "parallel-writer", entityId: `${writer}-${n}` });
          });
        }
      }),
    );
    // On a server the lock and the read of the chain head share one round trip.
    const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect(rows).toHaveLength(writers * perWriter);
    expect(new Set(rows.map((r) => r.entityId)).size).toBe(writers * perWriter);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(await db.$count(signInAttempts, eq(signInAttempts.ipAddress, "10.0.0.1"))).toBe(
      writers * perWriter,
    );
    expect(await verifyAuditChain(db)).toMatchObject({
      ok: true,
      checked: writers * perWriter,
      findings: [],
    });
  });

  // PGlite runs one transaction at a time, so only a server shows whether the chain lock waits for
  // other transactions' work: this case exists where that driver runs (TEST_DATABASE_URL).
  for (const driver of process.env.TEST_DATABASE_URL ? ["PostgreSQL"] : []) {
    it(`does not hold the chain lock while a transaction does its work (${driver})`, async () => {
      const db = await getDb();
      let releaseWork!: () => void;
      const workHeld = new Promise<void>((resolve) => (releaseWork = resolve));
      let workStarted!: () => void;
      const started = new Promise<void>((resolve) => (workStarted = resolve));
      const slow = auditedTransaction(db, async (tx, audit) => {
        audit({ action: "update", entityType: "slow-writer", entityId: 1 });
        await tx.execute(sql`select 1`);
        workStarted();
        await workHeld; // still working, after its audit entry was recorded
      });
      await started;
      // Another audited write commits while the first is still working; with the lock taken at the
      // audit entry it would wait until the first committed (and this test would time out).
      await recordAudit(db, { action: "create", entityType: "fast-writer", entityId: 2 });
      releaseWork();
      await slow;
      const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
      const order = rows.map((r) => r.entityType).filter((t) => t.endsWith("-writer"));
      expect(order.slice(-2)).toEqual(["fast-writer", "slow-writer"]);
      expect((await verifyAuditChain(db)).findings).toEqual([]);
    });
  }
});
