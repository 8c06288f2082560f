#!/usr/bin/env node
/**
 * Measures the study list and the OpenAPI document against a running server (`next start`):
 * seeds the study count asked for (copies of the first study's configuration, so each list row
 * stands for a realistic document), then runs a fixed number of seconds of concurrent GETs and
 * reports requests/s and latency percentiles, with /api/auth/me (session resolution alone) as the
 * floor for comparison. Only for servers on this machine.
 *
 *   node scripts/bench-studies.mjs --base http://localhost:3103 --email admin@example.com \
 *     --password '…' [--studies 151] [--concurrency 10] [--seconds 10]
 */
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3103" },
    email: { type: "string" },
    password: { type: "string" },
    studies: { type: "string", default: "151" },
    concurrency: { type: "string", default: "10" },
    seconds: { type: "string", default: "10" },
  },
});
const base = new URL(args.base);
if (!["localhost", "127.0.0.1", "[::1]"].includes(base.hostname)) {
  throw new Error("bench-studies only measures a server on this machine (localhost)");
}
const wantStudies = Number(args.studies);
const concurrency = Number(args.concurrency);
const seconds = Number(args.seconds);

async function json(path, init = {}) {
  const response = await fetch(new URL(path, base), init);
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const tokens = await json("/api/auth/login", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: args.email, password: args.password }),
});
const auth = { authorization: `Bearer ${tokens.access_token}` };

const existing = await json("/api/studies", { headers: auth });
if (existing.length < wantStudies) {
  const template =
    existing.length > 0
      ? (await json(`/api/studies/${existing[0].id}`, { headers: auth })).config
      : undefined;
  const stamp = Date.now() % 1_000_000;
  for (let i = existing.length; i < wantStudies; i++) {
    await json("/api/studies", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        code: `bench_${stamp}_${i}`,
        name: `Bench study ${i}`,
        disease: "Benchmark",
        config: template,
      }),
    });
  }
}
const count = (await json("/api/studies", { headers: auth })).length;

async function measure(path, headers) {
  const url = new URL(path, base);
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  return {
    path,
    requests: latencies.length,
    failures,
    req_per_s: Number((latencies.length / elapsed).toFixed(1)),
    p50_ms: Number(pct(50)),
    p95_ms: Number(pct(95)),
  };
}

// /api/auth/me resolves the session like every signed-in call and reads nothing else: the floor
// the list is compared with.
const results = [
  await measure("/api/studies", auth),
  await measure("/api/auth/me", auth),
  await measure("/api/openapi.json", {}),
];
console.log(JSON.stringify({ base: base.origin, studies: count, concurrency, seconds, results }, null, 2));
