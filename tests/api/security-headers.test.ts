import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { GET as listStudies } from "@/app/api/studies/route";
import { call, cookieFor, createUser } from "./helpers";

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("permissions-policy")).toContain("camera=()");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("cache-control")).toBe("no-store");
  expect(headers.get("x-request-id")).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
}

describe("security headers on every API answer", () => {
  it("on successes, refusals, validation errors and 401s alike", async () => {
    const user = await createUser();
    const ok = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
    const answers = [
      ok,
      await call(login, { method: "POST", body: { email: "" } }),
      await call(login, { method: "POST", rawBody: "{" }),
      await call(me),
      await call(me, { headers: { authorization: `Bearer ${String(ok.json.access_token)}` } }),
      await call(listStudies, { headers: { authorization: `Bearer ${String(ok.json.access_token)}` } }),
      await call(openapi),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 422, 422, 401, 200, 200, 200]);
    for (const answer of answers) expectSecurityHeaders(answer.headers);
    const ids = new Set(answers.map((a) => a.headers.get("x-request-id")));
    expect(ids.size).toBe(answers.length);
  });

  it("ignores a client's own X-Request-Id", async () => {
    const res = await call(me, { headers: { "x-request-id": "forged-by-client" } });
    expect(res.headers.get("x-request-id")).not.toBe("forged-by-client");
    expectSecurityHeaders(res.headers);
  });

  it("adds HSTS only when served over https", async () => {
    expect((await call(me)).headers.get("strict-transport-security")).toBeNull();
    const https = await call(me, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("the CSRF check compares the scheme as well as the host", () => {
  it("refuses an Origin on the same host with another scheme, accepts the exact origin", async () => {
    const user = await createUser();
    const { cookie } = await cookieFor(user);
    const downgraded = await call(logoutRoute, {
      method: "POST",
      headers: {
        cookie,
        origin: "http://localhost:3000",
        host: "localhost:3000",
        "x-forwarded-proto": "https",
      },
    });
    expect(downgraded).toMatchObject({ status: 403, json: { detail: "Cross-site request refused" } });
    const upgraded = await call(logoutRoute, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://localhost:3000",
        host: "localhost:3000",
        "x-forwarded-proto": "http",
      },
    });
    expect(upgraded.status).toBe(403);
    const otherPort = await call(logoutRoute, {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3001", host: "localhost:3000" },
    });
    expect(otherPort.status).toBe(403);
    const same = await call(logoutRoute, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://localhost:3000",
        host: "localhost:3000",
        "x-forwarded-proto": "https",
      },
    });
    expect(same.status).toBe(200);
  });
});
