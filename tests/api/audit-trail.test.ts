import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditedTransaction } from "@/lib/server/audit/audit-writer";
import { appendAuditRows, withAuditTriggersDisabled } from "./audit-helpers";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";

describe("audit trail", () => {
  it("chains rows and never stores secrets", async () => {
    await appendAuditRows(5, "chain");
    const db = await getDb();
    const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(rows.at(-1)!.newValues).toMatchObject({ password: "[redacted]" });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: rows.length, findings: [] });
  });

  it("keeps no audit row when the surrounding transaction rolls back", async () => {
    const db = await getDb();
    const before = await db.$count(auditLogs);
    await expect(
      auditedTransaction(db, async (_tx, audit) => {
        audit({ action: "create", entityType: "study", entityId: 1 });
        throw new Error("change failed");
      }),
    ).rejects.toThrow("change failed");
    expect(await db.$count(auditLogs)).toBe(before);
  });

  it("refuses UPDATE, DELETE and TRUNCATE through the application's connection", async () => {
    await appendAuditRows(1, "immutable");
    const db = await getDb();
    await expect(db.execute(sql`UPDATE audit_logs SET reason = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_logs`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_logs`)).rejects.toThrow();
    await expect(db.update(auditLogs).set({ reason: "edited" })).rejects.toThrow();
    expect(await db.$count(auditLogs, sql`reason = 'edited'`)).toBe(0);
  });

  it("names the first edited row when values are changed with triggers disabled", async () => {
    await appendAuditRows(3, "tamper-edit");
    const db = await getDb();
    const [target] = await db
      .select()
      .from(auditLogs)
      .where(sql`reason = 'tamper-edit'`)
      .orderBy(asc(auditLogs.id))
      .limit(1);
    await withAuditTriggersDisabled(
      sql`UPDATE audit_logs SET new_values = '{"value": 999}' WHERE id = ${target!.id}`,
    );
    const report = await verifyAuditChain(db);
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([
      {
        kind: "changed-row",
        rowId: target!.id,
        message: `row id ${target!.id}: its content does not match its hash (a field was changed after it was written)`,
      },
    ]);
  });
});
