import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { getDb } from "@/db/client";
import { authSessions } from "@/db/schema";
import { authSecret } from "@/lib/server/auth/secret";
import { call, cookieFor, createUser } from "./helpers";
import { nextAuth } from "./next-auth-helpers";

const idleFor = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("POST /api/auth/refresh respects the 30-minute idle limit", () => {
  it("refuses to revive an API session idle for more than 30 minutes", async () => {
    const user = await createUser();
    const tokens = await call(login, {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    const db = await getDb();
    const [session] = await db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    await db
      .update(authSessions)
      .set({ lastSeenAt: idleFor(31) })
      .where(eq(authSessions.id, session!.id));

    const res = await call(refresh, { method: "POST", body: { refresh_token: tokens.json.refresh_token } });
    expect(res).toMatchObject({ status: 401, json: { detail: "Invalid or expired refresh token" } });
    const [after] = await db.select().from(authSessions).where(eq(authSessions.id, session!.id));
    expect(after!.lastSeenAt.getTime()).toBeLessThan(idleFor(30).getTime()); // not touched
  });

  it("still refreshes a session idle for less than 30 minutes", async () => {
    const user = await createUser();
    const tokens = await call(login, {
      method: "POST",
      body: { email: user.email, password: user.password },
    });
    const db = await getDb();
    await db
      .update(authSessions)
      .set({ lastSeenAt: idleFor(29) })
      .where(eq(authSessions.userId, user.id));
    const res = await call(refresh, { method: "POST", body: { refresh_token: tokens.json.refresh_token } });
    expect(res.status).toBe(200);
    expect(
      (await call(me, { headers: { authorization: `Bearer ${String(res.json.access_token)}` } })).status,
    ).toBe(200);
  });
});

describe("GET /api/auth/session (next-auth) answers only for a live session", () => {
  async function sessionFor(cookie: string) {
    return nextAuth("session", { headers: { cookie } });
  }

  it("answers the user id of a live session, and neither name nor email", async () => {
    const user = await createUser();
    const { cookie } = await cookieFor(user);
    const res = await sessionFor(cookie);
    expect(res.body).toMatchObject({ user: { id: String(user.id) } });
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    expect(JSON.stringify(res.body)).not.toContain(user.fullName);
  });

  it("answers nothing for an idle-expired cookie, even one carrying a name and email, and clears it", async () => {
    const user = await createUser();
    const { sessionId } = await cookieFor(user);
    // A cookie as next-auth's defaults used to write it, with the name and email inside.
    const token = await encode({
      token: { sub: String(user.id), sid: sessionId, name: user.fullName, email: user.email },
      secret: authSecret(),
    });
    const cookie = `next-auth.session-token=${token}`;
    expect((await sessionFor(cookie)).body).toMatchObject({ user: { id: String(user.id) } });

    const db = await getDb();
    await db
      .update(authSessions)
      .set({ lastSeenAt: idleFor(31) })
      .where(eq(authSessions.id, sessionId));
    const res = await sessionFor(cookie);
    expect(res.body).toEqual({});
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    const cleared = res.cookies?.find((c) => c.name === "next-auth.session-token");
    expect(cleared?.value).toBe("");
  });

  it("answers nothing for a revoked (signed-out) session", async () => {
    const user = await createUser();
    const { cookie, sessionId } = await cookieFor(user);
    const db = await getDb();
    await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, sessionId));
    expect((await sessionFor(cookie)).body).toEqual({});
  });

  it("does not count as activity: polling the session endpoint keeps no session alive", async () => {
    const user = await createUser();
    const { cookie, sessionId } = await cookieFor(user);
    const db = await getDb();
    await db
      .update(authSessions)
      .set({ lastSeenAt: idleFor(20) })
      .where(eq(authSessions.id, sessionId));
    await sessionFor(cookie);
    const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(row!.lastSeenAt.getTime()).toBeLessThan(idleFor(19).getTime());
  });
});
