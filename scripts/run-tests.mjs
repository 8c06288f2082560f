#!/usr/bin/env node
// npm test: unit and API tests (vitest), then the browser tests (Playwright in Debian's Chromium).
// API tests use an in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
// The browser tests need /usr/bin/chromium (or CHROMIUM_PATH); REQUIRE_E2E=1 makes its absence fail.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const reports = mkdtempSync(path.join(tmpdir(), "registry-test-reports-"));
const totals = { passed: 0, failed: 0 };
let failedStep = null;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0 && !failedStep) failedStep = label;
  return result.status === 0;
}

// 1. Unit and API tests.
const vitestJson = path.join(reports, "vitest.json");
run("unit and API tests (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + report.numPendingTests + report.numTodoTests;
}

// 2. Browser tests.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const message =
    `Browser tests NOT run: Chromium was not found at ${chromium}.\n` +
    "Install Debian's Chromium with `sudo apt-get update && sudo apt-get install -y chromium`\n" +
    "(or set CHROMIUM_PATH). Never run `npx playwright install`.";
  console.log(`\n${message}`);
  if (process.env.REQUIRE_E2E === "1") failedStep ??= "browser tests (Chromium missing)";
} else {
  const built = existsSync(".next/BUILD_ID");
  if (process.env.E2E_SKIP_BUILD !== "1" || !built)
    run("production build for the browser tests", "npx", ["next", "build"]);
  const playwrightJson = path.join(reports, "playwright.json");
  run("browser tests (Playwright, Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  if (existsSync(playwrightJson)) {
    const stats = JSON.parse(readFileSync(playwrightJson, "utf8")).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected + stats.skipped;
  }
}

console.log(
  `\n${failedStep ? `FAILED at: ${failedStep}\n` : ""}tests: ${totals.passed} passed, ${totals.failed} failed`,
);
process.exit(failedStep || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
