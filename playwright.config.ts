import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium: a browser cannot be downloaded on these machines (never `playwright install`).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password-1" };

// A fresh embedded database for every run; the config is evaluated by the runner and each worker,
// so the directory is chosen once and handed down through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "registry-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test's backstop, not a measure: on a loaded 2-core machine a journey of several pages and
  // screenshots ran past 30 s (a full-page screenshot alone waited on the renderer). Passing tests
  // take no longer for it.
  timeout: 90_000,
  // A check waits for what it expects for up to 10 s: on a busy machine a first sign-in (argon2)
  // or a first render can take longer than Playwright's default 5 s. No test asserts a duration.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The production entry (server.mjs, as `npm start`). Idle connections are kept longer than the
    // test clients keep theirs: with Node's 5 s default the server could close a pooled connection
    // just as a request was sent on it (ECONNRESET).
    command: `node server.mjs -p ${PORT} --keepAliveTimeout 65000`,
    url: `http://localhost:${PORT}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      DATABASE_URL: "",
      // The test runner on this host is the declared proxy: a spec can pose as a client at an
      // address of its own with X-Forwarded-For (security-headers.spec.ts isolates its throttle so).
      // tests/e2e/client-address.spec.ts starts its own server without it.
      TRUSTED_PROXIES: "loopback",
    },
  },
});
