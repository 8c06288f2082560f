import { inEnglish } from "@/tests/support/words-in";
import { asc, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { fromDatabaseError } from "@/lib/server/api/errors";
import { auditedTransaction } from "@/lib/server/audit/audit-writer";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The one row of a one-row query, whichever driver answered it. */
function only<T>(result: unknown): T {
  const row = (result as { rows: T[] }).rows[0];
  if (!row) throw new Error("The query answered no row");
  return row;
}
const drivers = serverUrl ? ["PostgreSQL"] : ["PGlite"];

/** Makes REPEATABLE READ the default of every new transaction, as a DBA might. */
async function defaultToRepeatableRead(driver: string) {
  const db = await getDb();
  if (driver === "PostgreSQL") {
    const { name } = only<{ name: string }>(await db.execute(sql`select current_database() as name`));
    await db.execute(
      sql.raw(`ALTER DATABASE "${name}" SET default_transaction_isolation = 'repeatable read'`),
    );
    // Only new connections read the database's settings.
    await closeDb();
  } else {
    // PGlite has one session: its setting is the database's.
    await db.execute(sql`SET default_transaction_isolation = 'repeatable read'`);
  }
  const reopened = await getDb();
  const { level } = only<{ level: string }>(
    await reopened.execute(sql`select current_setting('default_transaction_isolation') as level`),
  );
  expect(level).toBe("repeatable read");
  return reopened;
}

/** The chain must not fork when the database defaults to a stricter isolation. */
describe("audited transactions and the database's default isolation", () => {
  for (const driver of drivers) {
    it(`keep one chain with 10 parallel writers under default repeatable read (${driver})`, async () => {
      const db = await defaultToRepeatableRead(driver);
      const levels = new Set<string>();
      await Promise.all(
        Array.from({ length: 10 }, async (_, writer) => {
          for (let n = 0; n < 5; n++)
            await auditedTransaction(db, async (tx, audit) => {
              const { level } = only<{ level: string }>(
                await tx.execute(sql`select current_setting('transaction_isolation') as level`),
              );
              levels.add(level);
              await tx.execute(sql`select pg_sleep(0.002)`);
              audit({ action: "create", entityType: "isolation-writer", entityId: `${writer}-${n}` });
            });
        }),
      );
      expect([...levels]).toEqual(["read committed"]);
      const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
      expect(rows).toHaveLength(50);
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, checked: 50, findings: [] });
    });
  }

  // A serialization failure needs two sessions at once: only a server has them.
  for (const driver of serverUrl ? ["PostgreSQL"] : []) {
    it(`answers a serialization failure with 409 "try again" (${driver})`, async () => {
      const db = await getDb();
      const { name } = only<{ name: string }>(await db.execute(sql`select current_database() as name`));
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const a = new pg.Client({ connectionString: url.toString() });
      const b = new pg.Client({ connectionString: url.toString() });
      await a.connect();
      await b.connect();
      try {
        await a.query("create table if not exists isolation_probe (id int primary key, n int)");
        await a.query("insert into isolation_probe values (1, 0) on conflict do nothing");
        await a.query("begin isolation level repeatable read");
        await b.query("begin isolation level repeatable read");
        await a.query("select n from isolation_probe where id = 1");
        await b.query("select n from isolation_probe where id = 1");
        await a.query("update isolation_probe set n = n + 1 where id = 1");
        // The refusal is caught from the start: b's answer may arrive while a's commit is awaited,
        // and a rejection with no handler yet is an unhandled one (seen on a loaded machine).
        const blocked = b.query("update isolation_probe set n = n + 1 where id = 1").then(
          () => null,
          (e: unknown) => e,
        );
        await a.query("commit");
        const error = await blocked;
        await b.query("rollback");
        expect((error as { code?: string } | null)?.code).toBe("40001");
        const mapped = fromDatabaseError(error);
        expect(mapped?.status).toBe(409);
        // Details are catalogue references until the API puts them into the caller's words.
        expect(inEnglish(String(mapped?.detail))).toBe(
          "The change conflicted with a concurrent change; try again.",
        );
      } finally {
        await a.end();
        await b.end();
      }
    });
  }
});
