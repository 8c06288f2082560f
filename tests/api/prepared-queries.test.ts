/**
 * db/prepared.ts builds a query once and runs it on the caller's connection. Inside a transaction
 * it must see the transaction's own uncommitted rows (it runs on that connection), and on the
 * database handle it must not (it runs on the pool, another connection) — on PostgreSQL, where the
 * two differ; PGlite has one connection and runs transactions one at a time.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getHandle } from "@/db/client";
import { prepared } from "@/db/prepared";
import { studies } from "@/db/schema";
import { createUser } from "./helpers";

const byCode = (q: Parameters<typeof prepared>[0]) =>
  prepared(q, "test_study_by_code", (on, name) =>
    on
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.code, sql.placeholder("code")))
      .prepare(name),
  );

describe("prepared queries", () => {
  it("run on the transaction's connection inside a transaction, and on the pool outside it", async () => {
    const db = await getDb();
    const { driver } = await getHandle();
    const code = `prepared_${process.pid}`;
    const owner = await createUser();
    expect(await byCode(db).execute({ code })).toEqual([]); // built on the pool first
    await db
      .transaction(async (tx) => {
        await tx
          .insert(studies)
          .values({ code, domain: code, name: "Prepared", disease: "Test", createdBy: owner.id });
        expect(await byCode(tx).execute({ code })).toHaveLength(1);
        // Another connection does not see the uncommitted row (PGlite has just one connection).
        if (driver === "pg") expect(await byCode(db).execute({ code })).toEqual([]);
        await tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(await byCode(db).execute({ code })).toEqual([]);
  });
});
