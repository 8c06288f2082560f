import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { recordAudit } from "@/lib/server/audit/audit-writer";

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** The SQL blocks of docs/database-roles.md, in order: the test runs exactly what the doc says. */
function docBlocks(names: { owner: string; app: string; database: string }): string[] {
  const doc = readFileSync("docs/database-roles.md", "utf8");
  return [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) =>
    m[1]!
      .replace(/\bregistry_owner\b/g, names.owner)
      .replace(/\bregistry_app\b/g, names.app)
      .replace(/\bregistry\b/g, names.database),
  );
}

async function migrateCli(env: NodeJS.ProcessEnv) {
  try {
    const result = await run("npx", ["tsx", "--conditions=react-server", "scripts/db-migrate.ts"], { env });
    return { code: 0, out: result.stdout + result.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The database's own words for a refused statement (drizzle wraps them in its error's cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ""}`;
  }
  return "not refused";
}

/** What the runtime role must not be able to do to the trail, whatever the triggers. */
async function expectOnlyInsertAndSelect(db: Db) {
  await recordAudit(db, { action: "create", entityType: "role-test", entityId: 1 });
  const before = await db.$count(auditLogs);
  expect(before).toBeGreaterThan(0);
  expect(await refusal(db.execute(sql`UPDATE audit_logs SET reason = 'edited'`))).toMatch(
    /permission denied/,
  );
  expect(await refusal(db.execute(sql`DELETE FROM audit_logs`))).toMatch(/permission denied/);
  expect(await refusal(db.execute(sql`TRUNCATE audit_logs`))).toMatch(/permission denied/);
  expect(await refusal(db.execute(sql`ALTER TABLE audit_logs DISABLE TRIGGER ALL`))).toMatch(/must be owner/);
  expect(await db.$count(auditLogs)).toBe(before);
}

/** One statement per query: the embedded driver prepares each one. */
async function execAll(db: Db, statements: string) {
  for (const statement of statements.split(/;\s*/).filter((x) => x.trim()))
    await db.execute(sql.raw(statement));
}

const DROP_TRIGGERS =
  "DROP TRIGGER audit_logs_no_update_delete ON audit_logs; DROP TRIGGER audit_logs_no_truncate ON audit_logs;";

describe("database roles (docs/database-roles.md)", () => {
  it("refuses MIGRATION_DATABASE_URL without DATABASE_URL, loudly", { timeout: 60_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      MIGRATION_DATABASE_URL: "postgres://owner@127.0.0.1:1/none",
    };
    delete env.DATABASE_URL;
    const result = await migrateCli(env);
    expect(result.code).toBe(1);
    expect(result.out).toContain("MIGRATION_DATABASE_URL is set but DATABASE_URL is not");
  });

  // The embedded database has one connection: the runtime role is taken with SET ROLE.
  for (const driver of serverUrl ? [] : ["embedded PGlite"]) {
    it(`leave the runtime role only INSERT and SELECT on audit_logs, even without triggers (${driver})`, async () => {
      const db = await getDb();
      const [create, defaults, grants] = docBlocks({ owner: "postgres", app: "registry_app", database: "-" });
      // Step 1 without the owner and the database: the embedded database is both.
      await db.execute(sql.raw(create!.split("\n").find((l) => l.includes("ROLE registry_app"))!));
      await execAll(db, defaults!);
      await execAll(db, grants!);
      try {
        await db.execute(sql`SET ROLE registry_app`);
        await expectOnlyInsertAndSelect(db);
        await db.execute(sql`RESET ROLE`);
        await execAll(db, DROP_TRIGGERS);
        await db.execute(sql`SET ROLE registry_app`);
        await expectOnlyInsertAndSelect(db);
      } finally {
        await db.execute(sql`RESET ROLE`);
      }
    });
  }

  // A real server: separate logins, migrations through MIGRATION_DATABASE_URL (db:migrate).
  for (const driver of serverUrl ? ["PostgreSQL"] : []) {
    it(
      `leave the runtime role only INSERT and SELECT on audit_logs, even without triggers (${driver})`,
      { timeout: 120_000 },
      async () => {
        const suffix = randomBytes(4).toString("hex");
        const names = {
          owner: `reg_owner_${suffix}`,
          app: `reg_app_${suffix}`,
          database: `reg_roles_${suffix}`,
        };
        const [create, defaults, grants] = docBlocks(names);
        const urlFor = (role: string, password: string) => {
          const url = new URL(serverUrl!);
          url.username = role;
          url.password = password;
          url.pathname = `/${names.database}`;
          return url.toString();
        };
        const ownerUrl = urlFor(names.owner, "change-me-owner");
        const appUrl = urlFor(names.app, "change-me-app");
        await query(serverUrl!, create!);
        const runtime = new pg.Pool({ connectionString: appUrl, max: 2 });
        runtime.on("error", () => {});
        try {
          await query(ownerUrl, defaults!);
          const migrated = await migrateCli({
            ...process.env,
            NODE_ENV: "production",
            MIGRATION_DATABASE_URL: ownerUrl,
            DATABASE_URL: appUrl,
          });
          expect(migrated.out).toContain("Migrations applied (PostgreSQL via MIGRATION_DATABASE_URL).");
          await query(ownerUrl, grants!);
          const tableOwner = await query(
            ownerUrl,
            "SELECT tableowner FROM pg_tables WHERE tablename = 'audit_logs'",
          );
          expect(tableOwner.rows).toEqual([{ tableowner: names.owner }]);

          const db = drizzle(runtime) as unknown as Db;
          await expectOnlyInsertAndSelect(db);
          await query(ownerUrl, DROP_TRIGGERS);
          await expectOnlyInsertAndSelect(db);
        } finally {
          await runtime.end();
          await query(serverUrl!, `DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
          await query(serverUrl!, `DROP ROLE IF EXISTS ${names.app}; DROP ROLE IF EXISTS ${names.owner};`);
        }
      },
    );
  }
});

/** Each statement on its own, as psql would run them (CREATE DATABASE refuses a transaction). */
async function query(url: string, statements: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let result: pg.QueryResult | undefined;
    for (const statement of statements.split(/;\s*/).filter((x) => x.trim()))
      result = await client.query(statement);
    return result!;
  } finally {
    await client.end();
  }
}
