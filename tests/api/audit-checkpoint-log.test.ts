import fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { withRequestId } from "@/lib/server/api/request-context";
import { auditKey } from "@/lib/server/audit/audit-key";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import {
  fileCheckpointLog,
  newestTrustedCheckpoint,
  signCheckpoint,
  type CheckpointLog,
} from "@/lib/server/audit/checkpoint-log";
import {
  auditCheckpointDueAt,
  CHECKPOINT_INTERVAL_MS,
  CHECKPOINT_RETRY_MS,
  checkpointAuditHead,
  flushAuditCheckpoints,
  registerAuditCheckpoints,
} from "@/lib/server/audit/checkpointer";
import { databaseIdentity } from "@/lib/server/audit/database-identity";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { anotherInstance, appendAuditRows, withAuditTriggersDisabled } from "./audit-helpers";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "registry-checkpoint-log-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const LINES = 200_000;

describe("the audit checkpoint log, grown large", () => {
  it(`is never read whole: ${LINES} lines, newest found from the end, verify streams`, async () => {
    const db = await getDb();
    await appendAuditRows(3, "large-log");
    const key = auditKey();
    const dir = tempDir();
    const log = fileCheckpointLog(dir, key);
    // Years of checkpoints: many of this database's (all of the same head) and of another one.
    const database = await databaseIdentity(db);
    const outcome = await checkpointAuditHead(db, "verify", { log });
    const ours = JSON.stringify(outcome.written);
    const theirs = JSON.stringify(signCheckpoint({ ...outcome.written!, database: "elsewhere@1" }, key));
    const lines = Array.from({ length: LINES }, (_, i) => (i % 2 ? ours : theirs));
    fs.appendFileSync(log.location, `${lines.join("\n")}\n`);
    // The newest line of this database is not the last line; a half-written line ends the file.
    fs.appendFileSync(log.location, `${theirs}\n${theirs.slice(0, 40)}`);
    expect(fs.statSync(log.location).size).toBeGreaterThan(LINES * 300);

    const readFile = vi.spyOn(fs.promises, "readFile");
    const readFileSync = vi.spyOn(fs, "readFileSync");
    // Every read of the log goes through a FileHandle: count the bytes the search from the end reads.
    const probe = await fs.promises.open(log.location, "r");
    const handleProto = Object.getPrototypeOf(probe) as {
      read: (...args: unknown[]) => Promise<{ bytesRead: number }>;
    };
    await probe.close();
    const originalRead = handleProto.read;
    let bytesRead = 0;
    const read = vi.spyOn(handleProto, "read").mockImplementation(async function (this: unknown, ...args) {
      const result = await originalRead.apply(this, args);
      bytesRead += result.bytesRead;
      return result;
    });
    try {
      expect(await newestTrustedCheckpoint(log, database)).toEqual(outcome.written);
      // The newest line of this database is near the end: one 64 KiB chunk, not the whole file.
      expect(bytesRead).toBeGreaterThan(0);
      expect(bytesRead).toBeLessThanOrEqual(64 * 1024);
      read.mockRestore();
      const report = await verifyAuditChain(db, { log });
      expect(report).toMatchObject({ ok: true, checked: 3, findings: [] });
      expect(report.checkpoints.trusted).toHaveLength(1); // one head, held once
      expect(readFile).not.toHaveBeenCalledWith(log.location, expect.anything());
      expect(readFileSync).not.toHaveBeenCalledWith(log.location, expect.anything());
    } finally {
      read.mockRestore();
      readFile.mockRestore();
      readFileSync.mockRestore();
    }
  });

  it("names a line far too long to be a checkpoint, without holding it", async () => {
    const db = await getDb();
    const log = fileCheckpointLog(tempDir(), auditKey());
    await checkpointAuditHead(db, "verify", { log });
    fs.appendFileSync(log.location, `${"x".repeat(5_000_000)}\n`);
    await checkpointAuditHead(db, "verify", { log });
    const report = await verifyAuditChain(db, { log });
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: "checkpoint-log",
        message: expect.stringContaining("line 2 of") as string,
      }),
    ]);
    expect(await newestTrustedCheckpoint(log, await databaseIdentity(db))).not.toBeNull();
  });

  it("that cannot be read is reported once, and not retried at every write", async () => {
    const db = anotherInstance(await getDb());
    let reads = 0;
    const broken: CheckpointLog = {
      location: "/broken/audit-checkpoints.log",
      async append() {
        throw new Error("EIO: i/o error, write");
      },
      lines() {
        throw new Error("EIO: i/o error, read");
      },
      async newest() {
        reads++;
        throw new Error("EIO: i/o error, read");
      },
    };
    registerAuditCheckpoints(db, broken);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await recordAudit(db, { action: "create", entityType: "broken-log", entityId: 1 });
      expect(auditCheckpointDueAt(db)).not.toBeNull();
      await flushAuditCheckpoints(db);
      expect(reads).toBe(1);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining("Audit checkpoint FAILED (/broken/audit-checkpoints.log)"),
        expect.anything(),
      );
      // The next write schedules the next try minutes away, not in 5 s.
      const before = Date.now();
      await recordAudit(db, { action: "create", entityType: "broken-log", entityId: 2 });
      expect(auditCheckpointDueAt(db)! - before).toBeGreaterThan(CHECKPOINT_RETRY_MS - 1_000);
      expect(reads).toBe(1);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("the audit checkpoint timer", () => {
  it(
    "runs outside the request that scheduled it (its log lines carry no request id)",
    { timeout: CHECKPOINT_INTERVAL_MS + 20_000 },
    async () => {
      const db = await getDb();
      await appendAuditRows(2, "before-deletion");
      await flushAuditCheckpoints(db);
      // Make the next checkpoint fail loudly, so the timer logs a line.
      await withAuditTriggersDisabled(
        sql`DELETE FROM audit_logs WHERE id = (select max(id) from audit_logs)`,
      );
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        await withRequestId("11111111-2222-3333-4444-555555555555", () =>
          recordAudit(db, { action: "create", entityType: "timer", entityId: 1 }),
        );
        await vi.waitFor(() => expect(errors).toHaveBeenCalled(), {
          timeout: CHECKPOINT_INTERVAL_MS + 10_000,
          interval: 200,
        });
        const line = String(errors.mock.calls[0]![0]);
        expect(line).toContain("Audit checkpoint NOT written");
        expect(line.startsWith("[request -]")).toBe(true);
      } finally {
        errors.mockRestore();
      }
    },
  );
});
