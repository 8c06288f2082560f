import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { startOwnServer } from "./own-server";

// Its own server (not the config's): this test stops it.
const ADMIN = { email: "stop@example.com", password: "shutdown-e2e-password-1" };

/** A normal stop lost the last audit checkpoint and left PGlite to crash recovery. */
test("SIGTERM writes the checkpoint of the last audit row and closes the embedded database", async () => {
  test.setTimeout(120_000);
  const { server, base: BASE, dataDir, output } = await startOwnServer({ admin: ADMIN });
  try {
    // One audited write (a sign-in), then a normal stop well within the 5 s checkpoint interval.
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status, await login.text()).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    // The process that holds the embedded database is the one to stop (as Docker or systemd would).
    const serverPid = Number(readFileSync(path.join(dataDir, "registry.lock"), "utf8"));
    process.kill(serverPid, "SIGTERM");
    await exited;
    await expect.poll(() => isAlive(serverPid), { timeout: 15_000 }).toBe(false);
    expect(existsSync(path.join(dataDir, "registry.lock"))).toBe(false);

    const lines = readFileSync(path.join(dataDir, "audit-checkpoints.log"), "utf8").trim().split("\n");
    const last = JSON.parse(lines.at(-1)!) as { lastId: number; rows: number; reason: string };
    const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
    try {
      const { rows } = await db.query<{ id: number; n: number }>(
        "select max(id)::int as id, count(*)::int as n from audit_logs",
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2); // the first admin's creation and the sign-in
      expect(last).toMatchObject({ lastId: rows[0]!.id, rows: rows[0]!.n });
    } finally {
      await db.close();
    }
    expect(output(), output()).not.toContain(
      "Shutdown: the last audit checkpoint or the database close failed",
    );
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
