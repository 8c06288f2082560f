import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileExtension, fitFileName } from "@/lib/file-name";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("fitFileName", () => {
  it("leaves a name that fits alone", () => {
    expect(fitFileName("Protocol v2 (final).pdf")).toBe("Protocol v2 (final).pdf");
    expect(fitFileName(`${"a".repeat(251)}.pdf`)).toHaveLength(255);
  });

  it("cuts the stem of a 300-character name and keeps its extension", () => {
    const name = fitFileName(`${"a".repeat(296)}.pdf`);
    expect(name).toBe(`${"a".repeat(248)}….pdf`);
    expect(bytes(name)).toBe(255);
  });

  it("counts bytes, and never cuts inside a character", () => {
    const name = fitFileName(`${"😀".repeat(100)}.xlsx`);
    expect(name).toMatch(/^(?:😀)+….xlsx$/u);
    expect(bytes(name)).toBeLessThanOrEqual(255);
  });

  it("always fits and always keeps a short extension (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 400 }),
        fc.stringMatching(/^[a-z0-9]{1,5}$/),
        (stem, ext) => {
          const name = fitFileName(`x${stem}.${ext}`);
          expect(bytes(name)).toBeLessThanOrEqual(255);
          expect(name.endsWith(`.${ext}`)).toBe(true);
          expect(name).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads an extension as the upload allowlist does", () => {
    expect(fileExtension("a.PDF")).toBe(".PDF");
    expect(fileExtension(".bashrc")).toBe("");
    expect(fileExtension("no extension")).toBe("");
  });
});
