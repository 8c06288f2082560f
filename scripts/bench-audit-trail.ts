// npm run bench:audit-trail — the benchmark of the Audit Logs page on a trail of 1M rows:
// list (page 1, deep pages, with and without filters) p95, statistics, the streamed CSV export
// (rows/s and this process's RSS growth) and, with --verify, the background chain verification.
// Runs in a throwaway database on the PostgreSQL server of --database-url / DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards, with a throwaway DATA_DIR.
// The route handlers are called in this process, exactly as Next calls them (Request in, Response
// out, bearer session), so "the server's RSS" is this process's. The machine is shared: the load
// average is printed with the figures. Options: --rows 1000000 --iterations 30 --verify
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { seedTrail } from "./bench-audit-trail/seed";
import { createBenchDatabase } from "./bench-scale/bench-database";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    iterations: { type: "string", default: "30" },
    "database-url": { type: "string" },
    verify: { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const ITERATIONS = Number(args.iterations);
const serverUrl =
  args["database-url"] ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BASE = "http://127.0.0.1";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Item = { id: number; timestamp: string };
type Page = { items: Item[]; total: number };

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(" / ");
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  // Before the app's modules read their configuration: this process works on the throwaway pair.
  const bench = await createBenchDatabase(serverUrl, "bench_audit_trail");
  const { closeDb, getDb } = await import("@/db/client");
  const { users } = await import("@/db/schema");
  const { auditKey } = await import("@/lib/server/audit/audit-key");
  const { openSession } = await import("@/lib/server/auth/auth-service");
  const { signAccessToken } = await import("@/lib/server/auth/tokens");
  const list = (await import("@/app/api/admin/audit-logs/route")).GET as Handler;
  const statistics = (await import("@/app/api/admin/audit-logs/statistics/route")).GET as Handler;
  const exportCsv = (await import("@/app/api/admin/audit-logs/export/csv/route")).GET as Handler;
  const startVerify = (await import("@/app/api/admin/audit-logs/verify/route")).POST as Handler;
  const verifyStatus = (await import("@/app/api/admin/audit-logs/verify/[jobId]/route")).GET as Handler;
  const seedClient = new pg.Client({ connectionString: bench.appEnv.DATABASE_URL });
  try {
    const db = await getDb();
    await seedClient.connect();
    let t = performance.now();
    await seedTrail(seedClient, auditKey().chainKey, ROWS);
    console.log(`Seeded ${ROWS} chained audit rows in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    const [user] = await db
      .insert(users)
      .values({
        email: "bench-admin@example.org",
        fullName: "Bench",
        passwordHash: "-",
        roleLevel: "superadmin",
      })
      .returning();
    const { session } = await openSession(db, user!, "api", { ip: "127.0.0.1", userAgent: "bench" });
    const headers = { authorization: `Bearer ${await signAccessToken(user!.id, session.id)}` };
    const call = (handler: Handler, pathname: string, init: RequestInit = {}, params = {}) =>
      handler(new Request(`${BASE}${pathname}`, { ...init, headers }), { params: Promise.resolve(params) });
    const getPage = async (query: string): Promise<Page> => {
      const res = await call(list, `/api/admin/audit-logs?${query}`);
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Page;
    };
    /** The cursor the page sends when it shows `page` (taken from a call outside the timing). */
    const cursorOf = async (filters: string, page: number) => {
      const { items } = await getPage(`${filters}&page=${page}`);
      const key = (item: Item) => `${Date.parse(item.timestamp)}.${item.id}`;
      return `${page}.${key(items[0]!)}.${key(items.at(-1)!)}`;
    };

    console.log(`Load average (1/5/15 min) before measuring: ${load()} on this shared machine.`);
    const results: { name: string; p50: number; p95: number; target: number }[] = [];
    // The first call of a filter set counts its rows in full (then the count is kept up to date):
    // it is printed as "first", the p50/p95 are of the calls after it (paging, refreshing).
    async function timed(name: string, target: number, run: () => Promise<unknown>, n = ITERATIONS) {
      const first = performance.now();
      await run();
      const firstMs = performance.now() - first;
      await run();
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const pick = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
      results.push({ name, p50: pick(0.5), p95: pick(0.95), target });
      console.log(
        `${name}: first ${ms(firstMs)}, then p50 ${ms(pick(0.5))}, p95 ${ms(pick(0.95))} (target p95 < ${target} ms)`,
      );
    }

    const pages = Math.ceil(ROWS / 50);
    const deep = Math.floor(pages / 2);
    const listCase = async (label: string, filters: string) => {
      const cold = performance.now();
      const { total } = await getPage(`${filters}&page=1`);
      console.log(
        `list ${label}: the filter's first call, counting its ${total} rows: ${ms(performance.now() - cold)}`,
      );
      const filterPages = Math.max(1, Math.ceil(total / 50));
      const mid = Math.max(2, Math.floor(filterPages / 2));
      await timed(`list ${label}: page 1 (${total} rows)`, 200, () => getPage(`${filters}&page=1`));
      const back = await cursorOf(filters, mid - 1);
      await timed(`list ${label}: deep page ${mid} by Next (cursor)`, 200, () =>
        getPage(`${filters}&page=${mid}&cursor=${back}`),
      );
      await timed(`list ${label}: deep page ${mid + 4} by a page number (cursor +5)`, 200, () =>
        getPage(`${filters}&page=${mid + 4}&cursor=${back}`),
      );
      await timed(`list ${label}: last page ${filterPages}`, 200, () =>
        getPage(`${filters}&page=${filterPages}`),
      );
    };
    await listCase("no filter", "");
    await listCase("action=update", "action=update");
    await listCase("study_id=7", "study_id=7");
    await listCase("entity_type=patient", "entity_type=patient");
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    const range = `start_date=${yearAgo.toISOString()}&end_date=${new Date(yearAgo.getTime() + 30 * 86_400_000).toISOString()}`;
    await listCase("one month a year ago", range);
    await listCase("action=update&study_id=7", "action=update&study_id=7");
    await timed(
      "list search 'user17@' (ILIKE, no index): page 1",
      200,
      () => getPage("search=user17%40&page=1"),
      5,
    );
    await timed(
      `list page ${deep} by a hand-made URL without cursor (offset from the nearer end)`,
      200,
      () => getPage(`page=${deep}`),
      5,
    );

    const stats = async (query: string) => {
      const res = await call(statistics, `/api/admin/audit-logs/statistics?${query}`);
      if (res.status !== 200) throw new Error(`statistics ${res.status}`);
      return res.json();
    };
    await timed("statistics, whole trail", 500, () => stats(""), 10);
    await timed("statistics, study_id=7", 500, () => stats("study_id=7"), 10);
    const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await timed("statistics, last 30 days", 500, () => stats(`start_date=${month}`), 10);

    // The export: the whole trail, streamed; RSS sampled while it runs.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    t = performance.now();
    const res = await call(exportCsv, "/api/admin/audit-logs/export/csv");
    const reader = res.body!.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
    }
    clearInterval(sampler);
    const seconds = (performance.now() - t) / 1000;
    const exported = lines - 1;
    const growth = (rssPeak - rssBefore) / 2 ** 20;
    console.log(
      `export csv: ${exported} rows (${(bytes / 2 ** 20).toFixed(0)} MB) in ${seconds.toFixed(1)} s = ` +
        `${(exported / seconds).toFixed(0)} rows/s (target > 20000); RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB → ` +
        `peak ${(rssPeak / 2 ** 20).toFixed(0)} MB, growth ${growth.toFixed(0)} MB (target < 100 MB)`,
    );

    if (args.verify) {
      t = performance.now();
      const started = await call(startVerify, "/api/admin/audit-logs/verify", { method: "POST" });
      const job = (await started.json()) as { id: string };
      let state: { state: string; rows_checked: number; ok: boolean | null } = {
        state: "running",
        rows_checked: 0,
        ok: null,
      };
      while (state.state === "running") {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const polled = await call(
          verifyStatus,
          `/api/admin/audit-logs/verify/${job.id}`,
          {},
          { jobId: job.id },
        );
        state = (await polled.json()) as typeof state;
      }
      const s = (performance.now() - t) / 1000;
      console.log(
        `chain verification: ${state.state}, ok ${state.ok}, ${state.rows_checked} rows in ${s.toFixed(1)} s`,
      );
    }

    console.log(`Load average (1/5/15 min) after measuring: ${load()}.`);
    const misses = results.filter((r) => r.p95 >= r.target).map((r) => r.name);
    console.log(misses.length === 0 ? "All timings within target." : `Over target: ${misses.join("; ")}`);
  } finally {
    await seedClient.end().catch(() => {});
    await closeDb();
    await bench.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
