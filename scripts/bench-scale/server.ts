/**
 * The production server under test: `server.mjs` (what `npm start` runs: Next behind the entry that
 * hands the app the socket's address) on a free port of the bench range, its readiness, its peak
 * memory, its stop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const BENCH_PORTS = [3121, 3122, 3123, 3124, 3125, 3126, 3127, 3128, 3129];

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(ports = BENCH_PORTS): Promise<number> {
  for (const port of ports) if (await portFree(port)) return port;
  throw new Error(`No free port among ${ports.join(", ")}`);
}

/** Kilobytes of one /proc/<pid>/status field, 0 when the process is gone. */
function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux for decades). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU seconds of one process, 0 when it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pid and its descendants (the server serves in-process today; a worker would count too). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export type AppServer = {
  base: URL;
  pid: number;
  /** Highest resident memory seen (sum over the process tree, sampled every 250 ms), and VmHWM. */
  peakRss: () => { sampledMb: number; hwmMb: number };
  /** Resident memory now (sum over the process tree). */
  rssMb: () => number;
  /** Starts a measuring window: the returned function gives the highest RSS (MB) sampled since. */
  markPeak: () => () => number;
  /** CPU seconds (user + system) used so far by the server's process tree. */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
  output: () => string;
};

export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  nodeArgs: string[] = [],
): Promise<AppServer> {
  const entry = path.join(process.cwd(), "server.mjs");
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, entry, "-p", String(port), "-H", "127.0.0.1"],
    {
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const pid = child.pid!;
  let peakKb = 0;
  let hwmKb = 0;
  const windows = new Set<{ peakKb: number }>();
  const rssKb = () => processTree(pid).reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0);
  const sampler = setInterval(() => {
    const tree = processTree(pid);
    const nowKb = tree.reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0);
    peakKb = Math.max(peakKb, nowKb);
    for (const window of windows) window.peakKb = Math.max(window.peakKb, nowKb);
    hwmKb = Math.max(hwmKb, ...tree.map((p) => statusKb(p, "VmHWM")));
  }, 250);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = new URL(`http://127.0.0.1:${port}`);

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      clearInterval(sampler);
      throw new Error(`server.mjs exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const response = await fetch(new URL("/api/health", base));
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        clearInterval(sampler);
        child.kill("SIGTERM");
        throw new Error(`server.mjs did not answer within 180 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  return {
    base,
    pid,
    peakRss: () => ({ sampledMb: Math.round(peakKb / 1024), hwmMb: Math.round(hwmKb / 1024) }),
    rssMb: () => Math.round(rssKb() / 1024),
    markPeak: () => {
      const window = { peakKb: rssKb() };
      windows.add(window);
      return () => Math.round(window.peakKb / 1024);
    },
    cpuSeconds: () => processTree(pid).reduce((sum, p) => sum + cpuSecondsOf(p), 0),
    output: () => log,
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
