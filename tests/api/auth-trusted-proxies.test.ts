// The deployment declares its proxies. lib/env.ts parses the environment once, at its first use
// (the database set-up before the first test), which runs after this module's body.
process.env.TRUSTED_PROXIES = "192.0.2.1, 10.20.0.0/16";

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { SOCKET_TLS_HEADER } from "@/lib/server/api/client-address";
import { call, cookieFor, createUser } from "./helpers";
import { browserSignIn } from "./next-auth-helpers";

const PROXY = "192.0.2.1";

async function signInVia(socket: string, headers: Record<string, string>) {
  const user = await createUser();
  const res = await call(login, {
    method: "POST",
    path: "/api/auth/login",
    body: { email: user.email, password: "wrong-password-9" },
    address: socket,
    headers,
  });
  expect(res.status).toBe(401);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "login"), eq(auditLogs.entityId, String(user.id))));
  return row!.ipAddress;
}

describe("TRUSTED_PROXIES: only a declared proxy's X-Forwarded-For is believed", () => {
  it("takes the address the declared proxy appended, and nothing the client wrote before it", async () => {
    expect(await signInVia(PROXY, { "x-forwarded-for": "6.6.6.6, 203.0.113.9" })).toBe("203.0.113.9");
    // Through two declared hops (a CIDR range and the address).
    expect(await signInVia(PROXY, { "x-forwarded-for": "6.6.6.6, 203.0.113.10, 10.20.3.4" })).toBe(
      "203.0.113.10",
    );
  });

  it("ignores the header from an undeclared peer: the socket's address is the client's", async () => {
    expect(await signInVia("192.0.2.2", { "x-forwarded-for": "203.0.113.9" })).toBe("192.0.2.2");
  });

  it("a trailing comma or X-Real-IP never decides: the hop that passed them on is the address", async () => {
    expect(await signInVia(PROXY, { "x-forwarded-for": "203.0.113.9," })).toBe(PROXY);
    expect(await signInVia(PROXY, { "x-forwarded-for": "", "x-real-ip": "203.0.113.9" })).toBe(PROXY);
    expect(await signInVia("192.0.2.3", { "x-real-ip": "203.0.113.9" })).toBe("192.0.2.3");
  });
});

describe("Secure cookies behind an https proxy without NEXTAUTH_URL", () => {
  it("sets the session cookie Secure (__Secure- name) when the declared proxy says https, not when a client does", async () => {
    const user = await createUser();
    const viaProxy = await browserSignIn(user.email, user.password, PROXY, undefined, {
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.40",
    });
    const secure = viaProxy.cookies?.find((c) => c.name.endsWith("next-auth.session-token"));
    expect(secure).toMatchObject({ name: "__Secure-next-auth.session-token", options: { secure: true } });
    expect(viaProxy.setCookies.find((c) => c.startsWith("registry-device="))).toMatch(/; Secure$/);

    const direct = await browserSignIn(user.email, user.password, "192.0.2.5", undefined, {
      "x-forwarded-proto": "https",
    });
    const plain = direct.cookies?.find((c) => c.name.endsWith("next-auth.session-token"));
    expect(plain).toMatchObject({ name: "next-auth.session-token", options: { secure: false } });
  });

  it("a TLS socket makes cookies Secure; the logout's clearing cookie matches", async () => {
    const user = await createUser();
    const { cookie } = await cookieFor(user);
    const res = await call(logout, {
      method: "POST",
      path: "/api/auth/logout",
      address: "192.0.2.6",
      headers: { cookie, origin: "https://localhost:3000", host: "localhost:3000", [SOCKET_TLS_HEADER]: "1" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([
      "__Secure-next-auth.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    ]);
  });
});

describe("POST /api/auth/session", () => {
  it("answers 405 with a JSON detail and Allow: GET (not a 400 reading [object Object])", async () => {
    // The route's own type is NextRequest; a plain Request is what Next hands it at run time.
    const res = await call(nextAuthPost as unknown as (req: Request) => Promise<Response>, {
      method: "POST",
      path: "/api/auth/session",
      params: { nextauth: ["session"] },
      body: { data: { role: "superadmin" } },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json).toEqual({
      detail: "The session is read with GET; it cannot be changed through this endpoint",
    });
  });
});
