import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { PASSWORD_MESSAGES } from "@/lib/server/auth/password-policy";
import { inEnglish } from "@/tests/support/words-in";

afterEach(() => {
  delete process.env.ADMIN_PASSWORD;
});

describe("password policy on the first-admin bootstrap (ADMIN_PASSWORD)", () => {
  it.each([
    ["password1", inEnglish(PASSWORD_MESSAGES.common)],
    ["xxxxxxxxxx", inEnglish(PASSWORD_MESSAGES.repeated)],
  ])("refuses to create the first superadmin with ADMIN_PASSWORD=%j", async (password, message) => {
    const db = await getDb();
    expect(await db.$count(users)).toBe(0);
    process.env.ADMIN_PASSWORD = password;
    // lib/env caches the environment: load the bootstrap afresh so it reads this ADMIN_PASSWORD.
    vi.resetModules();
    const { ensureFirstAdmin } = await import("@/lib/server/bootstrap/first-admin");
    await expect(ensureFirstAdmin(db)).rejects.toThrow(`ADMIN_PASSWORD is refused: ${message}`);
    expect(await db.$count(users)).toBe(0);
  });
});
