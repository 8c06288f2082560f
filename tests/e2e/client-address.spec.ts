import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";

// Its own server through the production entry (server.mjs), without TRUSTED_PROXIES, on a port the
// system picks (port 0): the address must come from the socket, whatever the client writes.
const ADMIN = { email: "socket@example.com", password: "socket-e2e-password-1" };
const DEVICE_COOKIE = "registry-device";

async function started(server: ChildProcess, output: () => string): Promise<string> {
  for (let i = 0; i < 480; i++) {
    if (server.exitCode !== null) throw new Error(`server.mjs exited early:\n${output()}`);
    const ready = /> Ready on (http:\/\/\S+)/.exec(output());
    if (ready) return ready[1]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server.mjs did not start:\n${output()}`);
}

test("behind server.mjs the client address is the socket's: X-Forwarded-For, X-Real-IP and a forged internal header are ignored", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "registry-socket-"));
  let out = "";
  const server = spawn(process.execPath, ["server.mjs", "-p", "0", "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      TRUSTED_PROXIES: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  try {
    const base = await started(server, () => out);
    const login = (body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    // The admin's own browser signs in first: it gets a device cookie.
    const first = await login(ADMIN);
    expect(first.status, await first.text()).toBe(200);
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      .split(";")[0]!;

    // Ten failures, each claiming another address in every header a client can write.
    for (let i = 0; i < 10; i++) {
      const res = await login(
        { email: `sprayed-${i}@example.org`, password: "Winter2026!" },
        {
          "x-forwarded-for": `10.9.9.${i}`,
          "x-real-ip": `10.8.8.${i}`,
          "x-registry-socket-address": `10.7.7.${i}`,
        },
      );
      expect(res.status).toBe(401);
    }
    // The socket's address is throttled, whatever the next request claims…
    const spoofed = await login(ADMIN, {
      "x-forwarded-for": "10.1.1.1",
      "x-registry-socket-address": "10.1.1.2",
    });
    expect(spoofed.status).toBe(429);
    expect(Number(spoofed.headers.get("retry-after"))).toBeGreaterThan(0);
    // …and the admin's own browser still signs in (docs/decisions/0010, device cookies).
    expect((await login(ADMIN, { cookie: device })).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(143);
    const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
    try {
      const { rows } = await db.query<{ ip: string | null; n: number }>(
        "select ip_address as ip, count(*)::int as n from audit_logs where action = 'login' group by ip_address",
      );
      expect(rows).toEqual([{ ip: "127.0.0.1", n: 12 }]);
    } finally {
      await db.close();
    }
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
