import "server-only";
import { asc, gt } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditRowHash, GENESIS_HASH } from "./hash-chain";

export type ChainReport =
  { ok: true; checked: number } | { ok: false; checked: number; brokenRowId: number; problem: string };

const BATCH = 1000;

/** Walks the whole trail in id order and names the first row whose content or link is wrong. */
export async function verifyAuditChain(db: Queryable): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(gt(auditLogs.id, lastId))
      .orderBy(asc(auditLogs.id))
      .limit(BATCH);
    if (rows.length === 0) return { ok: true, checked };
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        return {
          ok: false,
          checked,
          brokenRowId: row.id,
          problem: "its link to the previous row is broken (a row was deleted, inserted or reordered)",
        };
      }
      if (auditRowHash(prevHash, row) !== row.hash) {
        return { ok: false, checked, brokenRowId: row.id, problem: "its content does not match its hash" };
      }
      prevHash = row.hash;
      lastId = row.id;
      checked++;
    }
  }
}
