import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { getDb, type Db } from "@/db/client";
import * as schema from "@/db/schema";
import type { AuditKey } from "@/lib/server/audit/audit-key";
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

/**
 * Another handle on the application's connection: to the audit module, another server process
 * (its own key check, its own checkpointer).
 */
export function anotherInstance(db: Db): Db {
  const client = (db as unknown as { $client: never }).$client;
  return (process.env.TEST_DATABASE_URL
    ? drizzlePg(client, { schema })
    : drizzlePglite(client, { schema })) as unknown as Db;
}

/** Runs `fn` as a process whose audit key is `key` (the key a server loads once at start). */
export async function withAuditKey<T>(key: AuditKey, fn: () => Promise<T>): Promise<T> {
  const holder = globalThis as unknown as { __registryAuditKey?: AuditKey };
  const own = holder.__registryAuditKey;
  holder.__registryAuditKey = key;
  try {
    return await fn();
  } finally {
    holder.__registryAuditKey = own;
  }
}
