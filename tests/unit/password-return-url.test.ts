import { describe, expect, it } from "vitest";
import { changePasswordUrl, DEFAULT_AFTER_LOGIN, passwordReturnUrl } from "@/lib/routes";

describe("the password page leads back to where the user came from", () => {
  it("the user menu's link carries the current page", () => {
    expect(changePasswordUrl("/psoriasis/patients?page=2")).toBe(
      "/admin/account/password?returnUrl=%2Fpsoriasis%2Fpatients%3Fpage%3D2",
    );
  });

  it("takes its returnUrl first, then a Referer on this host", () => {
    expect(passwordReturnUrl("/admin/users", "https://reg.example.org/psoriasis", "reg.example.org")).toBe(
      "/admin/users",
    );
    expect(
      passwordReturnUrl(undefined, "https://reg.example.org/psoriasis/patients?page=2", "reg.example.org"),
    ).toBe("/psoriasis/patients?page=2");
  });

  it("never another site, never itself, else the studies list", () => {
    expect(passwordReturnUrl("//evil.example/x", null, "reg.example.org")).toBe(DEFAULT_AFTER_LOGIN);
    expect(passwordReturnUrl("https://evil.example/x", null, "reg.example.org")).toBe(DEFAULT_AFTER_LOGIN);
    expect(passwordReturnUrl(undefined, "https://evil.example/psoriasis", "reg.example.org")).toBe(
      DEFAULT_AFTER_LOGIN,
    );
    expect(passwordReturnUrl(undefined, "not a url", "reg.example.org")).toBe(DEFAULT_AFTER_LOGIN);
    expect(passwordReturnUrl("/admin/account/password?returnUrl=%2Fx", null, "reg.example.org")).toBe(
      DEFAULT_AFTER_LOGIN,
    );
    expect(
      passwordReturnUrl(undefined, "https://reg.example.org/admin/account/password", "reg.example.org"),
    ).toBe(DEFAULT_AFTER_LOGIN);
    expect(passwordReturnUrl(undefined, null, null)).toBe(DEFAULT_AFTER_LOGIN);
  });
});
