import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTypedNumber } from "@/lib/forms";
import { formatFor } from "@/lib/i18n/format";
import { LOCALES } from "@/lib/i18n/locales";

// A number written for a field (formatFor(locale).exact) and typed back is the same number,
// in either language (docs/decisions/0021).
describe("parseTypedNumber", () => {
  it("reads back any finite number written for a field, in either locale", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(...LOCALES),
        (n, locale) => {
          expect(Object.is(parseTypedNumber(formatFor(locale).exact(n), locale), n)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads back integers and short decimals, the numbers people type most", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        (whole, places) => {
          const n = whole / 10 ** places;
          for (const locale of LOCALES) expect(parseTypedNumber(formatFor(locale).exact(n), locale)).toBe(n);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("takes an Italian decimal comma as the decimal point", () => {
    expect(parseTypedNumber("1,5", "it")).toBe(1.5);
    expect(parseTypedNumber("-0,25", "it")).toBe(-0.25);
    expect(parseTypedNumber(",5", "it")).toBe(0.5);
    expect(parseTypedNumber("1,5e3", "it")).toBe(1500);
    expect(parseTypedNumber(" 12,3 ", "it")).toBe(12.3);
  });

  it("takes an Italian point where it cannot be a thousands separator", () => {
    expect(parseTypedNumber("1.5", "it")).toBe(1.5);
    expect(parseTypedNumber("0.500", "it")).toBe(0.5);
    expect(parseTypedNumber("1.2345", "it")).toBe(1.2345);
    expect(parseTypedNumber("1234.567", "it")).toBe(1234.567);
    expect(parseTypedNumber("1.500", "it")).toBeUndefined();
    expect(parseTypedNumber("-12.345", "it")).toBeUndefined();
    expect(parseTypedNumber("999.000e2", "it")).toBeUndefined();
  });

  it("refuses thousands separators and both separators together, in either locale", () => {
    for (const locale of LOCALES) {
      expect(parseTypedNumber("1.234,5", locale)).toBeUndefined();
      expect(parseTypedNumber("1,234.5", locale)).toBeUndefined();
      expect(parseTypedNumber("1 234", locale)).toBeUndefined();
      expect(parseTypedNumber("1,2,3", locale)).toBeUndefined();
      expect(parseTypedNumber("", locale)).toBeUndefined();
      expect(parseTypedNumber("abc", locale)).toBeUndefined();
      expect(parseTypedNumber("1e999", locale)).toBeUndefined();
    }
  });

  it("keeps the English rule: a point, never a comma", () => {
    expect(parseTypedNumber("1.5", "en")).toBe(1.5);
    expect(parseTypedNumber("1.500", "en")).toBe(1.5);
    expect(parseTypedNumber("1,5", "en")).toBeUndefined();
    expect(parseTypedNumber("1,500", "en")).toBeUndefined();
  });
});
