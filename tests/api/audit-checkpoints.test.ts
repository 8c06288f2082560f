import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditKey, deriveAuditKey, loadAuditKey } from "@/lib/server/audit/audit-key";
import { defaultCheckpointLog, fileCheckpointLog, type Checkpoint } from "@/lib/server/audit/checkpoint-log";
import {
  auditCheckpointPending,
  checkpointAuditHead,
  flushAuditCheckpoints,
} from "@/lib/server/audit/checkpointer";
import { databaseIdentity } from "@/lib/server/audit/database-identity";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { appendAuditRows, withAuditTriggersDisabled } from "./audit-helpers";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "registry-checkpoints-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function serverCheckpoints() {
  const db = await getDb();
  const database = await databaseIdentity(db);
  const found: Checkpoint[] = [];
  for await (const line of defaultCheckpointLog(auditKey()).lines())
    if ("checkpoint" in line && line.signatureValid && line.checkpoint.database === database)
      found.push(line.checkpoint);
  return found;
}

describe("audit key", () => {
  it("is generated once into DATA_DIR/audit-key, readable only by its owner, and reused", () => {
    const dir = tempDir();
    const first = loadAuditKey({ dataDir: dir });
    expect(statSync(path.join(dir, "audit-key")).mode & 0o777).toBe(0o600);
    expect(loadAuditKey({ dataDir: dir }).keyId).toBe(first.keyId);
    expect(loadAuditKey({ dataDir: tempDir() }).keyId).not.toBe(first.keyId);
    expect(loadAuditKey({ dataDir: dir, envKey: "x".repeat(32) }).source).toBe("AUDIT_HMAC_KEY");
  });

  it("refuses a damaged key file instead of silently making a new key", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "audit-key"), "short");
    expect(() => loadAuditKey({ dataDir: dir })).toThrow(/audit key file .* is damaged/);
  });
});

describe("audit checkpoints", () => {
  it("are written by the server after audited commits, at most one per interval", async () => {
    const db = await getDb();
    await appendAuditRows(3, "checkpointed");
    expect(auditCheckpointPending(db)).toBe(true);
    expect(await serverCheckpoints()).toEqual([]);
    await flushAuditCheckpoints(db);
    const [first, ...others] = await serverCheckpoints();
    expect(others).toEqual([]);
    expect(first).toMatchObject({ rows: 3, lastId: 3, reason: "commits", legacyThroughId: 0 });
    // Nothing new: nothing written.
    await flushAuditCheckpoints(db);
    expect(await serverCheckpoints()).toHaveLength(1);
    await appendAuditRows(1, "checkpointed");
    await flushAuditCheckpoints(db);
    expect((await serverCheckpoints()).at(-1)).toMatchObject({ rows: 4, lastId: 4 });
  });

  it("name an edited checkpoint line", async () => {
    const db = await getDb();
    const log = fileCheckpointLog(tempDir(), auditKey());
    await checkpointAuditHead(db, "verify", { log });
    expect((await verifyAuditChain(db, { log })).ok).toBe(true);
    const file = log.location;
    writeFileSync(file, readFileSync(file, "utf8").replace(/"rows":\d+/, '"rows":1'));
    const report = await verifyAuditChain(db, { log });
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: "checkpoint-log",
        message: expect.stringContaining("line 1 of") as string,
      }),
    ]);
  });

  it("name a wrong key instead of calling every row forged", async () => {
    const db = await getDb();
    const log = fileCheckpointLog(tempDir(), auditKey());
    await checkpointAuditHead(db, "verify", { log });
    const other = deriveAuditKey("another-key-another-key-another-key-0000", "test");
    const report = await verifyAuditChain(db, {
      log: fileCheckpointLog(path.dirname(log.location), other),
      key: other,
    });
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: "wrong-key",
        message: expect.stringContaining(`this run uses key ${other.keyId}`) as string,
      }),
    ]);
  });

  it("are refused, loudly, when the chain no longer continues from the last one", async () => {
    const db = await getDb();
    await appendAuditRows(2, "before-deletion");
    await flushAuditCheckpoints(db);
    const before = await serverCheckpoints();
    const last = before.at(-1)!;
    await withAuditTriggersDisabled(sql`DELETE FROM audit_logs WHERE id > ${last.lastId - 2}`);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await appendAuditRows(1, "after-deletion");
      await flushAuditCheckpoints(db);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("Audit checkpoint NOT written"));
    } finally {
      errors.mockRestore();
    }
    expect(await serverCheckpoints()).toHaveLength(before.length);
    const report = await verifyAuditChain(db);
    expect(report.findings.map((f) => f.kind)).toContain("deleted-rows");
  });
});
