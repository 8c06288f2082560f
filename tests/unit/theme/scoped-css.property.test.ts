import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scopedCustomCss } from "@/lib/theme/study-theme";
import { selectorsOf, startsWithScope } from "./css-output-reader";
import { specScope, specSelectorsOf } from "./css-spec-reader";

const S = '[data-study-area="pso"]';
const SPEC_SCOPE = specScope(S);
const ALLOWED_AT_RULES = new Set([
  "media",
  "supports",
  "container",
  "layer",
  "keyframes",
  "-webkit-keyframes",
  "font-face",
]);

const cssPieces = fc.constantFrom(
  "a",
  ".b",
  "#c",
  "p",
  "body",
  "html",
  ":root",
  "*",
  " ",
  "\n",
  "{",
  "}",
  ";",
  ":",
  ",",
  "(",
  ")",
  "[",
  "]",
  '"',
  "'",
  "\\",
  "/*",
  "*/",
  "@media screen",
  "@supports (x:y)",
  "@import",
  "@keyframes k",
  "@font-face",
  "from",
  "50%",
  "url(",
  "//evil",
  "/ok.png",
  "data:",
  "<",
  "</style>",
  "<!--",
  "-->",
  "~",
  "+",
  ">",
  "&",
  "color:red",
  "content:",
  "expression(",
  "javascript:",
  "\\75rl(",
  "!important",
  "-",
  "x",
);

const selectorArb = fc
  .array(
    fc.constantFrom(
      "a",
      ".b",
      "body",
      ":root",
      "html",
      "*",
      ":is(a, b)",
      '[t="x,}"]',
      "~ p",
      "+ p",
      "& p",
      "body ~ p",
      "> p",
      ".c .d",
      "p::after",
      "body.x + p",
      "html>body",
      ".w-1\\/2",
      "</style>",
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(", "));
const declarationArb = fc
  .array(
    fc.constantFrom(
      "color:red",
      "background:url(//evil)",
      "background:url(/ok.png)",
      'content:"}{;"',
      "x:\\75rl(//e)",
      "--v:1",
      "width:expression(1)",
      "a:b(}",
      "color:red\\",
      "&:hover{color:red}",
      "",
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(";"));
const ruleArb = fc.tuple(selectorArb, declarationArb).map(([selector, body]) => `${selector}{${body}}`);
const sheetArb = fc
  .array(
    fc.oneof(
      ruleArb,
      ruleArb.map((rule) => `@media screen{${rule}}`),
      fc.array(ruleArb, { maxLength: 3 }).map((rules) => `@supports (a:b){${rules.join("")}}`),
      cssPieces,
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(" "));

describe("scopedCustomCss: properties", () => {
  const check = (css: string) => {
    const out = scopedCustomCss(css, S);
    expect(out).not.toContain("<");
    expect(out.toLowerCase()).not.toContain("@import");
    for (const selector of selectorsOf(out)) expect(startsWithScope(selector, S), selector).toBe(true);
    // A second reader, spec-conformant (css-tree with the full selector grammar): every rule the
    // browser would apply starts with the scope and never steps to the scope's siblings.
    const spec = specSelectorsOf(out);
    expect(
      spec.atRules.every((name) => ALLOWED_AT_RULES.has(name)),
      spec.atRules.join(),
    ).toBe(true);
    for (const selector of spec.selectors) {
      expect(selector.firstCompound.startsWith(SPEC_SCOPE), selector.text).toBe(true);
      expect(["~", "+", "||"], selector.text).not.toContain(selector.firstCombinator);
    }
    for (const match of out.matchAll(/url\(\s*["']?([^"')]*)/gi))
      expect(match[1]).toMatch(/^(data:|\/[^/\\])/i);
  };

  it("for any string: no '<', and every rule starts with the scope", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), check), { numRuns: 500 });
  });

  it("for CSS-like token soup too", () => {
    fc.assert(
      fc.property(
        fc.array(cssPieces, { maxLength: 80 }).map((parts) => parts.join("")),
        check,
      ),
      { numRuns: 1000 },
    );
  });

  it("for sheets of real-looking rules mixed with garbage, and most such sheets keep something", () => {
    fc.assert(fc.property(sheetArb, check), { numRuns: 1000 });
    // Guards the generator: a property that only ever sees "" proves nothing.
    const kept = fc.sample(sheetArb, 300).filter((css) => scopedCustomCss(css, S) !== "").length;
    expect(kept).toBeGreaterThan(50);
  });
});
