import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import { appendAuditRows, withAuditTriggersDisabled } from "./audit-helpers";

const run = promisify(execFile);

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

describe("npm run audit:verify", () => {
  it("passes on an intact trail and fails naming the tampered row", { timeout: 120_000 }, async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      // PostgreSQL: the CLI reads this file's own fresh database.
      await appendAuditRows(3, "cli");
      const env = { ...process.env, NODE_ENV: "production" as const };
      const intact = await verifyCli(env);
      expect(intact.code, intact.out).toBe(0);
      expect(intact.out).toContain("Audit trail intact: 3 rows verified.");
      const [, target] = await (await getDb()).select().from(auditLogs).orderBy(asc(auditLogs.id));
      await withAuditTriggersDisabled(
        sql`UPDATE audit_logs SET reason = 'rewritten' WHERE id = ${target!.id}`,
      );
      const broken = await verifyCli(env);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(
        `Audit trail BROKEN at row id ${target!.id}: its content does not match its hash`,
      );
      return;
    }

    // Embedded database: a file-based PGlite directory of its own (one process at a time).
    const dataDir = mkdtempSync(path.join(tmpdir(), "registry-verify-"));
    const env = { ...process.env, NODE_ENV: "production" as const, DATA_DIR: dataDir };
    try {
      const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
      const db = drizzle(client) as unknown as Db;
      await migrate(drizzle(client), { migrationsFolder: "db/migrations" });
      for (let i = 0; i < 3; i++)
        await recordAudit(db, { action: "create", entityType: "study", entityId: i });
      await client.close();
      const intact = await verifyCli(env);
      expect(intact.code, intact.out).toBe(0);
      expect(intact.out).toContain("Audit trail intact: 3 rows verified.");

      const again = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
      await again.exec(
        "ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_delete; UPDATE audit_logs SET entity_id = '99' WHERE id = 2;",
      );
      await again.close();
      const broken = await verifyCli(env);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain("Audit trail BROKEN at row id 2: its content does not match its hash");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
