// npm run bench:scale — the scale benchmark, in one run:
//   1. a fresh database: a throwaway `bench_scale_<random>` on the PostgreSQL server of
//      --database-url / DATABASE_URL (dropped at the end unless --keep), else an embedded PGlite in
//      a temporary DATA_DIR;
//   2. the app's own first start in this process (migrations, first admin, demo study), then the
//      bulk fixture by SQL (scripts/bench-scale/seed.ts): --patients × --visits-per-patient;
//   3. the production build (`next build` when .next/BUILD_ID is missing) served by `server.mjs` (as `npm start`) on
//      a free port of --ports (default 3121-3129), signed in through POST /api/auth/login;
//   4. each scenario of scripts/bench-scale/scenarios.ts for --seconds at --concurrency with
//      autocannon (routes that do not exist yet are listed as "not available yet"), then, on
//      PostgreSQL, the list's page-1 statement alone at the same concurrency (PostgreSQL's own rate);
//   5. the server stopped, `npm run audit:verify` on the database, the table, the peak RSS, the
//      targets with PASS/MISS, and the JSON to --out.
// Only ever talks to 127.0.0.1. Options:
//   --patients 100000 --visits-per-patient 10 --concurrency 10 --seconds 10
//   --database-url postgres://… --out bench-scale.json --keep --ports 3121-3129
//   --only patients_page1,visit_create (those scenarios and the ceiling; for profiling one path);
//     `exports` names the export measurement (run by default, after the scenarios)
//   --cpu-profile DIR (the server runs with node --cpu-prof, profiles written to DIR at its exit)
//   --imports (or `--only imports`): the study's own csv-long export imported into an empty copy
//     of it, preview then apply (decision 0037); not run by default
// The fixture includes the data review (decisions 0030, 0031): ~2 queries per patient and ~2
// verified fields per visit; its scenarios are queries_*, sdv_* and query_open.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { measureScenario } from "./bench-scale/measure";
import {
  buildReport,
  formatTable,
  POSTGRES_CHAIN_COMMITS,
  POSTGRES_LIST,
  type Measurement,
} from "./bench-scale/report";
import { CEILING, deepCursorPath, PAGE_SIZE, SCENARIOS, scenarioContext } from "./bench-scale/scenarios";
import { captureQuery, measurePostgresRate, measureSerializedCommits } from "./bench-scale/postgres-rate";
import { createBenchDatabase } from "./bench-scale/bench-database";
import { freePort, startServer, type AppServer } from "./bench-scale/server";
import { positive } from "./bench-scale/positive-arg";
import {
  exportTargets,
  formatExportTable,
  measureExports,
  type ExportMeasurement,
} from "./bench-scale/exports";
import {
  formatImportTable,
  importTargets,
  measureImports,
  type ImportMeasurement,
} from "./bench-scale/imports";

const { values: args } = parseArgs({
  options: {
    patients: { type: "string", default: "100000" },
    "visits-per-patient": { type: "string", default: "10" },
    concurrency: { type: "string", default: "10" },
    seconds: { type: "string", default: "10" },
    "database-url": { type: "string" },
    out: { type: "string" },
    keep: { type: "boolean", default: false },
    // Several checkouts may benchmark on one machine: each takes its own range.
    ports: { type: "string", default: "3121-3129" },
    only: { type: "string" },
    imports: { type: "boolean", default: false },
    "cpu-profile": { type: "string" },
  },
});

const patients = positive("patients", args.patients);
const visitsPerPatient = positive("visits-per-patient", args["visits-per-patient"]);
const concurrency = positive("concurrency", args.concurrency);
const seconds = positive("seconds", args.seconds);
const portRange = (() => {
  const match = /^(\d+)-(\d+)$/.exec(args.ports);
  const lo = Number(match?.[1]);
  const hi = Number(match?.[2]);
  if (!match || lo < 1024 || hi > 65535 || hi < lo) throw new Error("--ports must be a range like 3121-3129");
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
})();
const serverUrl = args["database-url"] ?? process.env.DATABASE_URL;
/** The export measurement (decision 0016) is not a load scenario: `--only exports` asks for it alone. */
const EXPORTS = "exports";
const measureExportsToo = !args.only || args.only.split(",").some((name) => name.trim() === EXPORTS);
/** The import measurement (decision 0037): asked for with --imports or `--only imports`. */
const IMPORTS = "imports";
const measureImportsToo =
  args.imports || (args.only?.split(",").some((name) => name.trim() === IMPORTS) ?? false);
const scenarios = (() => {
  if (!args.only) return SCENARIOS;
  const wanted = new Set(args.only.split(",").map((name) => name.trim()));
  wanted.delete(IMPORTS);
  wanted.delete(EXPORTS);
  const unknown = [...wanted].filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length > 0)
    throw new Error(
      `--only: unknown scenario(s) ${unknown.join(", ")}; known: ${[...SCENARIOS.map((s) => s.name), EXPORTS, IMPORTS].join(", ")}`,
    );
  // The ceiling is always measured: every figure is read as a ratio of it.
  return SCENARIOS.filter((s) => s.name === CEILING || wanted.has(s.name));
})();
const serverNodeArgs = args["cpu-profile"]
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args["cpu-profile"])}`]
  : [];

function say(line: string) {
  console.log(`[bench:scale] ${line}`);
}

async function main(): Promise<number> {
  const started = performance.now();
  if (!existsSync(".next/BUILD_ID")) {
    say("no production build (.next/BUILD_ID): running next build");
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }

  const bench = await createBenchDatabase(serverUrl, "bench_scale");
  const { dataDir, databaseName, appEnv, adminEmail, adminPassword } = bench;
  say(`database: ${databaseName ? `PostgreSQL ${databaseName}` : "embedded PGlite"} (DATA_DIR ${dataDir})`);

  let server: AppServer | undefined;
  try {
    // The app's modules read the environment once: imported only now that it is set.
    const { closeDb, getDb } = await import("@/db/client");
    const { startup } = await import("@/lib/server/bootstrap/startup");
    const { analyzeClinicalTables, seedScaleData } = await import("./bench-scale/seed");
    const { reviewDeepCursors } = await import("./bench-scale/review-cursors");
    const { DEMO_STUDY } = await import("@/db/seed/demo-study-config");
    const { studies, users } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");

    await startup();
    const db = await getDb();
    const [study] = await db
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.code, DEMO_STUDY.code));
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
    if (!study || !admin) throw new Error("first start did not create the demo study and the admin");
    say(`seeding ${patients} patients × ${visitsPerPatient} visits in study "${DEMO_STUDY.code}"…`);
    const seed = await seedScaleData(db, {
      studyId: study.id,
      patients,
      visitsPerPatient,
      createdBy: admin.id,
      onProgress: (m) => say(`  ${m} (${((performance.now() - started) / 1000).toFixed(0)} s)`),
    });
    const analyzeStart = performance.now();
    await analyzeClinicalTables(db);
    // PostgreSQL's own rate for the list's page 1 (measured after the scenarios): the statement is
    // taken from the app's own query function, as the scenario's request makes it run.
    const { listPatientPage } = await import("@/lib/server/clinical/patient-queries");
    const listQuery = databaseName
      ? await captureQuery(() =>
          listPatientPage(db, {
            studyId: study.id,
            scope: { kind: "all" },
            sort: "code",
            order: "asc",
            limit: PAGE_SIZE,
            offset: 0,
          }),
        )
      : null;
    say(
      `seeded ${seed.patients} patients, ${seed.therapyLines} therapy lines, ${seed.visits} visits, ` +
        `${seed.queries} queries (${seed.querySteps} steps), ${seed.verifiedFields} verified fields ` +
        `(+ ${seed.clearedFields} cleared) in ${seed.seconds} s ` +
        `(+ ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s)`,
    );
    // What an import of the study's export must create: every live patient and visit, the demo's too.
    const { sql } = await import("drizzle-orm");
    const [studyRecords] = (
      (await db.execute(
        sql`SELECT (SELECT count(*)::int FROM patients WHERE study_id = ${study.id} AND deleted_at IS NULL) AS patients,
                   (SELECT count(*)::int FROM visits WHERE study_id = ${study.id} AND deleted_at IS NULL) AS visits`,
      )) as unknown as { rows: { patients: number; visits: number }[] }
    ).rows;
    // The Queries and SDV lists' deep positions, with their own cursor codec (decisions 0030, 0031).
    const reviewCursors = await reviewDeepCursors(db, study.id);
    // PGlite allows one process: the server opens the database after this one lets go.
    await closeDb();

    const port = await freePort(portRange);
    say(`starting server.mjs on 127.0.0.1:${port}`);
    server = await startServer(appEnv, port, serverNodeArgs);
    const login = await fetch(new URL("/api/auth/login", server.base), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { access_token: string }).access_token;

    const ctx = scenarioContext({
      studyId: study.id,
      firstPatientId: seed.firstPatientId,
      lastPatientId: seed.lastPatientId,
      visitsPerPatient,
      codePrefix: seed.codePrefix,
      firstVisitId: seed.firstVisitId,
      lastVisitId: seed.lastVisitId,
    });
    ctx.queriesDeepCursor = reviewCursors.queries;
    ctx.sdvDeepCursor = reviewCursors.sdv;
    // The keyset scenario starts where page deepPage - 1 ends, with the list's own cursor.
    const previous = await fetch(new URL(deepCursorPath(ctx), server.base), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (previous.ok) ctx.deepCursor = ((await previous.json()) as { next_cursor: string | null }).next_cursor;
    else say(`deep cursor: ${previous.status} ${await previous.text()}`);
    const measurements: Measurement[] = [];
    // The machine may be shared: the load around the measurements says how far to trust them.
    const loadBefore = loadavg()[0]!;
    const activeServer = server;
    for (const scenario of scenarios) {
      const m = await measureScenario(scenario, ctx, {
        base: server.base,
        token,
        seconds,
        concurrency,
        warmUpSeconds: Math.min(2, seconds),
        serverCpuSeconds: activeServer.cpuSeconds,
      });
      say(
        m.status === "measured"
          ? `${scenario.name}: ${m.reqPerSec} req/s, p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms, server CPU ${m.serverCpuMsPerRequest ?? "?"} ms/req, ${m.errors} errors`
          : `${scenario.name}: ${m.status === "not_available" ? "not available yet" : "probe failed"} (${m.note})`,
      );
      measurements.push(m);
      // Right after the app's page 1, so both see the same machine (it may be shared).
      if (scenario.name === "patients_page1" && listQuery && appEnv.DATABASE_URL) {
        const own = await measurePostgresRate(appEnv.DATABASE_URL, listQuery, {
          name: POSTGRES_LIST,
          label: "PostgreSQL alone: the page 1 statement",
          concurrency,
          seconds,
          warmUpSeconds: Math.min(2, seconds),
        });
        say(
          `${own.name}: ${own.reqPerSec} statements/s, p50 ${own.p50Ms} ms, p95 ${own.p95Ms} ms, ${own.errors} errors`,
        );
        measurements.push(own);
      }
      // The floor under audited writes, once: after the first of them (visit or query writes).
      if (
        (scenario.name === "visit_create" || scenario.name === "query_open") &&
        appEnv.DATABASE_URL &&
        !measurements.some((m) => m.name === POSTGRES_CHAIN_COMMITS)
      ) {
        const floor = await measureSerializedCommits(appEnv.DATABASE_URL, {
          name: POSTGRES_CHAIN_COMMITS,
          label: "PostgreSQL alone: commits one at a time (audit chain floor)",
          concurrency,
          seconds,
          warmUpSeconds: Math.min(2, seconds),
        });
        say(`${floor.name}: ${floor.reqPerSec} commits/s, p50 ${floor.p50Ms} ms, ${floor.errors} errors`);
        measurements.push(floor);
      }
    }
    const exportResults: ExportMeasurement[] = measureExportsToo
      ? await measureExports(activeServer, token, study.id, say)
      : [];
    const exportChecks = exportResults.length > 0 ? exportTargets(exportResults) : [];
    const importResults: ImportMeasurement[] = measureImportsToo
      ? await measureImports(activeServer, token, study.id, say)
      : [];
    const importChecks = importResults.length > 0 ? importTargets(importResults, studyRecords!) : [];
    const loadAfter = loadavg()[0]!;
    const rss = server.peakRss();
    await server.stop();
    server = undefined;

    say("audit:verify (scripts/audit-verify.ts) on the database");
    const verify = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/audit-verify.ts"], {
      env: appEnv,
      encoding: "utf8",
    });
    const verifyOutput = `${verify.stdout}${verify.stderr}`.trim();
    const auditChainIntact = verify.status === 0 ? true : verify.status === 1 ? false : null;
    // "Audit trail intact: N rows verified." or "Audit trail BROKEN: … N rows read."
    const rowsMatch = /Audit trail [^\n]*?(\d+) rows (?:verified|read)/.exec(verifyOutput);
    const auditRowsChecked = rowsMatch ? Number(rowsMatch[1]) : null;

    const report = buildReport(measurements, { auditChainIntact, auditRowsChecked });
    const totalSeconds = Number(((performance.now() - started) / 1000).toFixed(0));
    console.log(
      [
        "",
        `Scale benchmark: ${seed.patients} patients, ${seed.visits} visits, ${seed.queries} queries, ` +
          `${seed.verifiedFields} verified fields (${databaseName ? "PostgreSQL" : "PGlite"}), ` +
          `${concurrency} concurrent, ${seconds} s per scenario`,
        `Seeding: ${seed.seconds} s`,
        "",
        formatTable(report),
        "",
        ...(exportResults.length > 0 ? [formatExportTable(exportResults, exportChecks), ""] : []),
        ...(importResults.length > 0 ? [formatImportTable(importResults, importChecks), ""] : []),
        `Server peak RSS: ${rss.sampledMb} MB (sampled every 250 ms; VmHWM ${rss.hwmMb} MB)`,
        `Load average (1 min) before / after measuring: ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} on ${availableParallelism()} cores`,
        `Audit chain after the run: ${
          verifyOutput
            .split("\n")
            .filter((l) => l.startsWith("Audit trail"))
            .join(" ") || verifyOutput
        }`,
        `Whole run: ${totalSeconds} s`,
      ].join("\n"),
    );
    if (args.out) {
      writeFileSync(
        args.out,
        JSON.stringify(
          {
            database: databaseName ? "postgresql" : "pglite",
            patients: seed.patients,
            visits: seed.visits,
            therapy_lines: seed.therapyLines,
            concurrency,
            seconds,
            seeding_seconds: seed.seconds,
            peak_rss_mb: rss.sampledMb,
            load_average_1m: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
            vm_hwm_mb: rss.hwmMb,
            audit_chain_intact: auditChainIntact,
            audit_rows_checked: auditRowsChecked,
            queries: seed.queries,
            query_steps: seed.querySteps,
            verified_fields: seed.verifiedFields,
            cleared_fields: seed.clearedFields,
            total_seconds: totalSeconds,
            scenarios: report.rows,
            targets: report.targets,
            exports: exportResults,
            export_targets: exportChecks,
            imports: importResults,
            import_targets: importChecks,
          },
          null,
          2,
        ),
      );
      say(`results written to ${args.out}`);
    }
    return 0;
  } finally {
    if (server) {
      console.error(server.output().slice(-4000));
      await server.stop();
    }
    if (args.keep) {
      say(`kept: ${databaseName ? `database ${databaseName}, ` : ""}DATA_DIR ${dataDir}`);
    } else {
      await bench.remove();
    }
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
