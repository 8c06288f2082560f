import { describe, expect, it } from "vitest";
import {
  routePage,
  safeReturnUrl,
  studyCodeOfPath,
  studyKeyFromPath,
  studySubdomain,
  subdomainRewrite,
} from "@/lib/routes";

describe("routePage (proxy.ts decisions)", () => {
  it("lets / (the landing, decided by its page) through when signed in, else sends it to login", () => {
    expect(routePage("/", "/", true)).toEqual({ next: true });
    expect(routePage("/", "/", false)).toEqual({ redirect: "/login" });
  });

  it("sends signed-out visitors of the admin area to login with the path as returnUrl", () => {
    expect(routePage("/admin/studies?x=1", "/admin/studies", false)).toEqual({
      redirect: "/login?returnUrl=%2Fadmin%2Fstudies%3Fx%3D1",
    });
  });

  it("sends unknown paths to the landing when signed in, else to login with returnUrl", () => {
    expect(routePage("/no/such/page", "/no/such/page", true)).toEqual({ redirect: "/" });
    expect(routePage("/no/such/page", "/no/such/page", false)).toEqual({
      redirect: "/login?returnUrl=%2Fno%2Fsuch%2Fpage",
    });
  });

  it("lets /login and known pages through", () => {
    expect(routePage("/login", "/login", false)).toEqual({ next: true });
    expect(routePage("/admin/studies", "/admin/studies", true)).toEqual({ next: true });
  });

  it("knows the users, team, medical-group and password pages (decision 0004)", () => {
    for (const path of [
      "/admin/users",
      "/admin/studies/3/team",
      "/admin/studies/3/medical-groups",
      "/admin/account/password",
      // The second factor (decision 0033): the page a required enrolment sends users to.
      "/admin/account/two-factor",
    ])
      expect(routePage(path, path, true)).toEqual({ next: true });
    for (const path of ["/admin/studies/x/team", "/admin/users/3", "/admin/account"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });

  it("knows the homepage content page (decision 0014), and not its near misses", () => {
    expect(routePage("/admin/studies/3/content", "/admin/studies/3/content", true)).toEqual({ next: true });
    for (const path of [
      "/admin/studies/x/content",
      "/admin/studies/3/contents",
      "/admin/studies/3/content/1",
    ])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });
});

describe("safeReturnUrl", () => {
  it.each([
    [null, "/"],
    ["", "/"],
    ["/admin/studies?tab=1", "/admin/studies?tab=1"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/login?returnUrl=/x", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});

describe("study resolution", () => {
  it("knows the patient list and detail, by path and with ?study=", () => {
    for (const path of ["/psoriasis/patients", "/psoriasis/patients/12", "/patients", "/patients/12"])
      expect(routePage(path, path, true)).toEqual({ next: true });
    for (const path of ["/admin/patients", "/users/patients", "/psoriasis/patients/x", "/patients/x"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });

  it("knows a study's Queries page (decision 0030), under a study only", () => {
    expect(routePage("/psoriasis/queries", "/psoriasis/queries", true)).toEqual({ next: true });
    for (const path of ["/admin/queries", "/my-studies/queries", "/psoriasis/queries/1"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });

  it("knows a study's SDV page (decision 0031), under a study only", () => {
    expect(routePage("/psoriasis/sdv", "/psoriasis/sdv", true)).toEqual({ next: true });
    for (const path of ["/admin/sdv", "/my-studies/sdv", "/psoriasis/sdv/1"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });

  it("knows a study's Imports page (decision 0037), under a study only", () => {
    expect(routePage("/psoriasis/imports", "/psoriasis/imports", true)).toEqual({ next: true });
    for (const path of ["/admin/imports", "/my-studies/imports", "/psoriasis/imports/1"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
  });

  it("treats a single non-reserved segment as a study page; reserved ones are unknown", () => {
    expect(routePage("/psoriasis", "/psoriasis", true)).toEqual({ next: true });
    for (const reserved of ["/users", "/logout"])
      expect(routePage(reserved, reserved, true)).toEqual({ redirect: "/" });
    expect(routePage("/psoriasis", "/psoriasis", false)).toEqual({
      redirect: "/login?returnUrl=%2Fpsoriasis",
    });
  });

  it("knows My studies, and never reads it as a study code (decision 0029)", () => {
    expect(routePage("/my-studies", "/my-studies", true)).toEqual({ next: true });
    expect(routePage("/my-studies", "/my-studies", false)).toEqual({
      redirect: "/login?returnUrl=%2Fmy-studies",
    });
    for (const path of ["/my-studies/patients", "/my-studies/export", "/my-studies/1"])
      expect(routePage(path, path, true)).toEqual({ redirect: "/" });
    expect(studyKeyFromPath("/my-studies", new URLSearchParams())).toBeNull();
    expect(studyCodeOfPath("/my-studies")).toBeNull();
    expect(studySubdomain("my-studies.localhost", undefined)).toBeNull();
  });

  it("takes the study from ?study=, else from the first segment unless reserved", () => {
    expect(studyKeyFromPath("/patients", new URLSearchParams("study=psoriasis"))).toBe("psoriasis");
    expect(studyKeyFromPath("/psoriasis/patients/3", new URLSearchParams())).toBe("psoriasis");
    for (const path of ["/admin/studies", "/users", "/login", "/logout", "/"])
      expect(studyKeyFromPath(path, new URLSearchParams())).toBeNull();
  });

  it("finds the study subdomain on localhost and on the configured base domain", () => {
    expect(studySubdomain("psoriasis.localhost:3000", undefined)).toBe("psoriasis");
    expect(studySubdomain("localhost:3000", undefined)).toBeNull();
    expect(studySubdomain("psoriasis.registry.example.org", "registry.example.org")).toBe("psoriasis");
    expect(studySubdomain("registry.example.org", "registry.example.org")).toBeNull();
    expect(studySubdomain("www.localhost", undefined)).toBeNull();
    expect(studySubdomain("admin.localhost", undefined)).toBeNull();
  });

  it("rewrites the root and the patient pages of a study subdomain", () => {
    expect(subdomainRewrite("/", "psoriasis")).toBe("/psoriasis");
    expect(subdomainRewrite("/patients/4", "psoriasis")).toBe("/psoriasis/patients/4");
    expect(subdomainRewrite("/admin/studies", "psoriasis")).toBeNull();
    expect(subdomainRewrite("/login", "psoriasis")).toBeNull();
    expect(subdomainRewrite("/psoriasis", "psoriasis")).toBeNull();
  });
});
