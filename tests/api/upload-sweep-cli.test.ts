/**
 * `npm run uploads:sweep` as an operator runs it: a separate process, refused while a live process
 * holds the embedded database (PGlite allows one), and reporting what it swept otherwise.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "registry-sweep-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function sweepCli(env: NodeJS.ProcessEnv) {
  try {
    const result = await run("npx", ["tsx", "--conditions=react-server", "scripts/uploads-sweep.ts"], {
      env,
    });
    return { code: 0, out: result.stdout + result.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe("npm run uploads:sweep", () => {
  it("refuses an embedded database another live process holds (exit 2)", async () => {
    // This test process plays the running server: its pid holds the lock.
    writeFileSync(path.join(dataDir, "registry.lock"), String(process.pid));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const result = await sweepCli(env);
    expect(result.code, result.out).toBe(2);
    expect(result.out).toContain("is in use by another process");
  });

  it("sweeps the configured database and says how many files went (exit 0)", async () => {
    // The test file's own database (PostgreSQL or an in-memory PGlite), with the grace period set.
    const result = await sweepCli({ ...process.env, NODE_ENV: "production", UPLOAD_GRACE_HOURS: "48" });
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/Upload sweep: 0 file\(s\) older than 48 h and named nowhere deleted\./);
  });
});
