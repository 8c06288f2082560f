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

export type ReportRow = Measurement & {
  ratioToCeiling: number | null;
  /** For the list scenarios: req/s over PostgreSQL's own rate for the page-1 query (same run). */
  ratioToPostgres: number | null;
};

export type TargetVerdict = "PASS" | "MISS" | "N/A";
export type Target = { target: string; verdict: TargetVerdict; detail: string };

export type Report = {
  rows: ReportRow[];
  targets: Target[];
};

export type RunFacts = {
  /** Result of `npm run audit:verify` after the run; null when it was not run. */
  auditChainIntact: boolean | null;
  /** The audit rows it read (the whole trail, the run's own writes included); null when unknown. */
  auditRowsChecked?: number | null;
};

export const LIST_DETAIL_MIN_RATIO = 0.6;
/** The list's page 1 against PostgreSQL answering the same statement alone (./postgres-rate.ts). */
export const LIST_MIN_POSTGRES_RATIO = 0.5;
export const POSTGRES_LIST = "postgres_list";
/** PostgreSQL's rate of commits made one at a time under one lock: the floor of audited writes. */
export const POSTGRES_CHAIN_COMMITS = "postgres_chain_commits";
export const DASHBOARD_P95_MAX_MS = 100;
/** The visit schedule's reads (decision 0025): one patient's schedule and the overdue list. */
export const SCHEDULE_P95_MAX_MS = 100;
const SCHEDULE_SCENARIOS = ["patient_schedule", "overdue_visits"];
export const VISIT_WRITES_MIN_PER_S = 300;
export const DEEP_PAGE_MAX_GAP = 0.2;
/** The data review (decisions 0030, 0031): the Queries page's and the SDV page's lists at any depth. */
export const REVIEW_LIST_P95_MAX_MS = 100;
export const REVIEW_LIST_SCENARIOS = [
  "queries_page1",
  "queries_deep",
  "queries_open_page1",
  "queries_open_deep",
  "sdv_page1",
  "sdv_deep",
  "sdv_form_status",
  "sdv_form_status_deep",
  "sdv_visit_type",
  "sdv_visit_type_deep",
];
/** Opening a query: an audited write of a query, its first step and its audit row. */
export const QUERY_OPEN_MIN_PER_S = 200;

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function buildReport(measurements: Measurement[], facts: RunFacts): Report {
  const ceiling = measurements.find((m) => m.name === CEILING && m.status === "measured");
  const postgres = measurements.find((m) => m.name === POSTGRES_LIST && m.status === "measured");
  const rows = measurements.map((m) => ({
    ...m,
    ratioToCeiling:
      ceiling && m.status === "measured" && ceiling.reqPerSec > 0 && m.group !== "postgres"
        ? m.reqPerSec / ceiling.reqPerSec
        : null,
    ratioToPostgres:
      postgres && m.status === "measured" && m.group === "list" && postgres.reqPerSec > 0
        ? m.reqPerSec / postgres.reqPerSec
        : null,
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

  const page1Rate = byName("patients_page1");
  const postgresRow = byName(POSTGRES_LIST);
  const postgresTarget = `list page 1 >= ${pct(LIST_MIN_POSTGRES_RATIO)} of PostgreSQL's own rate`;
  if (!measured(page1Rate) || !measured(postgresRow) || page1Rate.ratioToPostgres === null) {
    targets.push({
      target: postgresTarget,
      verdict: "N/A",
      detail: measured(page1Rate)
        ? "PostgreSQL's own rate not measured (PGlite, or --only without patients_page1)"
        : missing(["patients_page1"]),
    });
  } else {
    const ratio = page1Rate.ratioToPostgres;
    targets.push({
      target: postgresTarget,
      verdict: ratio >= LIST_MIN_POSTGRES_RATIO && page1Rate.errors === 0 ? "PASS" : "MISS",
      detail: `page 1 at ${pct(ratio)} of ${postgresRow.reqPerSec.toFixed(0)}/s`,
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

  const schedule = SCHEDULE_SCENARIOS.map(byName);
  const scheduleTarget = `schedule & overdue list p95 < ${SCHEDULE_P95_MAX_MS} ms`;
  if (!schedule.every(measured)) {
    targets.push({
      target: scheduleTarget,
      verdict: "N/A",
      detail: missing(SCHEDULE_SCENARIOS.filter((name) => !measured(byName(name)))),
    });
  } else {
    const ok = schedule.every((r) => r.p95Ms < SCHEDULE_P95_MAX_MS && r.errors === 0);
    targets.push({
      target: scheduleTarget,
      verdict: ok ? "PASS" : "MISS",
      detail: schedule
        .map((r) => `${r.name} p95 ${r.p95Ms} ms${r.errors ? `, ${r.errors} errors` : ""}`)
        .join("; "),
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
      detail: `${writes.reqPerSec.toFixed(0)}/s${writes.reqPerSec < VISIT_WRITES_MIN_PER_S ? ` (${(VISIT_WRITES_MIN_PER_S - writes.reqPerSec).toFixed(0)}/s short)` : ""}${writes.errors ? `, ${writes.errors} errors` : ""}; audit chain ${chain(facts.auditChainIntact)}${commitFloor(byName(POSTGRES_CHAIN_COMMITS), writes.reqPerSec)}`,
    });
  }

  const reviewLists = REVIEW_LIST_SCENARIOS.map(byName);
  const reviewTarget = `Queries & SDV lists p95 < ${REVIEW_LIST_P95_MAX_MS} ms at any depth`;
  if (!reviewLists.every(measured)) {
    targets.push({
      target: reviewTarget,
      verdict: "N/A",
      detail: missing(REVIEW_LIST_SCENARIOS.filter((name) => !measured(byName(name)))),
    });
  } else {
    const worst = reviewLists.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
    const ok = reviewLists.every((r) => r.p95Ms < REVIEW_LIST_P95_MAX_MS && r.errors === 0);
    const over = reviewLists.filter((r) => r.p95Ms >= REVIEW_LIST_P95_MAX_MS);
    targets.push({
      target: reviewTarget,
      verdict: ok ? "PASS" : "MISS",
      detail:
        `worst ${worst.name} p95 ${worst.p95Ms} ms` +
        (over.length > 0 ? `; over: ${over.map((r) => `${r.name} ${r.p95Ms} ms`).join(", ")}` : "") +
        (reviewLists.some((r) => r.errors > 0) ? "; errors answered" : ""),
    });
  }

  const opening = byName("query_open");
  const openTarget = `query opening >= ${QUERY_OPEN_MIN_PER_S}/s, audit chain intact`;
  const chainFacts = `chain intact: ${facts.auditChainIntact === null ? "not verified" : facts.auditChainIntact ? "yes" : "NO"}${facts.auditRowsChecked == null ? "" : `, ${facts.auditRowsChecked} rows checked`}`;
  if (!measured(opening)) {
    targets.push({ target: openTarget, verdict: "N/A", detail: `${missing(["query_open"])}; ${chainFacts}` });
  } else {
    const fast = opening.reqPerSec >= QUERY_OPEN_MIN_PER_S && opening.errors === 0;
    targets.push({
      target: openTarget,
      verdict: fast && facts.auditChainIntact === true ? "PASS" : "MISS",
      detail:
        `${opening.reqPerSec.toFixed(0)}/s` +
        (opening.reqPerSec < QUERY_OPEN_MIN_PER_S
          ? ` (${(QUERY_OPEN_MIN_PER_S - opening.reqPerSec).toFixed(0)}/s short)`
          : "") +
        (opening.errors ? `, ${opening.errors} errors` : "") +
        `; ${chainFacts}${commitFloor(byName(POSTGRES_CHAIN_COMMITS), opening.reqPerSec)}`,
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

/** Where the writes stand against PostgreSQL committing one at a time, when it was measured. */
function commitFloor(floor: ReportRow | undefined, writesPerSec: number): string {
  if (floor?.status !== "measured" || floor.reqPerSec <= 0) return "";
  return `; ${pct(writesPerSec / floor.reqPerSec)} of PostgreSQL's ${floor.reqPerSec.toFixed(0)} serialized commits/s`;
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
  const head = [
    "scenario",
    "req/s",
    "p50 ms",
    "p95 ms",
    "vs ceiling",
    "vs PostgreSQL",
    "server CPU ms/req",
    "errors",
  ];
  const body = report.rows.map((r) =>
    r.status === "measured"
      ? [
          r.label,
          r.reqPerSec.toFixed(1),
          r.p50Ms.toFixed(1),
          r.p95Ms.toFixed(1),
          r.ratioToCeiling === null ? "-" : pct(r.ratioToCeiling),
          r.ratioToPostgres === null ? "-" : pct(r.ratioToPostgres),
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
          "",
        ],
  );
  const targets = report.targets.map((t) => `${t.verdict.padEnd(4)}  ${t.target}: ${t.detail}`);
  return `${pad([head, ...body])}\n\nTargets (decision 0009):\n${targets.join("\n")}`;
}
