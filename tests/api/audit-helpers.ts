import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { recordAudit } from "@/lib/server/audit/audit-writer";

export async function appendAuditRows(count: number, label: string) {
  const db = await getDb();
  for (let i = 0; i < count; i++) {
    await recordAudit(db, {
      action: "update",
      entityType: "patient",
      entityId: i,
      studyId: 1,
      actor: { userId: null, email: "tester@example.org" },
      reason: label,
      oldValues: { value: i, nested: { b: 1, a: [1, "x"] } },
      newValues: { value: i + 1, password: "secret-value" },
    });
  }
}

/** What a database owner could do by hand; the hash chain must still catch it. */
export async function withAuditTriggersDisabled(statement: ReturnType<typeof sql>) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update_delete`);
  });
}
