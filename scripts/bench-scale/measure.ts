/**
 * Runs one scenario against a server on this machine: a probe request first (does the route
 * exist?), then autocannon for a fixed number of seconds at a fixed concurrency. Latency
 * percentiles come from every response's own time (autocannon's summary has no p95).
 */
import autocannon from "autocannon";
import type { Measurement } from "./report";
import type { Scenario, ScenarioContext } from "./scenarios";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function assertLocal(base: URL): void {
  if (!LOCAL_HOSTS.has(base.hostname))
    throw new Error(`bench:scale only targets this machine, not ${base.host}`);
}

export type Availability =
  { status: "available" } | { status: "not_available" | "probe_failed"; note: string };

/**
 * A route that does not exist answers with Next's own page (HTML 404, or 405 for a missing method
 * of an existing route file); every route of ours answers JSON, a JSON 404 included ("Patient not
 * found" is an answer of an existing route).
 */
export function classifyProbe(status: number, contentType: string | null, body: string): Availability {
  const json = (contentType ?? "").includes("application/json");
  if ((status === 404 || status === 405) && !json)
    return { status: "not_available", note: `route not found (${status})` };
  if (status >= 200 && status < 300) return { status: "available" };
  const detail = json ? body.slice(0, 160) : `${contentType ?? "no content type"}`;
  return { status: "probe_failed", note: `${status} ${detail}` };
}

export type MeasureOptions = {
  base: URL;
  token: string;
  seconds: number;
  concurrency: number;
  /**
   * Untimed load first, for reads only: the first requests of a route compile and fill caches, and
   * the ceiling (measured first) would otherwise carry the server's whole warm-up. Writes are not
   * warmed: each would add a visit and an audit row outside the measured window.
   */
  warmUpSeconds?: number;
  /** The server's CPU seconds so far (user + system), for the CPU cost per request. */
  serverCpuSeconds?: () => number;
};

export async function measureScenario(
  scenario: Scenario,
  ctx: ScenarioContext,
  options: MeasureOptions,
): Promise<Measurement> {
  assertLocal(options.base);
  const path = scenario.path(ctx);
  const headers: Record<string, string> = { accept: "application/json" };
  if (scenario.auth) headers.authorization = `Bearer ${options.token}`;
  if (scenario.body) headers["content-type"] = "application/json";
  const nextBody = scenario.body?.(ctx);
  const base = { name: scenario.name, label: scenario.label, group: scenario.group };
  const empty = { requests: 0, reqPerSec: 0, p50Ms: 0, p95Ms: 0, errors: 0 };

  const probe = await fetch(new URL(path, options.base), {
    method: scenario.method,
    headers,
    body: nextBody ? JSON.stringify(nextBody()) : undefined,
  });
  const availability = classifyProbe(probe.status, probe.headers.get("content-type"), await probe.text());
  if (availability.status !== "available")
    return {
      ...base,
      ...empty,
      status: availability.status,
      note: availability.note,
      errors: availability.status === "probe_failed" ? 1 : 0,
    };

  if (options.warmUpSeconds && !scenario.body)
    await autocannon({
      url: new URL(path, options.base).toString(),
      connections: options.concurrency,
      duration: options.warmUpSeconds,
      headers,
    });

  const latencies: number[] = [];
  const cpuBefore = options.serverCpuSeconds?.();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    // The callback form returns the running instance, whose events carry each response's time.
    const instance = autocannon(
      {
        url: new URL(path, options.base).toString(),
        connections: options.concurrency,
        duration: options.seconds,
        requests: [
          {
            method: scenario.method,
            headers,
            ...(nextBody
              ? { setupRequest: (request) => ({ ...request, body: JSON.stringify(nextBody()) }) }
              : {}),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const cpuAfter = options.serverCpuSeconds?.();
  const answered = result["2xx"] + result.non2xx;
  const serverCpuMsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || answered === 0
      ? null
      : Number((((cpuAfter - cpuBefore) * 1000) / answered).toFixed(3));
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies.length === 0
      ? 0
      : Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1));
  const elapsed = result.duration > 0 ? result.duration : options.seconds;
  return {
    ...base,
    status: "measured",
    requests: latencies.length,
    reqPerSec: Number((result["2xx"] / elapsed).toFixed(1)),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpuMsPerRequest,
  };
}
