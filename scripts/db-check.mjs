#!/usr/bin/env node
/**
 * npm run db:check — the schema (db/schema) and the migrations (db/migrations) agree.
 *
 * 1. `drizzle-kit check`: the migration snapshots are consistent (no two migrations built on the
 *    same parent, as happens when two branches each generate one).
 * 2. `drizzle-kit generate` into a throwaway copy of db/migrations: it must produce nothing. A new
 *    file there means someone changed db/schema without generating (and committing) the migration,
 *    so the database the app creates would not be the one the code describes.
 * The repository's own db/migrations is never written. Exit 0 when they agree, 1 otherwise.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const MIGRATIONS = path.join(ROOT, "db/migrations");
const SCHEMA = "./db/schema/index.ts";
const TIMEOUT_MS = 120_000;
// drizzle-kit reads --out relative to the working directory (an absolute path breaks), so the
// throwaway copy lives inside the repository, under node_modules/.cache, which git ignores.
const CACHE = path.join(ROOT, "node_modules/.cache");

function drizzleKit(args) {
  // stdin closed: if drizzle-kit wants to ask (a rename?), the schema changed; it must not hang CI.
  const result = spawnSync("npx", ["drizzle-kit", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: TIMEOUT_MS,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
  return { ok: result.status === 0 && !result.error, output, error: result.error };
}

/** Every file under dir with its content, relative paths as keys. */
function snapshot(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full, "utf8"));
  }
  return files;
}

function fail(message) {
  console.error(`db:check FAILED: ${message}`);
  process.exitCode = 1;
}

const check = drizzleKit(["check", "--dialect", "postgresql", "--out", "./db/migrations"]);
// Like generate, check exits 0 on some failures: require its all-clear.
if (!check.ok || !/Everything's fine/.test(check.output)) {
  fail(`drizzle-kit check found inconsistent migrations:\n${check.output}`);
} else {
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, "db-check-"));
  try {
    const copy = path.join(work, "migrations");
    cpSync(MIGRATIONS, copy, { recursive: true });
    const before = snapshot(copy);
    const generate = drizzleKit([
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      SCHEMA,
      "--out",
      path.relative(ROOT, copy),
      "--name",
      "db_check_probe",
    ]);
    const after = snapshot(copy);
    const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
    // drizzle-kit exits 0 even when it fails (e.g. a snapshot it cannot read): only its own
    // "nothing to do" message counts as agreement.
    const nothingToDo = /No schema changes, nothing to migrate/.test(generate.output);
    if (!generate.ok || (!nothingToDo && changed.length === 0)) {
      const reason = generate.error ? String(generate.error) : generate.output;
      fail(`drizzle-kit generate did not finish cleanly (a schema change that needs answers?):\n${reason}`);
    } else if (changed.length > 0) {
      const sql = changed
        .filter((file) => file.endsWith(".sql"))
        .map((file) => `-- ${file}\n${after.get(file)}`);
      fail(
        "db/schema has changes with no migration. Run `npm run db:generate` and commit the result.\n" +
          `drizzle-kit generate would write: ${changed.join(", ")}\n${sql.join("\n")}`,
      );
    } else {
      console.log(
        `db:check: schema and ${before.size} migration files agree (drizzle-kit check + generate: nothing to do)`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
