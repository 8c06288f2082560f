/**
 * Turns the measurements into the table and the scale targets (decision 0009) (pure: no I/O, tested directly).
 */
import { CEILING, type ScenarioGroup } from "./scenarios";

export type Measurement = {
  name: string;
  label: string;
  group: ScenarioGroup;
  /** "measured"; "not available yet" (the route does not exist); "probe failed" (it answered an error). */
  status: "measured" | "not_available" | "probe_failed";
  note?: string;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  /** Failed connections, timeouts and non-2xx answers. */
  errors: number;
  /**
   * CPU time the server process spent per answered request in the measured window (user + system,
   * from /proc): unlike req/s it barely moves when other work shares the machine. null when unknown.
   */
  serverCpuMsPerRequest?: number | null;
};

export type ReportRow = Measurement & { ratioToCeiling: number | null };

export type TargetVerdict = "PASS" | "MISS" | "N/A";
export type Target = { target: string; verdict: TargetVerdict; detail: string };

export type Report = {
  rows: ReportRow[];
  targets: Target[];
};

export type RunFacts = {
  /** Result of `npm run audit:verify` after the run; null when it was not run. */
  auditChainIntact: boolean | null;
};

export const LIST_DETAIL_MIN_RATIO = 0.6;
export const DASHBOARD_P95_MAX_MS = 100;
export const VISIT_WRITES_MIN_PER_S = 300;
export const DEEP_PAGE_MAX_GAP = 0.2;

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function buildReport(measurements: Measurement[], facts: RunFacts): Report {
  const ceiling = measurements.find((m) => m.name === CEILING && m.status === "measured");
  const rows = measurements.map((m) => ({
    ...m,
    ratioToCeiling:
      ceiling && m.status === "measured" && ceiling.reqPerSec > 0 ? m.reqPerSec / ceiling.reqPerSec : null,
  }));
  const measured = (m: ReportRow | undefined): m is ReportRow => m?.status === "measured";
  const byName = (name: string) => rows.find((r) => r.name === name);
  const missing = (names: string[]) => {
    const why = (n: string) => {
      const row = byName(n);
      if (!row) return "no such scenario";
      return row.status === "not_available" ? "not available yet" : "probe failed";
    };
    const reasons = [...new Set(names.map(why))];
    return reasons.map((r) => `${r}: ${names.filter((n) => why(n) === r).join(", ")}`).join("; ");
  };
  const targets: Target[] = [];

  // List and detail at least 60% of the ceiling: each scenario of those groups, the worst decides.
  const listDetail = rows.filter((r) => r.group === "list" || r.group === "detail");
  const pending = listDetail.filter((r) => !measured(r) || r.ratioToCeiling === null);
  if (listDetail.length === 0 || pending.length > 0) {
    targets.push({
      target: `list & detail >= ${pct(LIST_DETAIL_MIN_RATIO)} of ceiling`,
      verdict: "N/A",
      detail: missing(pending.map((r) => r.name)),
    });
  } else {
    const worst = listDetail.reduce((a, b) => (b.ratioToCeiling! < a.ratioToCeiling! ? b : a));
    const ok = listDetail.every((r) => r.ratioToCeiling! >= LIST_DETAIL_MIN_RATIO && r.errors === 0);
    targets.push({
      target: `list & detail >= ${pct(LIST_DETAIL_MIN_RATIO)} of ceiling`,
      verdict: ok ? "PASS" : "MISS",
      detail: `worst ${worst.name} at ${pct(worst.ratioToCeiling!)}${ok ? "" : `, ${pct(LIST_DETAIL_MIN_RATIO - worst.ratioToCeiling!)} short`}${listDetail.some((r) => r.errors > 0) ? "; errors answered" : ""}`,
    });
  }

  const dashboard = byName("dashboard");
  if (!measured(dashboard)) {
    targets.push({
      target: `dashboard p95 < ${DASHBOARD_P95_MAX_MS} ms`,
      verdict: "N/A",
      detail: missing(["dashboard"]),
    });
  } else {
    const ok = dashboard.p95Ms < DASHBOARD_P95_MAX_MS && dashboard.errors === 0;
    targets.push({
      target: `dashboard p95 < ${DASHBOARD_P95_MAX_MS} ms`,
      verdict: ok ? "PASS" : "MISS",
      detail: `p95 ${dashboard.p95Ms} ms${dashboard.p95Ms >= DASHBOARD_P95_MAX_MS ? `, ${(dashboard.p95Ms - DASHBOARD_P95_MAX_MS).toFixed(1)} ms over` : ""}${dashboard.errors ? `; ${dashboard.errors} errors` : ""}`,
    });
  }

  const writes = byName("visit_create");
  if (!measured(writes)) {
    targets.push({
      target: `visit writes >= ${VISIT_WRITES_MIN_PER_S}/s, audit chain intact`,
      verdict: "N/A",
      detail: `${missing(["visit_create"])}; audit chain ${chain(facts.auditChainIntact)}`,
    });
  } else {
    const fast = writes.reqPerSec >= VISIT_WRITES_MIN_PER_S && writes.errors === 0;
    const ok = fast && facts.auditChainIntact === true;
    targets.push({
      target: `visit writes >= ${VISIT_WRITES_MIN_PER_S}/s, audit chain intact`,
      verdict: ok ? "PASS" : "MISS",
      detail: `${writes.reqPerSec.toFixed(0)}/s${writes.reqPerSec < VISIT_WRITES_MIN_PER_S ? ` (${(VISIT_WRITES_MIN_PER_S - writes.reqPerSec).toFixed(0)}/s short)` : ""}${writes.errors ? `, ${writes.errors} errors` : ""}; audit chain ${chain(facts.auditChainIntact)}`,
    });
  }

  const page1 = byName("patients_page1");
  // Judged on the keyset path (the list's `cursor`, what the screens page with); the page-number
  // path is measured and stated beside it, since OFFSET skips index entries and costs more deep down.
  const deep = byName("patients_deep");
  const deepByNumber = byName("patients_deep_page");
  if (!measured(page1) || !measured(deep) || page1.reqPerSec <= 0) {
    targets.push({
      target: `page 1 vs deep page within ${pct(DEEP_PAGE_MAX_GAP)}`,
      verdict: "N/A",
      detail: missing(["patients_page1", "patients_deep"]),
    });
  } else {
    const gap = Math.abs(deep.reqPerSec - page1.reqPerSec) / page1.reqPerSec;
    targets.push({
      target: `page 1 vs deep page within ${pct(DEEP_PAGE_MAX_GAP)}`,
      verdict: gap <= DEEP_PAGE_MAX_GAP && deep.errors === 0 && page1.errors === 0 ? "PASS" : "MISS",
      detail:
        `cursor deep page at ${pct(deep.reqPerSec / page1.reqPerSec)} of page 1's req/s (gap ${pct(gap)})` +
        (measured(deepByNumber)
          ? `; page-number deep page at ${pct(deepByNumber.reqPerSec / page1.reqPerSec)}` +
            ` (gap ${pct(Math.abs(deepByNumber.reqPerSec - page1.reqPerSec) / page1.reqPerSec)}, not judged)`
          : ""),
    });
  }
  return { rows, targets };
}

function chain(intact: boolean | null): string {
  return intact === null ? "not verified" : intact ? "intact" : "BROKEN";
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells
    .map((row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "))
    .join("\n");
}

export function formatTable(report: Report): string {
  const head = ["scenario", "req/s", "p50 ms", "p95 ms", "vs ceiling", "server CPU ms/req", "errors"];
  const body = report.rows.map((r) =>
    r.status === "measured"
      ? [
          r.label,
          r.reqPerSec.toFixed(1),
          r.p50Ms.toFixed(1),
          r.p95Ms.toFixed(1),
          r.ratioToCeiling === null ? "-" : pct(r.ratioToCeiling),
          r.serverCpuMsPerRequest == null ? "-" : r.serverCpuMsPerRequest.toFixed(2),
          String(r.errors),
        ]
      : [
          r.label,
          r.status === "not_available" ? "not available yet" : `probe failed: ${r.note ?? ""}`,
          "",
          "",
          "",
          "",
          "",
        ],
  );
  const targets = report.targets.map((t) => `${t.verdict.padEnd(4)}  ${t.target}: ${t.detail}`);
  return `${pad([head, ...body])}\n\nTargets (decision 0009):\n${targets.join("\n")}`;
}
