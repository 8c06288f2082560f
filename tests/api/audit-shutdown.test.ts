import { desc } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditKey } from "@/lib/server/audit/audit-key";
import { defaultCheckpointLog, newestTrustedCheckpoint } from "@/lib/server/audit/checkpoint-log";
import { auditCheckpointPending } from "@/lib/server/audit/checkpointer";
import { databaseIdentity } from "@/lib/server/audit/database-identity";
import { shutdownListener } from "@/lib/server/bootstrap/shutdown";
import { appendAuditRows } from "./audit-helpers";

// The listener closes the database for good; the file's own teardown must still run.
afterAll(() => {
  delete (globalThis as { __registryDbClosedForGood?: boolean }).__registryDbClosedForGood;
});

/** A normal stop lost the last checkpoint (and left PGlite to crash recovery). */
describe("a stop signal", () => {
  it("writes the checkpoint of the last row and closes the database before next start exits", async () => {
    const db = await getDb();
    const database = await databaseIdentity(db);
    const log = defaultCheckpointLog(auditKey());
    await appendAuditRows(3, "before-stop");
    const [last] = await db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(auditCheckpointPending(db)).toBe(true);

    const order: string[] = [];
    const exit = vi.fn();
    const nextStart = vi.fn(async () => {
      order.push("next start's own listener");
      // By then the database is closed, for good: nothing reopens it while the server stops.
      await expect(getDb()).rejects.toThrow("The server is shutting down");
    });
    await shutdownListener({ exit, handOver: () => [nextStart] })("SIGTERM");
    order.push("done");

    expect(nextStart).toHaveBeenCalledWith("SIGTERM");
    expect(exit).not.toHaveBeenCalled();
    expect(order).toEqual(["next start's own listener", "done"]);
    expect(await newestTrustedCheckpoint(log, database)).toMatchObject({
      lastId: last!.id,
      lastHash: last!.hash,
      rows: 3,
    });
  });

  it("exits with 128 + the signal number when nobody else listens", async () => {
    const exit = vi.fn();
    await shutdownListener({ close: async () => {}, exit })("SIGINT");
    expect(exit).toHaveBeenCalledWith(130);
  });
});
