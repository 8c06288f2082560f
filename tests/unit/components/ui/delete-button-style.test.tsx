import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import english from "@/messages/en";

/**
 * One look for every destructive action: each button whose text or accessible name starts with
 * Delete, Remove or Deactivate (the spec's delete of a user deactivates) is the `destructive`
 * variant of components/ui/button.tsx, with no colour of its own in `className` (sizes may differ
 * with the row it sits in). The sources are read with the TypeScript parser, so a new screen that
 * hand-colours its delete button, or uses a bare <button>, fails here. A translated name
 * (`t("remove")` under `useTranslations("forms.form")`) is read as its English catalogue text.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const DESTRUCTIVE_NAME = /^(Delete|Remove|Deactivate)\b/;
// Colour utilities (text-red-700, bg-white, border-slate-300, hover:…): sizes and layout are allowed.
const COLOUR_CLASS = /(^|[\s:])(text|bg|border|ring)-(white|black|[a-z]+-\d{2,3})(\/\d+)?(?=\s|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** The English catalogue's text at a dotted key, if there is one. */
function catalogueText(key: string): string | undefined {
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      english,
    );
  return typeof found === "string" ? found : undefined;
}

/**
 * The namespace of each translator a file makes: `const t = useTranslations("ns")` or
 * `const tc = await getTranslations("ns")` maps `t` / `tc` to "ns".
 */
function translatorNamespaces(source: ts.SourceFile): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = ts.isAwaitExpression(n.initializer) ? n.initializer.expression : n.initializer;
      if (
        ts.isCallExpression(init) &&
        /^(useTranslations|getTranslations)$/.test(init.expression.getText()) &&
        init.arguments[0] &&
        ts.isStringLiteral(init.arguments[0])
      )
        found.set(n.name.text, init.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/**
 * Every string a node spells out: JSX text, string literals, the fixed heads of templates, and a
 * translator call's English text (`t("key")` read in that translator's namespace).
 */
function strings(node: ts.Node, translators: ReadonlyMap<string, string> = new Map()): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n)) found.push(n.text.trim());
    else if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) found.push(n.text.trim());
    else if (ts.isTemplateExpression(n)) found.push(n.head.text.trim());
    const namespace = ts.isCallExpression(n) ? translators.get(n.expression.getText()) : undefined;
    if (
      ts.isCallExpression(n) &&
      namespace !== undefined &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      found.push(catalogueText(`${namespace}.${n.arguments[0].text}`) ?? "");
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found.filter(Boolean);
}

type Finding = { where: string; problem: string };

function attribute(attributes: ts.JsxAttributes, name: string): ts.JsxAttribute | undefined {
  return attributes.properties.find(
    (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name,
  );
}

function destructiveButtons(file: string): { where: string; findings: Finding[] }[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const translators = translatorNamespaces(source);
  const results: { where: string; findings: Finding[] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      const opening = ts.isJsxElement(node) ? node.openingElement : node;
      const tag = opening.tagName.getText();
      if (tag === "button" || tag === "Button") {
        const label = attribute(opening.attributes, "aria-label");
        const names = [
          ...(ts.isJsxElement(node) ? node.children.flatMap((child) => strings(child, translators)) : []),
          ...(label?.initializer ? strings(label.initializer, translators) : []),
        ];
        if (names.some((name) => DESTRUCTIVE_NAME.test(name))) {
          const line = source.getLineAndCharacterOfPosition(opening.getStart()).line + 1;
          const where = `${path.relative(ROOT, file)}:${line}`;
          const findings: Finding[] = [];
          if (tag !== "Button") findings.push({ where, problem: "a bare <button>, not <Button>" });
          const variant = attribute(opening.attributes, "variant")?.initializer;
          if (!variant || !ts.isStringLiteral(variant) || variant.text !== "destructive")
            findings.push({ where, problem: `variant ${variant?.getText() ?? "(none)"}, not "destructive"` });
          const className = attribute(opening.attributes, "className")?.initializer;
          for (const cls of className ? strings(className) : [])
            if (COLOUR_CLASS.test(cls)) findings.push({ where, problem: `its own colour "${cls}"` });
          results.push({ where, findings });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return results;
}

const scanned = ["components", "app"]
  .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
  .flatMap(destructiveButtons);

describe("delete and remove buttons", () => {
  it("are found on the admin and study screens (the scan sees them)", () => {
    const files = new Set(scanned.map((b) => b.where.split(":")[0]));
    // Team, medical groups, users, templates, content and page builder, the study editor tabs,
    // branding and the capture form's array rows.
    for (const expected of [
      "components/team/study-team-page.tsx",
      "components/medical-groups/medical-groups-page.tsx",
      "components/admin-users/users-page.tsx",
      "components/field-templates/field-templates-page.tsx",
      "components/contents/page-builder.tsx",
      "components/study-editor/calculations/calculations-editor.tsx",
      "components/study-editor/ui-settings/branding-panel.tsx",
      "components/forms/array-field-input.tsx",
    ])
      expect(files).toContain(expected);
    expect(scanned.length).toBeGreaterThanOrEqual(18);
  });

  it('all use <Button variant="destructive"> with no colour classes of their own', () => {
    expect(scanned.flatMap((b) => b.findings).map((f) => `${f.where}: ${f.problem}`)).toEqual([]);
  });

  it("the destructive variant is outlined red on white, and greyed out when disabled", () => {
    render(
      <>
        <Button variant="destructive">Delete A</Button>
        <Button variant="destructive" disabled>
          Delete B
        </Button>
      </>,
    );
    const enabled = screen.getByRole("button", { name: "Delete A" });
    for (const utility of ["border-red-300", "bg-white", "text-red-700"])
      expect(enabled).toHaveClass(utility);
    expect(screen.getByRole("button", { name: "Delete B" })).toHaveClass("disabled:text-slate-400");
  });
});
