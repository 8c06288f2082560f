/**
 * The export part of bench:scale: the benchmark study exported whole through the running server
 * (GET /api/studies/{id}/export) as csv-long and as odm, then two csv-long exports at once. Each is
 * read to the end as a client would, counting bytes and records; the server's RSS is sampled
 * (every 250 ms) from just before the request to the last byte.
 */
import type { AppServer } from "./server";

export type ExportMeasurement = {
  name: string;
  format: string;
  seconds: number;
  megabytes: number;
  records: number;
  expectedRecords: number | null;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
};

type Run = { name: string; query: string; marker: string; skipFirst: number };

const RUNS: Run[] = [
  { name: "csv-long", query: "format=csv-long", marker: "\r\n", skipFirst: 1 },
  { name: "odm", query: "format=odm", marker: "</SubjectData>", skipFirst: 0 },
];

/** Reads one export to its end; returns its size, records and the server's announced count. */
async function readExport(base: URL, token: string, studyId: number, run: Run) {
  const started = performance.now();
  const response = await fetch(new URL(`/api/studies/${studyId}/export?${run.query}`, base), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body)
    throw new Error(`${run.name}: ${response.status} ${await response.text()}`);
  const expected = response.headers.get("x-export-total-rows");
  const decoder = new TextDecoder();
  let bytes = 0;
  let markers = 0;
  let carry = "";
  const reader = response.body.getReader();
  for (;;) {
    const { value: chunk, done } = await reader.read();
    if (done) break;
    bytes += chunk.length;
    const text = carry + decoder.decode(chunk, { stream: true });
    let at = text.indexOf(run.marker);
    let end = 0;
    while (at !== -1) {
      markers++;
      end = at + run.marker.length;
      at = text.indexOf(run.marker, end);
    }
    carry = text.slice(Math.max(end, text.length - run.marker.length + 1));
  }
  return {
    seconds: (performance.now() - started) / 1000,
    megabytes: bytes / 1024 / 1024,
    records: markers - run.skipFirst,
    expectedRecords: expected === null ? null : Number(expected),
  };
}

async function settle(server: AppServer) {
  // Let the previous export's garbage go before the next baseline is read.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return server.rssMb();
}

export async function measureExports(
  server: AppServer,
  token: string,
  studyId: number,
  say: (line: string) => void,
): Promise<ExportMeasurement[]> {
  const results: ExportMeasurement[] = [];
  for (const run of RUNS) {
    const rssBeforeMb = await settle(server);
    const peak = server.markPeak();
    const read = await readExport(server.base, token, studyId, run);
    const rssPeakMb = peak();
    results.push({
      name: run.name,
      format: run.name,
      ...read,
      rssBeforeMb,
      rssPeakMb,
      rssGrowthMb: rssPeakMb - rssBeforeMb,
    });
    say(
      `export ${run.name}: ${read.records} records (${read.expectedRecords} announced), ${read.megabytes.toFixed(0)} MB in ${read.seconds.toFixed(1)} s; RSS ${rssBeforeMb} → ${rssPeakMb} MB`,
    );
  }
  const [csv] = RUNS;
  const rssBeforeMb = await settle(server);
  const peak = server.markPeak();
  const started = performance.now();
  const both = await Promise.all([
    readExport(server.base, token, studyId, csv!),
    readExport(server.base, token, studyId, csv!),
  ]);
  const rssPeakMb = peak();
  results.push({
    name: "2 × csv-long at once",
    format: "csv-long",
    seconds: (performance.now() - started) / 1000,
    megabytes: both[0].megabytes + both[1].megabytes,
    records: both[0].records + both[1].records,
    expectedRecords: (both[0].expectedRecords ?? 0) + (both[1].expectedRecords ?? 0),
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
  });
  say(
    `export 2 × csv-long at once: ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${rssBeforeMb} → ${rssPeakMb} MB`,
  );
  return results;
}

export type ExportTarget = { name: string; pass: boolean; detail: string };

/** The targets: CSV < 60 s, ODM < 120 s, RSS growth < 200 MB, two at once not double. */
export function exportTargets(results: readonly ExportMeasurement[]): ExportTarget[] {
  const byName = new Map(results.map((r) => [r.name, r]));
  const csv = byName.get("csv-long")!;
  const odm = byName.get("odm")!;
  const pair = byName.get("2 × csv-long at once")!;
  const complete = results.every((r) => r.records === r.expectedRecords);
  return [
    { name: "csv-long export < 60 s", pass: csv.seconds < 60, detail: `${csv.seconds.toFixed(1)} s` },
    { name: "odm export < 120 s", pass: odm.seconds < 120, detail: `${odm.seconds.toFixed(1)} s` },
    {
      name: "server RSS growth < 200 MB per export",
      pass: Math.max(csv.rssGrowthMb, odm.rssGrowthMb) < 200,
      detail: `csv ${csv.rssGrowthMb} MB, odm ${odm.rssGrowthMb} MB`,
    },
    {
      name: "two concurrent exports do not double memory",
      pass: pair.rssGrowthMb < 2 * Math.max(csv.rssGrowthMb, 1) && pair.rssGrowthMb < 200,
      detail: `${pair.rssGrowthMb} MB for two against ${csv.rssGrowthMb} MB for one`,
    },
    {
      name: "every announced record delivered",
      pass: complete,
      detail: results.map((r) => `${r.name} ${r.records}/${r.expectedRecords}`).join(", "),
    },
  ];
}

export function formatExportTable(
  results: readonly ExportMeasurement[],
  targets: readonly ExportTarget[],
): string {
  const lines = [
    "export                   records      MB  seconds  records/s  RSS before  RSS peak  growth",
    ...results.map(
      (r) =>
        `${r.name.padEnd(22)} ${String(r.records).padStart(9)} ${r.megabytes.toFixed(0).padStart(7)} ${r.seconds
          .toFixed(1)
          .padStart(8)} ${Math.round(r.records / r.seconds)
          .toString()
          .padStart(
            10,
          )} ${`${r.rssBeforeMb} MB`.padStart(11)} ${`${r.rssPeakMb} MB`.padStart(9)} ${`${r.rssGrowthMb} MB`.padStart(7)}`,
    ),
    ...targets.map((t) => `${t.pass ? "PASS" : "MISS"}  ${t.name}: ${t.detail}`),
  ];
  return lines.join("\n");
}
