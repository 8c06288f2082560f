/**
 * A study's custom CSS, rebuilt so that it only styles the study area and cannot leave its <style>
 * element. The sheet is cut into rules, at-rules and declarations by css-tree, a parser that follows
 * the CSS Syntax spec (the browser's own algorithm: error recovery, unclosed blocks, bad strings,
 * nesting), each piece is checked against the allowlist (css-safety.ts), and only checked pieces are
 * written back in a canonical form, so what the browser parses from the output is exactly the
 * structure checked here (docs/decisions/0014). Pure; never throws.
 */
import parse from "css-tree/parser";
import type { Atrule, CssNode, Declaration, Rule } from "css-tree";
import { isSelfContained, stripComments } from "./css-scanner";
import {
  isKeyframeSelector,
  isSafePrelude,
  sanitizeDeclaration,
  scopeSelector,
  splitSelectorList,
} from "./css-safety";

/** Same limit as the study config schema (`custom_css` max 20,000). */
export const CUSTOM_CSS_MAX_LENGTH = 20_000;
/** The scope used when the caller's selector is unusable. */
export const DEFAULT_STUDY_SCOPE = ".study-area";

/** Deeper @media/@supports nesting than this is dropped: no real sheet needs it, recursion stays bounded. */
const MAX_DEPTH = 8;
/** At-rules whose content is more rules, scoped recursively. Anything not listed is dropped. */
const GROUPING_RULES = new Set(["media", "supports", "container", "layer"]);
const KEYFRAMES_RULES = new Set(["keyframes", "-webkit-keyframes"]);

type Mode = "style" | "keyframes";

/**
 * `<` is removed everywhere: it is the only way to end the <style> element (`</style`) or open
 * markup, and CSS has almost no use for it (range media queries lose `<=`; min-/max- still work).
 */
function neutraliseMarkup(css: string): string {
  // `<!--` and `-->` go as whole tokens first: the browser ignores them, so `<!-- p{…} -->` keeps `p{…}`.
  let text = css.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, "");
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replaceAll("<!--", "").replaceAll("-->", "");
  }
  return text.replaceAll("<", "");
}

/** A usable single selector for the scope, or the default one (the scope is written into the output). */
export function safeScope(scopeSelector: string): string {
  const scope = String(scopeSelector ?? "")
    .replace(/[\u0000-\u001f\u007f<\\]/g, "")
    .trim();
  if (scope === "" || scope.includes("/*") || !isSelfContained(scope, "{};,")) return DEFAULT_STUDY_SCOPE;
  return scope;
}

/** The raw text css-tree kept for a prelude or value (preludes and values are not parsed further). */
function rawText(node: CssNode | null | undefined): string {
  return node && node.type === "Raw" ? node.value.trim() : "";
}

const childrenOf = (node: { children: { toArray(): CssNode[] } } | null | undefined): CssNode[] =>
  node ? node.children.toArray() : [];

/** A declaration as `property:value[!important]`, or null when it is malformed or unsafe. */
function declaration(node: Declaration): string | null {
  const important = node.important === true ? "!important" : node.important ? `!${node.important}` : "";
  return sanitizeDeclaration(`${node.property}:${rawText(node.value)}${important}`);
}

/**
 * The declarations of a block. A nested rule (`&:hover { … }`, `:not(&) { … }`) could select
 * outside the scope: dropped, while the declarations around it stay (as the browser reads them).
 */
function declarations(block: CssNode[]): string[] {
  return block.flatMap((node) => (node.type === "Declaration" ? (declaration(node) ?? []) : []));
}

function styleRule(node: Rule, scope: string, mode: Mode): string | null {
  const prelude = rawText(node.prelude);
  let selectors: string[];
  if (mode === "keyframes") {
    if (!isKeyframeSelector(prelude)) return null;
    selectors = [prelude.replace(/\s+/g, "")];
  } else {
    const parts = splitSelectorList(prelude);
    // `.a, { … }`: an empty member makes the whole list invalid, and the browser drops the rule.
    if (!parts || parts.includes("")) return null;
    selectors = parts.flatMap((part) => scopeSelector(part, scope) ?? []);
  }
  const body = declarations(childrenOf(node.block));
  if (selectors.length === 0 || body.length === 0) return null;
  return `${selectors.join(",")}{${body.join(";")}}`;
}

function atRule(node: Atrule, scope: string, depth: number, mode: Mode): string | null {
  if (mode === "keyframes" || !node.block) return null;
  const name = node.name.toLowerCase();
  const condition = rawText(node.prelude);
  // A name css-tree read through an escape (`@\6d edia`) is not one of ours.
  if (!/^-?[a-z-]+$/.test(name)) return null;

  if (GROUPING_RULES.has(name)) {
    if (depth >= MAX_DEPTH || (condition !== "" && !isSafePrelude(condition))) return null;
    const inner = ruleList(childrenOf(node.block), scope, depth + 1, "style");
    return inner.length > 0 ? `@${name} ${condition}{${inner.join("\n")}}` : null;
  }
  if (KEYFRAMES_RULES.has(name)) {
    // Keyframe names are global; a plain identifier keeps the name from carrying anything else.
    if (!/^-?[A-Za-z_][A-Za-z0-9_-]*$/.test(condition)) return null;
    const frames = ruleList(childrenOf(node.block), scope, depth + 1, "keyframes");
    return frames.length > 0 ? `@${name} ${condition}{${frames.join("")}}` : null;
  }
  if (name === "font-face" && condition === "") {
    // src: url(…) goes through the same URL rule: data: or a same-origin path, never a remote font.
    const body = declarations(childrenOf(node.block));
    return body.length > 0 ? `@font-face{${body.join(";")}}` : null;
  }
  // @import, @charset, @namespace, @page, @property, @scope and anything unknown.
  return null;
}

/** Rules and at-rules; what css-tree could only keep as raw text (a parse error) is dropped. */
function ruleList(nodes: CssNode[], scope: string, depth: number, mode: Mode): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    const rule =
      node.type === "Rule"
        ? styleRule(node, scope, mode)
        : node.type === "Atrule"
          ? atRule(node, scope, depth, mode)
          : null;
    if (rule) out.push(rule);
  }
  return out;
}

/** The sheet as css-tree reads it: preludes and values kept as raw text for the allowlist checks. */
function parseSheet(source: string): CssNode[] {
  const sheet = parse(source, {
    context: "stylesheet",
    parseRulePrelude: false,
    parseAtrulePrelude: false,
    parseValue: false,
    parseCustomProperty: false,
    // Recovery is the spec's: the broken part is skipped (kept as a Raw node we drop).
    onParseError: () => {},
  });
  return sheet.type === "StyleSheet" ? sheet.children.toArray() : [];
}

/**
 * The study's custom CSS scoped under `scopeSelector` (a single selector such as
 * `[data-study-area="psoriasis"]`). Every selector is prefixed with the scope; `:root`, `html` and
 * `body` become the scope itself; @media, @supports, @container and @layer are scoped recursively;
 * @keyframes and @font-face are kept with checked declarations; every other at-rule, nested rules,
 * remote url()s, script-bearing values and every `<` are removed. Input beyond 20,000 characters is
 * ignored.
 */
export function scopedCustomCss(css: string, scopeSelector: string): string {
  try {
    if (typeof css !== "string" || css.trim() === "") return "";
    const scope = safeScope(scopeSelector);
    const source = stripComments(neutraliseMarkup(css.slice(0, CUSTOM_CSS_MAX_LENGTH)));
    return ruleList(parseSheet(source), scope, 0, "style").join("\n");
  } catch {
    // The sanitizer must never take the study page down; no CSS is the safe answer.
    return "";
  }
}
