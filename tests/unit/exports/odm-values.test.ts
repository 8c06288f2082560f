/**
 * The two text rules of the ODM writer (decision 0016): XML escaping that no string can break, and
 * numbers in plain decimal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXml } from "@/lib/exports/odm";
import { formatOdmValue, plainDecimal } from "@/lib/exports/odm/odm-values";
import { parseXml } from "./odm-fixture";

/** What XML 1.0 can carry: everything but C0 controls (except tab, LF, CR), lone surrogates, U+FFFE/FFFF. */
const xmlSafe = (text: string) =>
  text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\uFFFD",
  );

/** Any UTF-16 string, lone surrogates included (fast-check's string units only make valid ones). */
const anyUtf16 = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0xd7f0, max: 0xe010 }),
      fc.integer({ min: 0xfff0, max: 0xffff }),
      fc.integer({ min: 0, max: 0xffff }),
    ),
    { maxLength: 40 },
  )
  .map((codes) => String.fromCharCode(...codes));

describe("escapeXml", () => {
  it("escapes the five markup characters and keeps whitespace through attribute normalisation", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(escapeXml("tab\tlf\ncr\r")).toBe("tab&#9;lf&#10;cr&#13;");
    expect(escapeXml("plain text")).toBe("plain text");
    expect(escapeXml("emoji 😀 stays")).toBe("emoji 😀 stays");
  });

  it("replaces characters XML 1.0 cannot carry with U+FFFD", () => {
    expect(escapeXml("nul\u0000 bell\u0007 esc\u001b")).toBe("nul\uFFFD bell\uFFFD esc\uFFFD");
    expect(escapeXml("lone \ud83d high, lone \ude00 low, \ufffe\uffff")).toBe(
      "lone \uFFFD high, lone \uFFFD low, \uFFFD\uFFFD",
    );
    expect(escapeXml("\ud83d")).toBe("\uFFFD");
  });

  it("gives any string back from a parsed attribute and element text, changed only where XML 1.0 must", () => {
    fc.assert(
      fc.property(anyUtf16, (text) => {
        const escaped = escapeXml(text);
        const document = parseXml(`<r a="${escaped}">${escaped}</r>`);
        expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
        expect(document.documentElement.getAttribute("a")).toBe(xmlSafe(text));
        expect(document.documentElement.textContent).toBe(xmlSafe(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe("plainDecimal and formatOdmValue", () => {
  it("writes numbers without exponent notation", () => {
    expect(plainDecimal(1e-7)).toBe("0.0000001");
    expect(plainDecimal(-2.5e-8)).toBe("-0.000000025");
    expect(plainDecimal(1e21)).toBe("1000000000000000000000");
    expect(plainDecimal(1.5e22)).toBe("15000000000000000000000");
    expect(plainDecimal(-0)).toBe("0");
    expect(plainDecimal(72)).toBe("72");
    expect(plainDecimal(12.5)).toBe("12.5");
    expect(plainDecimal(Number.NaN)).toBeNull();
    expect(plainDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("keeps the value of every finite double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = plainDecimal(n)!;
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 500 },
    );
  });

  it("formats by kind: booleans, dates, JSON, and nothing for empty values", () => {
    expect(formatOdmValue("boolean", true)).toBe("true");
    expect(formatOdmValue("boolean", false)).toBe("false");
    expect(formatOdmValue("date", "2024-02-29")).toBe("2024-02-29");
    expect(formatOdmValue("date", "2024-02-29T10:00:00.000Z")).toBe("2024-02-29");
    expect(formatOdmValue("json", ["a", "b"])).toBe("[&quot;a&quot;,&quot;b&quot;]");
    expect(formatOdmValue("text", 3)).toBe("3");
    expect(formatOdmValue("any", 0.1)).toBe("0.1");
    for (const empty of [null, undefined, "", [], {}]) expect(formatOdmValue("json", empty)).toBeNull();
    expect(formatOdmValue("text", "")).toBeNull();
  });
});
