/**
 * The import part of bench:scale (decision 0037): the benchmark study's own csv-long export,
 * downloaded through the running server, imported into an empty copy of the study (same
 * configuration) through POST /api/studies/{id}/imports: a preview, then an apply of the previewed
 * file. The copy gets the study's medical groups (the file names them by code). An export larger
 * than the upload limit (the 1M-visit fixture's is about 360 MB) is sent compressed with gzip. Each
 * job is polled every second until it finishes; the server's RSS is sampled from just before the
 * upload to the job's end. Run with `--only imports` (or `--imports` beside the rest).
 */
import { createReadStream, createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import { MAX_IMPORT_FILE_BYTES } from "@/lib/schemas/import-jobs";
import type { AppServer } from "./server";

export type ImportMeasurement = {
  name: "preview" | "apply";
  seconds: number;
  state: string;
  rows: number;
  patientsCreated: number;
  visitsCreated: number;
  blockingIssues: number;
  /** An apply that took its preview's check: it only wrote (decision 0037). */
  checkReused: boolean;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
};

type Job = {
  id: number;
  state: string;
  check_reused: boolean;
  created_at: string;
  finished_at: string | null;
  issues: { row: number | null; column: string | null; message: string; blocking: boolean }[];
  rows_done: number;
  counts: { rows: number; patients_create: number; visits_create: number; blocking_issues: number };
};

const FINISHED = new Set(["previewed", "applied", "blocked", "failed", "cancelled"]);

async function api(server: AppServer, token: string, route: string, init: RequestInit = {}) {
  const response = await fetch(new URL(route, server.base), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${route}: ${response.status} ${await response.text()}`);
  return response;
}

async function runJob(
  server: AppServer,
  token: string,
  studyId: number,
  form: FormData,
  say: (line: string) => void,
  name: ImportMeasurement["name"],
): Promise<ImportMeasurement & { jobId: number }> {
  const rssBeforeMb = server.rssMb();
  const peak = server.markPeak();
  const started = performance.now();
  const response = await api(server, token, `/api/studies/${studyId}/imports`, {
    method: "POST",
    body: form,
  });
  let job = (await response.json()) as Job;
  let lastSaid = 0;
  while (!FINISHED.has(job.state)) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    job = (await (await api(server, token, `/api/studies/${studyId}/imports/${job.id}`)).json()) as Job;
    if (performance.now() - lastSaid > 30_000) {
      lastSaid = performance.now();
      say(
        `  import ${name}: ${job.state}, ${job.rows_done} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  // The job's own times (created to finished, the server's clock): the poll's second is not counted.
  const seconds =
    (Date.parse(job.finished_at ?? new Date().toISOString()) - Date.parse(job.created_at)) / 1000;
  const rssPeakMb = peak();
  // A blocked file says why: its first issues.
  for (const issue of job.counts.blocking_issues > 0 ? job.issues.slice(0, 5) : [])
    say(`  import ${name} issue: row ${issue.row}, ${issue.column}: ${issue.message}`);
  return {
    jobId: job.id,
    name,
    seconds,
    state: job.state,
    rows: job.counts.rows,
    patientsCreated: job.counts.patients_create,
    visitsCreated: job.counts.visits_create,
    blockingIssues: job.counts.blocking_issues,
    checkReused: job.check_reused,
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
  };
}

export async function measureImports(
  server: AppServer,
  token: string,
  studyId: number,
  say: (line: string) => void,
): Promise<ImportMeasurement[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  try {
    let file = path.join(dir, "study.csv");
    const exported = await api(server, token, `/api/studies/${studyId}/export?format=csv-long`);
    await pipeline(Readable.fromWeb(exported.body as WebReadableStream<Uint8Array>), createWriteStream(file));
    const exportedBytes = (await stat(file)).size;
    say(`import: the study's csv-long export, ${megabytes(exportedBytes)} MB`);
    // Past the upload limit the same file is sent compressed, as a user would (decision 0037).
    if (exportedBytes > MAX_IMPORT_FILE_BYTES) {
      const compressed = `${file}.gz`;
      await pipeline(createReadStream(file), createGzip(), createWriteStream(compressed));
      await rm(file);
      file = compressed;
      say(
        `import: over the ${megabytes(MAX_IMPORT_FILE_BYTES)} MB upload, sent as gzip: ${megabytes((await stat(file)).size)} MB`,
      );
    }
    const source = (await (await api(server, token, `/api/studies/${studyId}`)).json()) as {
      name: string;
      disease: string | null;
      config: unknown;
    };
    const created = await api(server, token, "/api/studies", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        code: `import_copy_${process.pid}`,
        name: `${source.name} (import copy)`,
        disease: source.disease ?? "",
        config: source.config,
      }),
    });
    const copy = (await created.json()) as { id: number };
    // The copy has the study's medical groups: the file names its patients' groups by code.
    const groups = (await (await api(server, token, `/api/studies/${studyId}/medical-groups`)).json()) as {
      items: { code: string; name: string; description: string | null }[];
    };
    for (const group of groups.items)
      await api(server, token, `/api/studies/${copy.id}/medical-groups`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: group.code, name: group.name, description: group.description ?? "" }),
      });
    const upload = new FormData();
    upload.set("format", "csv-long");
    upload.set("mode", "preview");
    upload.set("file", await openAsBlob(file), path.basename(file));
    const preview = await runJob(server, token, copy.id, upload, say, "preview");
    say(
      `import preview: ${preview.state} in ${preview.seconds.toFixed(1)} s; RSS ${preview.rssBeforeMb} → ${preview.rssPeakMb} MB`,
    );
    const results: (ImportMeasurement & { jobId: number })[] = [preview];
    if (preview.state === "previewed" && preview.blockingIssues === 0) {
      const apply = new FormData();
      apply.set("format", "csv-long");
      apply.set("mode", "apply");
      apply.set("preview_job_id", String(preview.jobId));
      const applied = await runJob(server, token, copy.id, apply, say, "apply");
      say(
        `import apply: ${applied.state} in ${applied.seconds.toFixed(1)} s; RSS ${applied.rssBeforeMb} → ${applied.rssPeakMb} MB`,
      );
      results.push(applied);
    }
    return results.map(({ jobId: _job, ...rest }) => rest);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export type ImportTarget = { name: string; pass: boolean; detail: string };

/** The targets: preview < 60 s, apply < 5 min, RSS growth < 300 MB, every record created. */
export function importTargets(
  results: readonly ImportMeasurement[],
  expected: { patients: number; visits: number },
) {
  const preview = results.find((r) => r.name === "preview");
  const apply = results.find((r) => r.name === "apply");
  const targets: ImportTarget[] = [
    {
      name: "import preview < 60 s",
      pass: preview !== undefined && preview.state === "previewed" && preview.seconds < 60,
      detail: preview ? `${preview.seconds.toFixed(1)} s (${preview.state})` : "not run",
    },
    {
      name: "import apply < 300 s",
      pass: apply !== undefined && apply.state === "applied" && apply.seconds < 300,
      detail: apply ? `${apply.seconds.toFixed(1)} s (${apply.state})` : "not run (the preview blocked)",
    },
    {
      name: "server RSS growth < 300 MB while importing",
      pass: results.length > 0 && results.every((r) => r.rssGrowthMb < 300),
      detail: results.map((r) => `${r.name} ${r.rssGrowthMb} MB`).join(", "),
    },
    {
      name: "every record of the file created",
      pass:
        apply !== undefined &&
        apply.patientsCreated === expected.patients &&
        apply.visitsCreated === expected.visits,
      detail: apply
        ? `${apply.patientsCreated}/${expected.patients} patients, ${apply.visitsCreated}/${expected.visits} visits`
        : "not run",
    },
  ];
  return targets;
}

export function formatImportTable(
  results: readonly ImportMeasurement[],
  targets: readonly ImportTarget[],
): string {
  return [
    "import     state        rows   seconds  rows/s  RSS before  RSS peak  growth  check",
    ...results.map(
      (r) =>
        `${r.name.padEnd(10)} ${r.state.padEnd(10)} ${String(r.rows).padStart(8)} ${r.seconds
          .toFixed(1)
          .padStart(9)} ${Math.round(r.rows / Math.max(r.seconds, 0.001))
          .toString()
          .padStart(
            7,
          )} ${`${r.rssBeforeMb} MB`.padStart(11)} ${`${r.rssPeakMb} MB`.padStart(9)} ${`${r.rssGrowthMb} MB`.padStart(7)}  ${r.name === "apply" ? (r.checkReused ? "the preview's" : "its own") : "-"}`,
    ),
    ...targets.map((t) => `${t.pass ? "PASS" : "MISS"}  ${t.name}: ${t.detail}`),
  ].join("\n");
}
