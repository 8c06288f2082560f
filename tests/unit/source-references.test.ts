/**
 * Source comments cite the decision records in docs/decisions and nothing else: not the design
 * document whose numbered list the records replaced, and not issue numbers (issues end; records
 * stay). Every cited record must exist.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib", "db", "scripts", "tests", ".ci"];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|css|sql|xsd)$|^\.ci\/run$/;

function sourceFiles(): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", ...SOURCE_DIRS],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  const topLevel = readdirSync(ROOT).filter((name) => /\.(ts|mjs|mts)$/.test(name));
  return [...listed.split("\n").filter((file) => SOURCE_FILE.test(file)), ...topLevel];
}

const RECORDS = new Set(
  readdirSync(path.join(ROOT, "docs/decisions"))
    .map((name) => /^(\d{4})-/.exec(name)?.[1])
    .filter((n): n is string => Boolean(n)),
);

/** The lines of every source file matching a pattern, as `file:line: text`. */
function linesMatching(pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles()) {
    if (file === "tests/unit/source-references.test.ts") continue;
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

describe("source comments cite decision records only", () => {
  it("never cite DESIGN.md", () => {
    expect(linesMatching(/DESIGN\.md/)).toEqual([]);
  });

  it("never cite issue numbers", () => {
    expect(linesMatching(/\b[Ii]ssues? #?\d+/)).toEqual([]);
  });

  it("cite only records that exist, by their four-digit number", () => {
    const cited = linesMatching(/\bdecisions? \d/).flatMap((line) =>
      [...line.matchAll(/\bdecisions? (\d+(?:(?:, | and )\d+)*)/g)].flatMap((m) =>
        (m[1] ?? "").split(/, | and /),
      ),
    );
    const unknown = cited.filter((number) => !/^\d{4}$/.test(number) || !RECORDS.has(number));
    expect(unknown).toEqual([]);
  });
});
