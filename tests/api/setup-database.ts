/**
 * Gives every API test file its own fresh database: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import pg from "pg";
import { closeDb, getDb } from "@/db/client";

const serverUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;

beforeAll(async () => {
  process.env.SEED_DEMO = "0";
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123";
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  if (serverUrl) {
    databaseName = `registry_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = "memory://";
  }
  await getDb(); // migrate now, so test timings exclude it
});

afterAll(async () => {
  await closeDb();
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
