import { describe, expect, it } from "vitest";
import { scopedCustomCss } from "@/lib/theme/study-theme";

const S = '[data-study-area="pso"]';
const scoped = (css: string) => scopedCustomCss(css, S);

describe("scopedCustomCss: selectors", () => {
  it("prefixes every selector, including each one of a comma list", () => {
    expect(scoped("h1, .card > p, a:hover { color: red }")).toBe(
      `${S} h1,${S} .card > p,${S} a:hover{color:red}`,
    );
  });

  it("keeps commas inside :is() and attribute strings in one selector", () => {
    expect(scoped(':is(h1, h2) [title="a,b"] { color: red }')).toBe(
      `${S} :is(h1, h2) [title="a,b"]{color:red}`,
    );
  });

  it("maps :root, html and body onto the scope itself", () => {
    expect(scoped(":root { --x: 1 }")).toBe(`${S}{--x:1}`);
    expect(scoped("body { margin: 0 }")).toBe(`${S}{margin:0}`);
    expect(scoped("html body .x, HTML > BODY p { color: red }")).toBe(`${S} .x,${S} p{color:red}`);
    expect(scoped("body.dark .x { color: red }")).toBe(`${S}.dark .x{color:red}`);
    expect(scoped("body > main { color: red }")).toBe(`${S} > main{color:red}`);
    // Words that merely start with a root name are ordinary selectors.
    expect(scoped("bodyguard, .html { color: red }")).toBe(`${S} bodyguard,${S} .html{color:red}`);
  });

  it("refuses selectors that would reach siblings of the scope or the page root", () => {
    expect(scoped("body ~ p, :root + div, ~ p, + p, & p, body.dark ~ p, :root:hover+p { color: red }")).toBe(
      "",
    );
    expect(scoped("body ~ p, .ok { color: red }")).toBe(`${S} .ok{color:red}`);
    expect(scoped(".a ~ .b { color: red }")).toBe(`${S} .a ~ .b{color:red}`);
  });

  it("scopes @media, @supports and nested groups recursively", () => {
    expect(
      scoped(
        "@media (max-width: 600px) { .a, body { color: red } @supports (display: grid) { .b { display: grid } } }",
      ),
    ).toBe(
      `@media (max-width: 600px){${S} .a,${S}{color:red}\n@supports (display: grid){${S} .b{display:grid}}}`,
    );
  });

  it("does not mistake scroll-behavior for IE's behavior", () => {
    expect(scoped("@supports (scroll-behavior: smooth) { html { scroll-behavior: smooth } }")).toBe(
      `@supports (scroll-behavior: smooth){${S}{scroll-behavior:smooth}}`,
    );
  });

  it("keeps @keyframes and @font-face, drops every other at-rule", () => {
    expect(scoped("@keyframes pulse { from { opacity: 1 } 50% { opacity: .5 } }")).toBe(
      "@keyframes pulse{from{opacity:1}50%{opacity:.5}}",
    );
    expect(
      scoped(
        "@page { margin: 0 } @property --x { syntax: '*' } @scope (.a) { p { color: red } } p { color: blue }",
      ),
    ).toBe(`${S} p{color:blue}`);
  });

  it("drops nested rules, which could select outside the scope with :not(&)", () => {
    expect(scoped(".a { :not(&) { display: none } color: red; font-weight: bold }")).toBe(
      `${S} .a{font-weight:bold}`,
    );
  });
});

describe("scopedCustomCss: escaping the <style> element", () => {
  it("neutralises </style><script> and HTML comments", () => {
    const out = scoped("</style><script>alert(1)</script><style> p { color: red } <!-- .a{color:blue} -->");
    expect(out).not.toContain("<");
    expect(out).not.toMatch(/-->/);
    expect(out).toContain(`${S} .a{color:blue}`);
  });

  it("removes < even inside strings", () => {
    const out = scoped('p::after { content: "</style><img src=x onerror=alert(1)>" }');
    expect(out).not.toContain("<");
    expect(out).toBe(`${S} p::after{content:"/style>img src=x onerror=alert(1)>"}`);
  });
});

describe("scopedCustomCss: loading and script", () => {
  it("drops @import, @charset and @namespace", () => {
    expect(
      scoped(
        '@charset "utf-8"; @import url(https://evil.example/x.css); @import "y.css"; @namespace svg url(x); p{color:red}',
      ),
    ).toBe(`${S} p{color:red}`);
  });

  it("keeps data: and same-origin url()s, drops remote and protocol-relative ones", () => {
    expect(scoped(".a { background: url(/uploads/bg.png); color: red }")).toBe(
      `${S} .a{background:url(/uploads/bg.png);color:red}`,
    );
    expect(scoped(".a { background: url('data:image/png;base64,AAAA') }")).toBe(
      `${S} .a{background:url('data:image/png;base64,AAAA')}`,
    );
    for (const url of [
      "https://evil.example/a.png",
      "//evil.example/a.png",
      "/\\\\evil.example",
      "'/\t/evil.example'",
      "x.png",
      '"http://a"',
    ]) {
      expect(scoped(`.a { background: url(${url}); color: red }`), url).toBe(`${S} .a{color:red}`);
    }
  });

  it("sees through CSS escapes and other script-bearing constructs", () => {
    const css = [
      ".a { background: \\75rl(//evil.example) }",
      ".b { background: u\\72l(https://evil.example) }",
      ".c { width: expression(alert(1)) }",
      ".d { behavior: url(/x.htc) }",
      ".e { -moz-binding: url(/x.xml#x) }",
      ".f { background: image-set('https://evil.example/a.png' 1x) }",
      ".g { background: url(javascript:alert(1)) }",
      ".h { scroll-behavior: smooth }",
    ].join("\n");
    expect(scoped(css)).toBe(`${S} .h{scroll-behavior:smooth}`);
  });

  it("checks @font-face sources with the same URL rule", () => {
    expect(scoped("@font-face { font-family: X; src: url(https://evil.example/x.woff2) }")).toBe(
      "@font-face{font-family:X}",
    );
    expect(scoped("@font-face { font-family: X; src: url(/fonts/x.woff2) format('woff2') }")).toBe(
      "@font-face{font-family:X;src:url(/fonts/x.woff2) format('woff2')}",
    );
  });
});

describe("scopedCustomCss: tokenizing", () => {
  it("handles braces and semicolons inside strings", () => {
    expect(scoped('.q::before { content: "} body { display: none; {"; color: red }')).toBe(
      `${S} .q::before{content:"} body { display: none; {";color:red}`,
    );
    expect(scoped(".q::before { content: 'it\\'s }' }")).toBe(`${S} .q::before{content:'it\\'s }'}`);
  });

  it("removes comments, including ones that hide braces", () => {
    expect(scoped("/* } body { */ .a { /* ; */ color: red } /* unterminated { ")).toBe(`${S} .a{color:red}`);
    expect(scoped('.a { content: "/* not a comment */" }')).toBe(`${S} .a{content:"/* not a comment */"}`);
  });

  it("does not let a trailing escape swallow the separator it is written before", () => {
    expect(scoped(".a\\ { color: red }")).toBe("");
    expect(scoped(".a { color: red\\ }")).toBe("");
  });

  it("ignores everything after 20,000 characters", () => {
    const filler = ".a{color:red}\n".repeat(1500); // 21,000 characters
    const out = scoped(filler);
    expect(out.split("\n").length).toBe(Math.floor(20_000 / 14));
  });

  it("never throws on garbage and returns '' for non-strings", () => {
    for (const garbage of [
      "{{{{",
      "}}}}",
      "@media {",
      "a{b:c(",
      '"unterminated',
      "\\",
      ":root{",
      "@",
      "@media ((((",
      ";;;",
    ]) {
      expect(() => scoped(garbage)).not.toThrow();
    }
    expect(scopedCustomCss(undefined as unknown as string, S)).toBe("");
    expect(scopedCustomCss(null as unknown as string, S)).toBe("");
  });

  it("handles deep nesting without blowing the stack", () => {
    const deep = "@media screen {".repeat(5000) + "p{color:red}" + "}".repeat(5000);
    expect(() => scoped(deep)).not.toThrow();
    expect(scoped(deep)).toBe("");
  });
});

/**
 * Sheets where a hand-written scanner and the browser's parser (the CSS Syntax spec, which css-tree
 * follows) read different structures. The output must keep exactly what the browser would apply:
 * nothing the browser drops comes back to life as a valid rule.
 */
describe("scopedCustomCss: parser-differential cases", () => {
  it.each([
    // A stray `}` at the top level is part of the next prelude (`}.b`): that rule is invalid.
    [".a{color:red;}}.b{color:blue}", `${S} .a{color:red}`],
    ["@media screen{.a{color:red}}}.b{color:blue}", `@media screen{${S} .a{color:red}}`],
    [
      ".a{color:red}\n@media print{.b{color:blue}}}.c{color:green}",
      `${S} .a{color:red}\n@media print{${S} .b{color:blue}}`,
    ],
    // An empty member invalidates the whole selector list.
    [".a,{color:red}", ""],
    [".a, ,.b{color:red}", ""],
    // Blocks left open at the end of the sheet are closed by it.
    [".a{color:red", `${S} .a{color:red}`],
    ["@media screen{.a{color:red}", `@media screen{${S} .a{color:red}}`],
    // A string broken by a newline ends there; the `}` after it closes the block.
    ['.a{content:"x\n}.b{color:red}', `${S} .b{color:red}`],
    // CDO / CDC at the top level are ignored, not part of a selector.
    [".a{color:red}<!--.b{color:blue}-->", `${S} .a{color:red}\n${S} .b{color:blue}`],
    // A misplaced @import is dropped alone; the rules around it stay.
    [
      ".a{color:red}@import url(//evil.example/x.css);.b{color:blue}",
      `${S} .a{color:red}\n${S} .b{color:blue}`,
    ],
    // An at-rule inside a declaration block is not a declaration.
    [".a{color:red;@media print{color:blue}}", `${S} .a{color:red}`],
    // An escaped brace belongs to the selector, never closes anything.
    [".a\\{{color:red}.b{color:blue}", `${S} .b{color:blue}`],
  ])("%j", (css, expected) => {
    expect(scoped(css)).toBe(expected);
  });
});
