/** PUT /api/auth/me/locale: a user's own language (docs/decisions/0021). */
import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { PUT as setLocale } from "@/app/api/auth/me/locale/route";
import { auditRowsFor, call } from "./helpers";
import { callerFor } from "./clinical-fixtures";

describe("a user's own language", () => {
  it("is saved, shown by /api/auth/me, audited once per change, and cleared with null", async () => {
    const user = await callerFor();
    expect((await call(me, { headers: user.headers })).json.locale).toBeNull();
    const chosen = await call(setLocale, { method: "PUT", headers: user.headers, body: { locale: "it" } });
    expect([chosen.status, chosen.json.locale]).toEqual([200, "it"]);
    expect((await call(me, { headers: user.headers })).json.locale).toBe("it");
    // The same choice again changes nothing and is not audited again.
    expect(
      (await call(setLocale, { method: "PUT", headers: user.headers, body: { locale: "it" } })).status,
    ).toBe(200);
    const cleared = await call(setLocale, { method: "PUT", headers: user.headers, body: { locale: null } });
    expect([cleared.status, cleared.json.locale]).toEqual([200, null]);
    const rows = (await auditRowsFor("user", user.userId)).filter(
      (r) => r.reason === "Language chosen by the user",
    );
    expect(rows.map((r) => [r.oldValues, r.newValues])).toEqual([
      [{ locale: null }, { locale: "it" }],
      [{ locale: "it" }, { locale: null }],
    ]);
  });

  it("refuses a language the registry does not speak, and anyone not signed in", async () => {
    const user = await callerFor();
    const bad = await call(setLocale, { method: "PUT", headers: user.headers, body: { locale: "fr" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain("locale must be one of: en, it, or null");
    const extra = await call(setLocale, {
      method: "PUT",
      headers: user.headers,
      body: { locale: "it", role: "x" },
    });
    expect(extra.status).toBe(422);
    expect((await call(setLocale, { method: "PUT", body: { locale: "it" } })).status).toBe(401);
  });
});
