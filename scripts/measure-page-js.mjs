#!/usr/bin/env node
/**
 * How much JavaScript a page makes the browser download, measured the same way every time:
 *
 *   npx next build && node scripts/measure-page-js.mjs [--path /login] [--port 3105] [--max-kb 170]
 *
 * Starts `next start` on the port (on a throwaway embedded database), loads the page in Debian's
 * Chromium through playwright-core, collects the body of every JavaScript response (by content type
 * or a .js URL) during the load, and gzips each body ITSELF with zlib at level 9: the figure does not
 * depend on whether or how the server compresses. Prints one line per file and the total in KB
 * (1 KB = 1024 bytes). With --max-kb it exits 1 when the total is above the limit (CI budget).
 * With --url it measures an already running server instead of starting one.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const NEXT_CLI = createRequire(import.meta.url).resolve("next/dist/bin/next");

const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "/login" },
    port: { type: "string", default: "3105" },
    url: { type: "string" },
    "max-kb": { type: "string" },
    quiet: { type: "boolean", default: false },
  },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const maxKb = args["max-kb"] === undefined ? undefined : Number(args["max-kb"]);
if (maxKb !== undefined && !Number.isFinite(maxKb)) throw new Error("--max-kb must be a number");

async function waitForServer(origin, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/login`, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${origin} did not answer within 120 s`);
}

function startServer(port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "registry-measure-"));
  // Node runs Next's own CLI, so the child is the server itself (with npx in between, the server
  // could outlive the process we wait for).
  const child = spawn(process.execPath, [NEXT_CLI, "start", "-p", port], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true, // its own process group, so stopping it also stops the server npx starts
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "0" },
  });
  // The server writes its last audit checkpoint and closes the database on SIGTERM: wait for it to
  // exit before removing its data directory.
  const stop = async () => {
    const exited = new Promise((resolve) =>
      child.exitCode !== null ? resolve() : child.once("exit", resolve),
    );
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { child, stop };
}

function isJavaScript(response) {
  const type = response.headers()["content-type"] ?? "";
  return /javascript/i.test(type) || new URL(response.url()).pathname.endsWith(".js");
}

async function measure(origin, pagePath) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on("response", (response) => {
      if (!isJavaScript(response)) return;
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          // What went over the wire as the server encoded it (for comparison only).
          wire: sizes.responseBodySize,
          encoding: response.headers()["content-encoding"] ?? "identity",
        })),
      );
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
    const files = await Promise.all(pending);
    // The same chunk requested twice (preload + script) counts once.
    const unique = [...new Map(files.map((file) => [file.url, file])).values()];
    return unique.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let server;
try {
  let origin = args.url;
  if (!origin) {
    origin = `http://localhost:${args.port}`;
    server = startServer(args.port);
    await waitForServer(origin, server.child);
  }
  const files = await measure(origin, args.path);
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  const rawTotal = files.reduce((sum, file) => sum + file.raw, 0);
  const wireTotal = files.reduce((sum, file) => sum + file.wire, 0);
  if (!args.quiet) {
    for (const file of files) {
      const wire = `${kb(file.wire)} KB ${file.encoding}`;
      console.log(
        `${kb(file.gzip).padStart(8)} KB gz9 ${kb(file.raw).padStart(8)} KB raw ${wire.padStart(16)} on the wire  ${file.url}`,
      );
    }
  }
  console.log(
    `${args.path}: ${files.length} JavaScript files, ${kb(total)} KB gzipped (zlib level 9), ` +
      `${kb(rawTotal)} KB uncompressed, ${kb(wireTotal)} KB as served`,
  );
  if (maxKb !== undefined && total > maxKb * 1024) {
    console.error(`Over budget: ${kb(total)} KB > ${maxKb} KB gzipped`);
    process.exitCode = 1;
  }
} finally {
  await server?.stop();
}
