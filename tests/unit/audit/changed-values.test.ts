import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changedValues } from "@/lib/server/audit/changed-values";

describe("changedValues (the audit module's one diff of an update)", () => {
  it("keeps only the keys that changed, old and new, a missing side as null", () => {
    expect(
      changedValues(
        { a: 1, b: { x: [1, 2] }, gone: "was", same: "s" },
        { a: 2, b: { x: [1, 2] }, added: true, same: "s" },
      ),
    ).toEqual({
      oldValues: { a: 1, gone: "was", added: null },
      newValues: { a: 2, gone: null, added: true },
    });
  });

  it("is defined once, in lib/server/audit, and imported from there by every service", () => {
    const definitions: string[] = [];
    const imports: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith(".ts")) {
          const text = fs.readFileSync(file, "utf8");
          if (/function changedValues\b/.test(text)) definitions.push(path.relative(process.cwd(), file));
          const imported = /import \{[^}]*\bchangedValues\b[^}]*\} from "([^"]+)"/.exec(text);
          if (imported) imports.push(imported[1]!);
        }
      }
    };
    walk(path.resolve("lib"));
    expect(definitions).toEqual([path.join("lib", "server", "audit", "changed-values.ts")]);
    expect(imports.length).toBeGreaterThan(0);
    expect(new Set(imports.map((from) => from.replace(/^.*\/audit\//, "audit/")))).toEqual(
      new Set(["audit/changed-values"]),
    );
  });
});
