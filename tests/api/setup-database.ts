/**
 * Gives every API test file its own fresh database: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { adminQuery } from "../support/pg-admin";

const serverUrl = process.env.TEST_DATABASE_URL;
let restarts = false;

/**
 * Called at the top of a test file that closes and reopens the database to show what survives a
 * restart: on PGlite its database is kept in a temporary directory instead of in memory.
 */
export function restartsDatabase(): void {
  restarts = true;
}
let databaseName: string | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  process.env.SEED_DEMO = "0";
  // Route handlers are called as if behind server.mjs: a test names the socket's peer with the
  // header it writes (helpers.ts `call(..., { address })`).
  process.env.REGISTRY_SOCKET_HEADERS = "1";
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123";
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  if (serverUrl) {
    databaseName = `registry_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl!, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = url.toString();
    // The audit key and checkpoints of this throwaway database stay out of the developer's ./.data.
    dataDir = mkdtempSync(path.join(tmpdir(), "registry-test-"));
    process.env.DATA_DIR = dataDir;
  } else {
    delete process.env.DATABASE_URL;
    // A file that restarts the database (closeDb, then getDb) marks itself with
    // `restartsDatabase()`: an in-memory PGlite would come back empty, so it gets a directory.
    if (restarts) {
      dataDir = mkdtempSync(path.join(tmpdir(), "registry-test-"));
      process.env.DATA_DIR = dataDir;
    } else process.env.DATA_DIR = "memory://";
  }
  await getDb(); // migrate now, so test timings exclude it
});

afterAll(async () => {
  await closeDb();
  if (databaseName) await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
