import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Property tests are seeded and bounded, and `npm run test:unit` runs the
// component tests too. (The expression fuzz test once timed out at 5 s in a full run.)

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_RUNS = 5000;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("test suite habits", () => {
  it("runs fast-check on one fixed seed, 100 runs unless a property says otherwise", () => {
    // Set by the setup file tests/support/fast-check-seed.ts, which vitest.config.mts loads.
    expect(Number.isInteger(fc.readConfigureGlobal().seed)).toBe(true);
    expect(fc.readConfigureGlobal().numRuns).toBe(100);
  });

  it(`bounds every property: an explicit numRuns is at most ${MAX_RUNS}`, () => {
    const unbounded: string[] = [];
    for (const file of testFiles(ROOT)) {
      const source = readFileSync(file, "utf8");
      // From each assert call to the next: a numRuns there must be within the bound (none = 100).
      const calls = source.split(/\bfc\.assert\(/).slice(1);
      calls.forEach((call, index) => {
        const runs = /numRuns:\s*([^\s,}]+)/.exec(call);
        const count = runs ? Number(runs[1]?.replaceAll("_", "")) : 100;
        if (!(count <= MAX_RUNS)) unbounded.push(`${path.relative(ROOT, file)} (property #${index + 1})`);
      });
    }
    expect(unbounded).toEqual([]);
  });

  it("npm run test:unit includes the component tests", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "..", "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts["test:unit"]).toMatch(/--project unit\b/);
    expect(pkg.scripts["test:unit"]).toMatch(/--project components\b/);
  });
});
