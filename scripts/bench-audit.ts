// npm run bench:audit — audited writes per second on PostgreSQL with 10 concurrent writers, each
// transaction doing ~2 ms of other work before its audit row (target ≥ 450/s).
// Runs in a throwaway database created on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards, with a throwaway DATA_DIR
// (audit key, checkpoints). For comparison it also measures the former pattern, in which the chain
// lock was taken before the other work.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";

const WRITERS = 10;
const SECONDS = Number(process.argv[2] ?? 3);
// Rounds alternate the patterns so that a burst of load on a shared machine hits both alike.
const ROUNDS = Number(process.argv[3] ?? 3);
const WORK = sql`select pg_sleep(0.002)`;

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `bench_audit_${randomBytes(4).toString("hex")}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-audit-"));

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Pattern = { name: string; write: (writer: number, n: number) => Promise<void> };

async function measure(pattern: Pattern) {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t = performance.now();
        await pattern.write(writer, n);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  console.log(
    `${pattern.name}: ${(latencies.length / elapsed).toFixed(0)} audited writes/s ` +
      `(${latencies.length} in ${elapsed.toFixed(1)} s; latency p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms; ` +
      `this process's CPU ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} ms per write)`,
  );
  return { count: latencies.length, rate: latencies.length / elapsed };
}

async function main() {
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  // Before the app's modules read their configuration: this process works on the throwaway pair.
  process.env.DATABASE_URL = url.toString();
  delete process.env.MIGRATION_DATABASE_URL;
  process.env.DATA_DIR = dataDir;
  const { closeDb, getDb } = await import("@/db/client");
  const { auditedTransaction } = await import("@/lib/server/audit/audit-writer");
  const { appendAuditRows } = await import("@/lib/server/audit/append-rows");
  const { auditRowContent } = await import("@/lib/server/audit/audit-entry");
  const { auditKey } = await import("@/lib/server/audit/audit-key");
  const { verifyAuditChain } = await import("@/lib/server/audit/verify-chain");
  try {
    const db = await getDb();
    const entry = (writer: number, n: number) => ({
      action: "update" as const,
      entityType: "bench",
      entityId: `${writer}-${n}`,
      newValues: { writer, n },
    });
    console.log(
      `${WRITERS} concurrent writers, ${SECONDS} s per pattern, each transaction: 2 ms of other work ` +
        "(pg_sleep(0.002)) and one audit row.",
    );
    // Warm the pool and the plans.
    await Promise.all(
      Array.from({ length: WRITERS }, (_, w) =>
        auditedTransaction(db, async (_tx, audit) => audit(entry(w, -1))),
      ),
    );
    const key = auditKey();
    const patterns: Pattern[] = [
      {
        name: "auditedTransaction (audit rows last, lock after the work)",
        write: (writer, n) =>
          auditedTransaction(db, async (tx, audit) => {
            await tx.execute(WORK);
            audit(entry(writer, n));
          }),
      },
      {
        name: "former pattern (lock taken before the work)",
        write: (writer, n) =>
          db.transaction(async (tx) => {
            await appendAuditRows(tx, [auditRowContent(entry(writer, n))], key, {});
            await tx.execute(WORK);
          }),
      },
    ];
    let written = WRITERS;
    const rates = patterns.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, pattern] of patterns.entries()) {
        const { count, rate } = await measure(pattern);
        written += count;
        rates[i]!.push(rate);
      }
    for (const [i, pattern] of patterns.entries()) {
      const sorted = [...rates[i]!].sort((a, b) => a - b);
      console.log(
        `MEDIAN ${pattern.name}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} audited writes/s ` +
          `(rounds: ${rates[i]!.map((r) => r.toFixed(0)).join(", ")})`,
      );
    }
    const report = await verifyAuditChain(db);
    console.log(
      `Chain afterwards: ${report.ok ? "intact" : "BROKEN"}, ${report.checked} rows (${written} written).`,
    );
    if (!report.ok || report.checked !== written) process.exitCode = 1;
  } finally {
    await closeDb();
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
