// npm run bench:redos — study-supplied patterns cannot freeze the server (decision 0017):
//   1. a fresh database (PostgreSQL of --database-url / DATABASE_URL, else an embedded PGlite) and
//      the app's first start;
//   2. the production build (`next build` must have run) served by `server.mjs` (as `npm start`) on a free port of
//      --ports, signed in as the first admin;
//   3. a study whose patient fields carry the classic catastrophic backtracking patterns;
//   4. GET /api/health timed alone for --seconds (the baseline); then while --attackers clients
//      keep sending patients whose fields hold the same 10,000-character values to a control study
//      (refused by length, no pattern runs); then to the probe study, where each value is built to
//      make its pattern backtrack (each request checks every pattern: a 422 after the full check);
//   5. p50 / p99 / max of /api/health in the three phases and the requests' rates; PASS when the
//      p99 under attack stays under 100 ms. The control shows what the same load costs without
//      patterns: on a busy machine both can miss the target for reasons that are not patterns.
// With JavaScript's RegExp one such value blocked the event loop for hours. Timings are this
// machine's: the result is a measurement, which is why it lives here and not in the test suite.
// Options: --seconds 10 --attackers 4 --database-url postgres://… --ports 3131-3139
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createBenchDatabase } from "./bench-scale/bench-database";
import { positive } from "./bench-scale/positive-arg";
import { freePort, startServer, type AppServer } from "./bench-scale/server";

const TARGET_P99_MS = 100;
const VALUE_LENGTH = 10_000;

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    attackers: { type: "string", default: "4" },
    "database-url": { type: "string" },
    ports: { type: "string", default: "3131-3139" },
  },
});
const seconds = positive("seconds", args.seconds);
const attackers = positive("attackers", args.attackers);
const ports = (() => {
  const match = /^(\d+)-(\d+)$/.exec(args.ports);
  const [lo, hi] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || lo < 1024 || hi > 65535 || hi < lo) throw new Error("--ports must be a range like 3131-3139");
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
})();

// Pattern, and a value that makes a backtracking engine try every way to split it.
const CATASTROPHIC: [string, string][] = [
  ["^(a+)+$", "a".repeat(VALUE_LENGTH - 1) + "!"],
  ["^(a|aa)+$", "a".repeat(VALUE_LENGTH - 1) + "!"],
  ["^(a|a?)+$", "a".repeat(VALUE_LENGTH - 1) + "!"],
  ["^(\\w+\\s?)*$", "word ".repeat(VALUE_LENGTH / 5 - 1) + "word!"],
  ["(x+x+)+y", "x".repeat(VALUE_LENGTH)],
  ["^(([a-z])+.)+[A-Z]([a-z])+$", "a".repeat(VALUE_LENGTH)],
];

function say(line: string) {
  console.log(`[bench:redos] ${line}`);
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

const summary = (samples: number[]) =>
  `n=${samples.length} p50 ${percentile(samples, 0.5).toFixed(1)} ms, p99 ${percentile(samples, 0.99).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`;

/** /api/health, one request after the other, for `ms` milliseconds. */
async function probeHealth(base: URL, ms: number): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(new URL("/api/health", base));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return samples;
}

async function main(): Promise<number> {
  const bench = await createBenchDatabase(args["database-url"] ?? process.env.DATABASE_URL, "bench_redos");
  say(`database: ${bench.databaseName ? `PostgreSQL ${bench.databaseName}` : "embedded PGlite"}`);
  let server: AppServer | undefined;
  try {
    const { closeDb } = await import("@/db/client");
    const { startup } = await import("@/lib/server/bootstrap/startup");
    const { DEMO_STUDY_CONFIG } = await import("@/db/seed/demo-study-config");
    await startup();
    await closeDb(); // PGlite allows one process: the server opens the database after this one.

    const port = await freePort(ports);
    say(`starting server.mjs on 127.0.0.1:${port}`);
    server = await startServer(bench.appEnv, port);
    const base = server.base;
    const login = await fetch(new URL("/api/auth/login", base), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: bench.adminEmail, password: bench.adminPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      "content-type": "application/json",
    };

    // The probe study checks each value against a catastrophic pattern; the control study refuses
    // the same values by length before any pattern, so the two attacks differ by the patterns only.
    const createStudy = async (code: string, validation: (pattern: string) => Record<string, unknown>) => {
      const config = structuredClone(DEMO_STUDY_CONFIG) as { data_fields: Record<string, unknown>[] };
      CATASTROPHIC.forEach(([pattern], i) =>
        config.data_fields.push({
          entity: "patient",
          name: `probe_${i}`,
          label: `Probe ${i}`,
          type: "textarea",
          validation: validation(pattern),
        }),
      );
      const created = await fetch(new URL("/api/studies", base), {
        method: "POST",
        headers,
        body: JSON.stringify({ code, name: code, disease: "None", config }),
      });
      if (created.status !== 201) throw new Error(`study: ${created.status} ${await created.text()}`);
      return ((await created.json()) as { id: number }).id;
    };
    const probeStudy = await createStudy("redos_probe", (pattern) => ({ pattern }));
    const controlStudy = await createStudy("redos_control", () => ({ max_length: VALUE_LENGTH - 1 }));
    const customFields = {
      psoriasis_onset: "2015-03",
      psoriasis_phenotypes: ["plaque"],
      ...Object.fromEntries(CATASTROPHIC.map(([, value], i) => [`probe_${i}`, value])),
    };
    let sent = 0;
    const attackBody = (studyId: number) =>
      JSON.stringify({
        study_id: studyId,
        code: `R-${++sent}`,
        birth_date: "1980-05-17",
        sex: "F",
        custom_fields: customFields,
      });
    // One request to each first: every value refused, by its pattern or by its length.
    for (const [studyId, type] of [
      [probeStudy, "pattern_mismatch"],
      [controlStudy, "too_long"],
    ] as const) {
      const first = await fetch(new URL("/api/patients", base), {
        method: "POST",
        headers,
        body: attackBody(studyId),
      });
      const firstBody = (await first.json()) as { detail: { type: string }[] };
      const refused = firstBody.detail.filter((d) => d.type === type).length;
      if (first.status !== 422 || refused !== CATASTROPHIC.length)
        throw new Error(
          `expected ${CATASTROPHIC.length} × ${type}, got ${first.status} ${JSON.stringify(firstBody)}`,
        );
    }

    /** /api/health while `attackers` clients send patients to `studyId`: both timings. */
    const underAttack = async (studyId: number) => {
      let stop = false;
      const requests: number[] = [];
      const attack = async () => {
        while (!stop) {
          const started = performance.now();
          const response = await fetch(new URL("/api/patients", base), {
            method: "POST",
            headers,
            body: attackBody(studyId),
          });
          await response.arrayBuffer();
          if (response.status !== 422) throw new Error(`attack request answered ${response.status}`);
          requests.push(performance.now() - started);
        }
      };
      const running = Array.from({ length: attackers }, attack);
      const health = await probeHealth(base, seconds * 1000);
      stop = true;
      await Promise.all(running);
      return { health, requests };
    };

    say(`baseline: /api/health alone for ${seconds} s`);
    const baseline = await probeHealth(base, seconds * 1000);
    say(
      `control: ${attackers} clients, ${CATASTROPHIC.length} × ${VALUE_LENGTH} characters refused by length`,
    );
    const control = await underAttack(controlStudy);
    say(`attack: ${attackers} clients, the same values checked against the catastrophic patterns`);
    const attack = await underAttack(probeStudy);

    say(`/api/health alone:             ${summary(baseline)}`);
    say(`/api/health under the control: ${summary(control.health)}`);
    say(`/api/health under the attack:  ${summary(attack.health)}`);
    say(
      `control requests: ${(control.requests.length / seconds).toFixed(1)}/s; ${summary(control.requests)}`,
    );
    say(`attack requests:  ${(attack.requests.length / seconds).toFixed(1)}/s; ${summary(attack.requests)}`);
    const p99 = percentile(attack.health, 0.99);
    const pass = p99 < TARGET_P99_MS;
    say(
      `${pass ? "PASS" : "MISS"}: p99 of /api/health under attack ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms)`,
    );
    return pass ? 0 : 1;
  } finally {
    await server?.stop();
    await bench.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
