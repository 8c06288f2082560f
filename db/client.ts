import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { logError } from "@/lib/server/api/log";
import { flushAuditCheckpoints, registerAuditCheckpoints } from "@/lib/server/audit/checkpointer";
import { flushDenials } from "@/lib/server/audit/denial-aggregator";
import { interruptOwnVerifications } from "@/lib/server/audit-log/chain-verification-jobs";
import { stopImportRuns } from "@/lib/server/imports/import-runner";
import { stopUploadSweeps } from "@/lib/server/uploads/upload-sweep";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers (node-postgres and PGlite) share this type: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a query function accepts: the database or an open transaction. */
export type Queryable = Db | Tx;

type Handle = {
  db: Db;
  driver: "pg" | "pglite";
  /** Which connection applied the migrations, for people. */
  migratedBy: "DATABASE_URL" | "MIGRATION_DATABASE_URL" | "embedded";
  close: () => Promise<void>;
};

// Cached on globalThis: hot reload re-creates module state, and two PGlite instances on one
// directory would silently lose writes.
const holder = globalThis as unknown as {
  __registryDb?: Promise<Handle>;
  __registryDbClosedForGood?: boolean;
};

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  if (holder.__registryDbClosedForGood)
    return Promise.reject(new Error("The server is shutting down: the database is closed."));
  holder.__registryDb ??= openDatabase().catch((error: unknown) => {
    holder.__registryDb = undefined;
    throw error;
  });
  return holder.__registryDb;
}

/**
 * Writes the pending audit checkpoint and closes the database. With `final` (the server shutting
 * down), nothing reopens it afterwards: a request still running gets an error instead of a second
 * embedded database opened by a process about to exit.
 */
export async function closeDb({ final = false }: { final?: boolean } = {}): Promise<void> {
  const pending = holder.__registryDb;
  holder.__registryDb = undefined;
  if (final) holder.__registryDbClosedForGood = true;
  if (!pending) return;
  const handle = await pending;
  try {
    // No sweep starts any more; one under way finishes (its audit rows get the checkpoint below).
    await stopUploadSweeps(handle.db);
  } catch (error) {
    logError("Stopping the upload sweeps failed at shutdown", error);
  }
  try {
    // Import jobs of this process stop after their batch and are left to resume (decision 0037).
    await stopImportRuns(handle.db);
  } catch (error) {
    logError("Stopping the import jobs failed at shutdown", error);
  }
  try {
    // Verifications this process runs will not finish: stored as interrupted, to be started again.
    await interruptOwnVerifications(handle.db);
  } catch (error) {
    logError("Marking the running chain verifications interrupted failed at shutdown", error);
  }
  try {
    // The open windows of repeated denials are written, so no refusal goes uncounted.
    await flushDenials(handle.db);
  } catch (error) {
    logError("Writing the counted denials failed at shutdown", error);
  }
  try {
    // The last commits' checkpoint is written before the connection goes.
    await flushAuditCheckpoints(handle.db);
  } catch (error) {
    logError("Audit checkpoint failed at shutdown", error);
  }
  await handle.close();
}

async function openDatabase(): Promise<Handle> {
  const handle = await openDriver();
  registerAuditCheckpoints(handle.db);
  return handle;
}

async function openDriver(): Promise<Handle> {
  const { DATABASE_URL, MIGRATION_DATABASE_URL, DATA_DIR } = env();
  if (MIGRATION_DATABASE_URL && !DATABASE_URL) {
    throw new Error(
      "MIGRATION_DATABASE_URL is set but DATABASE_URL is not: set both (docs/database-roles.md).",
    );
  }
  if (DATABASE_URL) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // With a separate owner role, the runtime role never needs (nor has) the right to alter tables:
    // migrations run on a short-lived connection of their own.
    if (MIGRATION_DATABASE_URL) {
      const owner = new Pool({ connectionString: MIGRATION_DATABASE_URL, max: 1 });
      try {
        await migrate(drizzle(owner, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await owner.end();
      }
    }
    const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on("error", (error) => logError("PostgreSQL closed an idle connection", error));
    const db = drizzle(pool, { schema });
    if (!MIGRATION_DATABASE_URL) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: "pg",
      migratedBy: MIGRATION_DATABASE_URL ? "MIGRATION_DATABASE_URL" : "DATABASE_URL",
      close: () => pool.end(),
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = DATA_DIR.startsWith("memory://");
  const dataDir = inMemory ? undefined : path.resolve(DATA_DIR, "pgdata");
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(path.resolve(DATA_DIR));
  try {
    const client = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: "pglite",
      migratedBy: "embedded",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite has no lock between processes: a second opener of the same directory silently loses
 * writes. Take a lockfile holding our pid and refuse a second live opener with a clear message.
 */
function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "registry.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}). ` +
            "Stop the server or use DATABASE_URL.",
        );
      }
      fs.unlinkSync(lockPath); // stale lock left by a process that died
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
