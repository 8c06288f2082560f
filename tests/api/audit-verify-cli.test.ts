import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditKey, deriveAuditKey } from "@/lib/server/audit/audit-key";
import { appendAuditRows } from "@/lib/server/audit/append-rows";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import { fileCheckpointLog } from "@/lib/server/audit/checkpoint-log";
import { checkpointAuditHead } from "@/lib/server/audit/checkpointer";
import { GENESIS_HASH, keyedRowHash, legacyRowHash } from "@/lib/server/audit/hash-chain";
import pg from "pg";
import { adminQuery } from "../support/pg-admin";

// The key lives outside the database: this process (playing the server) and the CLI share it.
process.env.AUDIT_HMAC_KEY = "cli-test-audit-key-0123456789abcdefghijklmnop";

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const MIGRATIONS = "db/migrations";
const cleanup: (() => Promise<void> | void)[] = [];
let templateDir: string | undefined;

/** Runs the real CLI as a separate process, as an operator would. */
async function verifyCli(env: NodeJS.ProcessEnv) {
  try {
    const result = await run("npx", ["tsx", "--conditions=react-server", "scripts/audit-verify.ts"], { env });
    return { code: 0, out: result.stdout + result.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

type Trail = { db: Db; exec: (statement: string) => Promise<void> };

/**
 * A database and DATA_DIR of their own: `write` puts rows in as the server does (and signs a
 * checkpoint of the head, as the server does after commits), `tamper` plays the attacker with
 * the database's owner rights, then the CLI checks the result.
 */
async function trailCase(
  write: (trail: Trail, dataDir: string) => Promise<void>,
  tamper: (trail: Trail) => Promise<void> = async () => {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "registry-verify-"));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
  if (serverUrl) {
    const name = `registry_verify_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl!, `CREATE DATABASE ${name}`);
    cleanup.push(() => adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
      const trail = {
        db: drizzlePg(pool) as unknown as Db,
        exec: async (s: string) => void (await pool.query(s)),
      };
      await write(trail, dataDir);
      await tamper(trail);
    } finally {
      await pool.end();
    }
    env.DATABASE_URL = url.toString();
  } else {
    cpSync(templateDir!, path.join(dataDir, "pgdata"), { recursive: true });
    const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
    try {
      const trail = {
        db: drizzlePglite(client) as unknown as Db,
        exec: async (s: string) => void (await client.exec(s)),
      };
      await write(trail, dataDir);
      await tamper(trail);
    } finally {
      await client.close();
    }
    delete env.DATABASE_URL;
  }
  return { ...(await verifyCli(env)), env };
}

/** Six audited rows through the application's writer, then a signed checkpoint of the head. */
async function sixRows({ db }: Trail, dataDir: string) {
  for (let i = 1; i <= 6; i++)
    await recordAudit(db, { action: "create", entityType: "study", entityId: i, newValues: { n: i } });
  const outcome = await checkpointAuditHead(db, "commits", { log: fileCheckpointLog(dataDir, auditKey()) });
  expect(outcome.written).toMatchObject({ rows: 6, lastId: 6 });
}

function legacyRow(i: number) {
  return {
    timestamp: new Date(Date.UTC(2026, 0, i)),
    userId: null,
    userEmail: "old@example.org",
    action: "create" as const,
    entityType: "study",
    entityId: String(i),
    studyId: null,
    ipAddress: null,
    reason: null,
    oldValues: null,
    newValues: { n: i },
  };
}

/** Rows as the release before the audit key wrote them: plain SHA-256. */
async function legacyRows(db: Db, count: number) {
  let prev = GENESIS_HASH;
  for (let i = 1; i <= count; i++) {
    const row = legacyRow(i);
    const hash = legacyRowHash(prev, row);
    await db.insert(auditLogs).values({ ...row, prevHash: prev, hash });
    prev = hash;
  }
}

const UNLOCK = "ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete;";

/** Rewrites row `fromId` and recomputes every later hash with `hash` (the attacker lacks the key). */
async function rewriteAndRecompute(
  { db, exec }: Trail,
  fromId: number,
  hash: (prev: string, row: typeof auditLogs.$inferSelect) => string,
) {
  await exec(UNLOCK);
  await exec(`UPDATE audit_logs SET reason = 'rewritten' WHERE id = ${fromId}`);
  const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
  let prev = GENESIS_HASH;
  for (const row of rows) {
    if (row.id >= fromId) {
      const next = hash(prev, row);
      await db.update(auditLogs).set({ prevHash: prev, hash: next }).where(eq(auditLogs.id, row.id));
      row.hash = next;
    }
    prev = row.hash;
  }
}

describe("npm run audit:verify", () => {
  beforeAll(async () => {
    if (serverUrl) return;
    // Creating an embedded database takes seconds: make one migrated copy and clone it per case.
    templateDir = mkdtempSync(path.join(tmpdir(), "registry-verify-template-"));
    cleanup.push(() => rmSync(templateDir!, { recursive: true, force: true }));
    const client = await PGlite.create({ dataDir: templateDir });
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
    await client.close();
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(
    "passes on an intact trail, prints the latest checkpoint and appends a new one",
    { timeout: 120_000 },
    async () => {
      const result = await trailCase(sixRows);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toContain("Audit trail intact: 6 rows verified.");
      expect(result.out).toMatch(/Latest .*: 6 rows, last id 6, last hash [0-9a-f]{64} \(commits, signature/);
      expect(result.out).toMatch(/New checkpoint .*: 6 rows, last id 6, last hash [0-9a-f]{64} \(verify/);
      expect(result.out).toContain("audit-checkpoints.log");

      // Its own checkpoint signs the same head as the one before it: verifying again, with no
      // write in between, must still find the trail intact (a second checkpoint of one head once
      // read as a deleted tail).
      const again = await verifyCli(result.env);
      expect(again.code, again.out).toBe(0);
      expect(again.out).toContain("Audit trail intact: 6 rows verified.");
    },
  );

  it("names a changed field", { timeout: 120_000 }, async () => {
    const result = await trailCase(sixRows, ({ exec }) =>
      exec(`${UNLOCK} UPDATE audit_logs SET entity_id = '99' WHERE id = 2;`),
    );
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain("CHANGED ROW: row id 2: its content does not match its hash");
  });

  it("names a deleted middle row", { timeout: 120_000 }, async () => {
    const result = await trailCase(sixRows, ({ exec }) =>
      exec(`${UNLOCK} DELETE FROM audit_logs WHERE id = 3;`),
    );
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(
      "DELETED ROWS: the link from row id 4 to row id 2 is broken: row(s) between them (ids 3–3) were deleted",
    );
  });

  it("names deleted tail rows", { timeout: 120_000 }, async () => {
    const result = await trailCase(sixRows, ({ exec }) =>
      exec(`${UNLOCK} DELETE FROM audit_logs WHERE id >= 5;`),
    );
    expect(result.code, result.out).toBe(1);
    expect(result.out).toMatch(
      /DELETED TAIL: the last 2 row\(s\) are gone: the checkpoint of \S+ recorded 6 rows through row id 6, the table now ends at row id 4/,
    );
  });

  it("names a truncation with the triggers dropped", { timeout: 120_000 }, async () => {
    const result = await trailCase(sixRows, ({ exec }) =>
      exec(
        "DROP TRIGGER audit_logs_no_truncate ON audit_logs; DROP TRIGGER audit_logs_no_update_delete ON audit_logs; TRUNCATE audit_logs;",
      ),
    );
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain("TRUNCATED: the table holds none of the 6 row(s) the checkpoint of");
  });

  it("names a chain rewritten and recomputed with plain SHA-256", { timeout: 120_000 }, async () => {
    const result = await trailCase(sixRows, (trail) => rewriteAndRecompute(trail, 3, legacyRowHash));
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(
      "RECOMPUTED CHAIN: from row id 3, 4 row(s) carry plain SHA-256 hashes instead of hashes made with the audit key",
    );
  });

  it("names a chain rewritten and recomputed with a wrong key", { timeout: 120_000 }, async () => {
    const wrong = deriveAuditKey("an-attacker-guess-at-the-key-000000000000", "test");
    const result = await trailCase(sixRows, (trail) =>
      rewriteAndRecompute(trail, 3, (prev, row) => keyedRowHash(wrong.chainKey, prev, row)),
    );
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(
      "RECOMPUTED CHAIN: from row id 3, 4 row(s) link to each other but their hashes were not made with the audit key",
    );
  });

  it(
    "accepts rows written before the key existed once the key-introduction row pins them",
    { timeout: 120_000 },
    async () => {
      // Rows as the previous release wrote them (plain SHA-256), then the server's first audited
      // writes with the key: the first of them pins the legacy rows (a key-introduction row).
      const legacyThenKeyed = async ({ db }: Trail) => {
        await legacyRows(db, 3);
        for (let i = 4; i <= 6; i++)
          await recordAudit(db, { action: "create", entityType: "study", entityId: i });
      };
      const first = await trailCase(legacyThenKeyed);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toContain(
        "Audit trail intact: 7 rows verified. (3 of them written before the audit key existed, checked with plain SHA-256 up to row id 3)",
      );
      expect(first.out).toContain("none of this database yet");
      expect(first.out).toMatch(/New checkpoint .*: 7 rows, last id 7/);
    },
  );

  it(
    "names rows written before the key existed that no key-introduction row pins",
    { timeout: 120_000 },
    async () => {
      // Plain rows followed by keyed ones, without the row that pins them: plain SHA-256 is what
      // anyone can compute, so this is not history but a rewrite.
      const unpinned = async ({ db }: Trail) => {
        await legacyRows(db, 3);
        await db.transaction((tx) =>
          appendAuditRows(tx, [{ ...legacyRow(4), entityId: "4" }], auditKey(), {}),
        );
      };
      const result = await trailCase(unpinned);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain(
        "RECOMPUTED CHAIN: from row id 1, 3 row(s) carry plain SHA-256 hashes instead of hashes made with the audit key, and row id 4, the first written with the key, is not the key-introduction row that pins them",
      );
    },
  );

  it(
    "names a chain recomputed end to end with plain SHA-256 when no checkpoint is at hand",
    { timeout: 120_000 },
    async () => {
      // No checkpoint log at all (a new DATA_DIR, or the log deleted with the rows rewritten).
      const result = await trailCase(
        async ({ db }) => {
          for (let i = 1; i <= 5; i++)
            await recordAudit(db, { action: "create", entityType: "study", entityId: i });
        },
        (trail) => rewriteAndRecompute(trail, 1, legacyRowHash),
      );
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain("none of this database yet");
      expect(result.out).toContain(
        "RECOMPUTED CHAIN: from row id 1, 5 row(s) carry plain SHA-256 hashes instead of hashes made with the audit key, and no row written with the key pins them",
      );
      expect(result.out).not.toContain("New checkpoint");
    },
  );
});
