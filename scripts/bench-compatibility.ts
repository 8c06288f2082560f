// npm run bench:compatibility — the compatibility check at scale:
//   1. a fresh database (as bench:scale: PostgreSQL of --database-url / DATABASE_URL, else PGlite);
//   2. the app's first start (migrations, admin, demo study) and bench:scale's SQL fixture:
//      --patients × --visits-per-patient in the demo study, then ANALYZE;
//   3. the compatibility check of an amendment that touches every kind of change (a removed field
//      in use, a tightened maximum, removed select options, a removed visit type, a renamed
//      calculation, a new pattern), --runs times, with the median and worst time against the
//      2 s target (decision 0013).
// The lead engineer runs it at the full size (100k patients / 1M visits, the defaults). Options:
//   --patients 100000 --visits-per-patient 10 --runs 5 --database-url postgres://… --keep
import { parseArgs } from "node:util";
import { createBenchDatabase } from "./bench-scale/bench-database";
import { positive } from "./bench-scale/positive-arg";

const TARGET_MS = 2000;

const { values: args } = parseArgs({
  options: {
    patients: { type: "string", default: "100000" },
    "visits-per-patient": { type: "string", default: "10" },
    runs: { type: "string", default: "5" },
    "database-url": { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const patients = positive("patients", args.patients);
const visitsPerPatient = positive("visits-per-patient", args["visits-per-patient"]);
const runs = positive("runs", args.runs);

function say(line: string) {
  console.log(`[bench:compatibility] ${line}`);
}

async function main(): Promise<number> {
  const bench = await createBenchDatabase(args["database-url"] ?? process.env.DATABASE_URL, "bench_compat");
  say(`database: ${bench.databaseName ? `PostgreSQL ${bench.databaseName}` : "embedded PGlite"}`);
  try {
    // The app's modules read the environment once: imported only now that it is set.
    const { closeDb, getDb } = await import("@/db/client");
    const { startup } = await import("@/lib/server/bootstrap/startup");
    const { analyzeClinicalTables, seedScaleData } = await import("./bench-scale/seed");
    const { DEMO_STUDY } = await import("@/db/seed/demo-study-config");
    const { studies } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const { readConfig } = await import("@/lib/server/studies/stored-config");
    const { compatibilityWithLive } = await import("@/lib/server/studies/protocol-versions/version-service");
    const { benchAmendment } = await import("./bench-compatibility/amendment");

    await startup();
    const db = await getDb();
    const [study] = await db.select().from(studies).where(eq(studies.code, DEMO_STUDY.code));
    if (!study) throw new Error("first start did not create the demo study");
    say(`seeding ${patients} patients × ${visitsPerPatient} visits…`);
    const seed = await seedScaleData(db, { studyId: study.id, patients, visitsPerPatient });
    await analyzeClinicalTables(db);
    say(`seeded ${seed.patients} patients, ${seed.visits} visits in ${seed.seconds} s`);

    const live = readConfig(study);
    const next = benchAmendment(live);
    const times: number[] = [];
    let report: Awaited<ReturnType<typeof compatibilityWithLive>> | undefined;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      report = await compatibilityWithLive(db, study.id, live, next);
      times.push(performance.now() - started);
    }
    await closeDb();
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const worst = sorted[sorted.length - 1]!;
    console.log(
      [
        "",
        `Compatibility check: ${seed.patients} patients, ${seed.visits} visits (${bench.databaseName ? "PostgreSQL" : "PGlite"})`,
        `Breaking changes: ${report!.breaking_changes.length}, warnings: ${report!.warnings.length}, ` +
          `affected ${report!.affected_patients} patients / ${report!.affected_visits} visits`,
        ...report!.breaking_changes.map((c) => `  - ${c.message}`),
        `Runs (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`,
        `Median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms — target < ${TARGET_MS} ms: ${
          worst < TARGET_MS ? "PASS" : "MISS"
        }`,
      ].join("\n"),
    );
    return worst < TARGET_MS ? 0 : 2;
  } finally {
    if (args.keep)
      say(`kept: DATA_DIR ${bench.dataDir}${bench.databaseName ? `, database ${bench.databaseName}` : ""}`);
    else await bench.remove();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
