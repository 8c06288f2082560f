import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, safeReturnUrl } from "@/lib/routes";

// Values as the login form receives them: URLSearchParams.get() has already percent-decoded the
// query string once, so "%09" in the address bar arrives here as a real tab.
const BYPASSES: string[] = [
  "/\t/evil.example/x", // the reported finding: /login?returnUrl=/%09/evil.example/x
  "/\n/evil.example/x",
  "/\r\n/evil.example/x",
  "/\r/evil.example/x",
  "\t//evil.example",
  "/\t\t/evil.example",
  "//evil.example",
  "//evil.example/admin/studies",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5cevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "http://evil.example/admin/studies",
  "https:evil.example",
  "http:/evil.example",
  "//user@evil.example",
  "/@evil.example", // harmless path, but kept: see below (passes as a path on our origin)
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "/ /evil.example",
  " //evil.example",
  "/\u3000/evil.example", // ideographic space
  "/\uFF0Fevil.example", // fullwidth solidus
  "\uFF0F\uFF0Fevil.example",
  "/\u2215evil.example", // division slash
  "/\u2044evil.example", // fraction slash
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "evil.example",
  "evil.example/admin",
  ".//evil.example",
  "../evil.example",
  "?returnUrl=//evil.example",
  "#//evil.example",
  "/login",
  "/login?returnUrl=//evil.example",
  "/login/",
  "/" + "a".repeat(3000),
  "",
];

// "/@evil.example" stays on our origin (a path segment named "@evil.example"): it must pass as that path.
const STAYS_LOCAL = new Set(["/@evil.example"]);

const LEGIT: [string, string][] = [
  ["/admin/studies", "/admin/studies"],
  ["/admin/studies?view=cards", "/admin/studies?view=cards"],
  ["/admin/studies/12/edit", "/admin/studies/12/edit"],
  ["/admin/studies/12/edit#visit-types", "/admin/studies/12/edit#visit-types"],
  ["/psoriasis", "/psoriasis"],
  ["/psoriasis/patients/3?tab=visits&x=1", "/psoriasis/patients/3?tab=visits&x=1"],
  ["/search?q=a%20b%2Fc", "/search?q=a%20b%2Fc"],
  ["/admin/./studies", "/admin/studies"],
  ["/admin/studies/new/../", "/admin/studies/"],
  ["/@evil.example", "/@evil.example"],
];

describe("safeReturnUrl refuses every known open-redirect form", () => {
  const refused = BYPASSES.filter((value) => !STAYS_LOCAL.has(value));

  it("has a corpus of at least 30 bypass forms", () => {
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });

  it.each(refused.map((value) => [JSON.stringify(value), value]))("%s → /admin/studies", (_label, value) => {
    expect(safeReturnUrl(value)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it("never returns something a browser would resolve to another origin", () => {
    for (const value of BYPASSES) {
      const target = new URL(safeReturnUrl(value), "https://registry.example.org");
      expect(target.origin, JSON.stringify(value)).toBe("https://registry.example.org");
    }
  });

  it("refuses null and undefined", () => {
    expect(safeReturnUrl(null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnUrl(undefined)).toBe(DEFAULT_AFTER_LOGIN);
  });
});

describe("safeReturnUrl keeps same-origin paths", () => {
  it.each(LEGIT)("%s → %s", (value, expected) => {
    expect(safeReturnUrl(value)).toBe(expected);
  });
});
