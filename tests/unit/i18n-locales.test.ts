import { describe, expect, it } from "vitest";
import { chooseLocale, negotiateLocale } from "@/lib/i18n/locales";
import { studyCodeOfPath } from "@/lib/routes";

describe("negotiateLocale (Accept-Language)", () => {
  it.each([
    ["it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", "it"],
    ["en-GB,en;q=0.9,it;q=0.8", "en"],
    ["de-DE,de;q=0.9,it;q=0.5,en;q=0.4", "it"],
    ["en;q=0.2, it;q=0.8", "it"],
    ["IT", "it"],
    ["it;q=0, en", "en"],
    ["fr, *;q=0.1", "en"],
    ["fr, de", null],
    ["", null],
    [null, null],
    ["it;q=bogus", "it"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe("chooseLocale", () => {
  it("prefers the user's choice, then the study's default, then the browser, then English", () => {
    expect(chooseLocale({ preference: "it", studyDefault: "en", acceptLanguage: "en" })).toBe("it");
    expect(chooseLocale({ preference: null, studyDefault: "it", acceptLanguage: "en" })).toBe("it");
    expect(chooseLocale({ preference: "xx", studyDefault: null, acceptLanguage: "it-CH" })).toBe("it");
    expect(chooseLocale({ preference: null, studyDefault: null, acceptLanguage: "fr" })).toBe("en");
    expect(chooseLocale({})).toBe("en");
  });
});

describe("studyCodeOfPath", () => {
  it.each([
    ["/psoriasis", "psoriasis"],
    ["/psoriasis/patients/3", "psoriasis"],
    ["/patients?study=psoriasis", "psoriasis"],
    ["/patients/4?study=derm_1", "derm_1"],
    ["/patients", null],
    ["/admin/studies/3/edit", null],
    ["/login?returnUrl=%2Fpsoriasis", null],
    ["/", null],
  ])("%s → %s", (path, code) => {
    expect(studyCodeOfPath(path)).toBe(code);
  });
});
