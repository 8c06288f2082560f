import { describe, expect, it } from "vitest";
import { routePage, safeReturnUrl } from "@/lib/routes";

describe("routePage (proxy.ts decisions)", () => {
  it("sends / to the studies or to login", () => {
    expect(routePage("/", "/", true)).toEqual({ redirect: "/admin/studies" });
    expect(routePage("/", "/", false)).toEqual({ redirect: "/login" });
  });

  it("sends signed-out visitors of the admin area to login with the path as returnUrl", () => {
    expect(routePage("/admin/studies?x=1", "/admin/studies", false)).toEqual({
      redirect: "/login?returnUrl=%2Fadmin%2Fstudies%3Fx%3D1",
    });
  });

  it("sends unknown paths to the studies when signed in, else to login with returnUrl", () => {
    expect(routePage("/no/such/page", "/no/such/page", true)).toEqual({ redirect: "/admin/studies" });
    expect(routePage("/no/such/page", "/no/such/page", false)).toEqual({
      redirect: "/login?returnUrl=%2Fno%2Fsuch%2Fpage",
    });
  });

  it("lets /login and known pages through", () => {
    expect(routePage("/login", "/login", false)).toEqual({ next: true });
    expect(routePage("/admin/studies", "/admin/studies", true)).toEqual({ next: true });
  });
});

describe("safeReturnUrl", () => {
  it.each([
    [null, "/admin/studies"],
    ["", "/admin/studies"],
    ["/admin/studies?tab=1", "/admin/studies?tab=1"],
    ["https://evil.example/", "/admin/studies"],
    ["//evil.example", "/admin/studies"],
    ["/\\evil.example", "/admin/studies"],
    ["/login?returnUrl=/x", "/admin/studies"],
  ])("%s → %s", (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});
