/**
 * package.json's `engines` is a promise to whoever installs the registry: every Node version it
 * admits must run every runtime dependency (their own `engines`) and the code itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const manifest = (file: string) =>
  JSON.parse(readFileSync(file, "utf8")) as {
    engines?: { node?: string };
    dependencies?: Record<string, string>;
  };

describe("engines", () => {
  const own = manifest(path.join(ROOT, "package.json"));
  const range = own.engines?.node ?? "";

  it("admits only Node versions every runtime dependency accepts", () => {
    expect(semver.validRange(range)).not.toBeNull();
    const refused = Object.keys(own.dependencies ?? {}).flatMap((name) => {
      const theirs = manifest(path.join(ROOT, "node_modules", name, "package.json")).engines?.node;
      return theirs && !semver.subset(range, theirs) ? [`${name} needs ${theirs}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it("admits the Node running the tests", () => {
    expect(semver.satisfies(process.versions.node, range)).toBe(true);
  });
});
