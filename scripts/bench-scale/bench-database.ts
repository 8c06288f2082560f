/**
 * The throwaway database of a benchmark (bench:scale, bench:compatibility, bench:audit-trail): a fresh
 * `<prefix>_<random>` on the local PostgreSQL server of serverUrl, else an embedded PGlite in a
 * temporary DATA_DIR; the environment the app's first start needs (admin, demo study); and its
 * removal. Sets process.env before the app's modules are imported (they read it once).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type BenchDatabase = {
  dataDir: string;
  databaseName: string | undefined;
  appEnv: NodeJS.ProcessEnv;
  adminEmail: string;
  adminPassword: string;
  /** Drops the database and the DATA_DIR (unless kept). */
  remove: () => Promise<void>;
};

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(
  serverUrl: string | undefined,
  prefix: string,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll("_", "-")}-`));
  let databaseName: string | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const server = new URL(serverUrl);
    if (!["localhost", "127.0.0.1", "[::1]"].includes(server.hostname))
      throw new Error("benchmarks only use a database server on this machine");
    databaseName = `${prefix}_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
    server.pathname = `/${databaseName}`;
    databaseUrl = server.toString();
  }
  const adminEmail = "bench-admin@example.org";
  const adminPassword = `Bench-${randomBytes(18).toString("base64url")}`;
  // One environment for this process (the first start), a server and audit:verify: the audit key
  // and the checkpoints live in DATA_DIR and must be the same for all of them.
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  if (databaseUrl) appEnv.DATABASE_URL = databaseUrl;
  else delete appEnv.DATABASE_URL;
  delete appEnv.MIGRATION_DATABASE_URL;
  Object.assign(process.env, appEnv);
  if (!databaseUrl) delete process.env.DATABASE_URL;
  return {
    dataDir,
    databaseName,
    appEnv,
    adminEmail,
    adminPassword,
    remove: async () => {
      if (databaseName) await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
