import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { startOwnServer } from "./own-server";

// Its own server through the production entry (server.mjs), without TRUSTED_PROXIES, on a port the
// system picks (port 0): the address must come from the socket, whatever the client writes.
const ADMIN = { email: "socket@example.com", password: "socket-e2e-password-1" };
const DEVICE_COOKIE = "registry-device";

test("behind server.mjs the client address is the socket's: X-Forwarded-For, X-Real-IP and a forged internal header are ignored", async () => {
  test.setTimeout(120_000);
  const { server, base, dataDir } = await startOwnServer({
    admin: ADMIN,
    args: ["-H", "127.0.0.1"],
    env: { TRUSTED_PROXIES: "" },
  });
  try {
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
