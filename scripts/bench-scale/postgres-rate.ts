/**
 * PostgreSQL's own rate for a query the app runs: the yardstick the list is judged against beside
 * the framework ceiling. The statement is captured from the app's own query function (the exact
 * text and values it sends, so the two cannot drift apart), then replayed as the app runs it, a
 * named prepared statement, by as many connections as the load test's concurrency, for as long.
 */
import pg from "pg";
import type { Measurement } from "./report";

export type CapturedQuery = { text: string; values: unknown[] };

type QueryConfig = { text?: string; values?: unknown[] };

/** The last statement `run` sent through node-postgres (the app's database must be PostgreSQL). */
export async function captureQuery(run: () => Promise<unknown>): Promise<CapturedQuery> {
  const original = pg.Client.prototype.query;
  let captured: CapturedQuery | undefined;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | QueryConfig;
    const text = typeof config === "string" ? config : config?.text;
    const values = Array.isArray(args[1]) ? args[1] : typeof config === "object" ? config?.values : undefined;
    if (text) captured = { text, values: values ?? [] };
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  if (!captured) throw new Error("captureQuery: no statement was sent");
  return captured;
}

type RateOptions = {
  name: string;
  label: string;
  concurrency: number;
  seconds: number;
  warmUpSeconds: number;
};

export function measurePostgresRate(
  url: string,
  query: CapturedQuery,
  options: RateOptions,
): Promise<Measurement> {
  return measureLoop(
    url,
    (client) => client.query({ name: "bench_postgres_rate", text: query.text, values: query.values }),
    options,
  );
}

/**
 * The floor under audited writes: every audited transaction holds the chain lock through its
 * commit, so commits are flushed one at a time (no group commit). PostgreSQL alone doing only that
 * — lock, one logged row, commit, in one round trip per transaction — is the most any number of
 * audited writes per second can reach on this disk, however few round trips they make.
 */
export async function measureSerializedCommits(url: string, options: RateOptions): Promise<Measurement> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query("create table if not exists bench_commit_probe (n integer)");
  } finally {
    await setup.end();
  }
  return measureLoop(
    url,
    (client) =>
      client.query(
        "begin; select pg_advisory_xact_lock(727274099); insert into bench_commit_probe values (1); commit",
      ),
    options,
  );
}

async function measureLoop(
  url: string,
  run: (client: pg.Client) => Promise<unknown>,
  options: RateOptions,
): Promise<Measurement> {
  const clients = await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const loop = async (client: pg.Client, until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await run(client);
        if (record) latencies.push(performance.now() - started);
      } catch {
        if (record) errors++;
      }
    }
  };
  try {
    const warm = performance.now() + options.warmUpSeconds * 1000;
    await Promise.all(clients.map((c) => loop(c, warm, false)));
    const started = performance.now();
    await Promise.all(clients.map((c) => loop(c, started + options.seconds * 1000, true)));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies.length === 0
        ? 0
        : Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1));
    return {
      name: options.name,
      label: options.label,
      group: "postgres",
      status: "measured",
      requests: latencies.length,
      reqPerSec: Number((latencies.length / elapsed).toFixed(1)),
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      errors,
      serverCpuMsPerRequest: null,
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
