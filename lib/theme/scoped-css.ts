/**
 * A study's custom CSS, rebuilt so that it only styles the study area and cannot leave its <style>
 * element. The sheet is cut into rules with the block scanner, each piece is checked, and only
 * checked pieces are written back in a canonical form, so what the browser parses from the output is
 * exactly the structure checked here. Pure; never throws.
 */
import { isSelfContained, scanUntil, stripComments } from "./css-scanner";
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

function declarations(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < block.length) {
    const scan = scanUntil(block, start, ";");
    const piece = block.slice(start, scan.end);
    start = scan.end + 1;
    // A nested rule (`&:hover { … }`) could select outside the scope with `:not(&)`: dropped.
    if (!scan.ok || scan.nested) continue;
    const declaration = sanitizeDeclaration(piece);
    if (declaration) out.push(declaration);
  }
  return out;
}

function styleRule(prelude: string, block: string, scope: string, mode: Mode): string | null {
  let selectors: string[];
  if (mode === "keyframes") {
    if (!isKeyframeSelector(prelude)) return null;
    selectors = [prelude.trim().replace(/\s+/g, "")];
  } else {
    const parts = splitSelectorList(prelude);
    if (!parts) return null;
    selectors = parts.flatMap((part) => scopeSelector(part, scope) ?? []);
  }
  const body = declarations(block);
  if (selectors.length === 0 || body.length === 0) return null;
  return `${selectors.join(",")}{${body.join(";")}}`;
}

function atRule(prelude: string, block: string, scope: string, depth: number, mode: Mode): string | null {
  const match = /^@([A-Za-z-]+)([\s\S]*)$/.exec(prelude);
  if (!match || mode === "keyframes") return null;
  const name = (match[1] ?? "").toLowerCase();
  const condition = (match[2] ?? "").trim();

  if (GROUPING_RULES.has(name)) {
    if (depth >= MAX_DEPTH || (condition !== "" && !isSafePrelude(condition))) return null;
    const inner = ruleList(block, scope, depth + 1, "style");
    return inner.length > 0 ? `@${name} ${condition}{${inner.join("\n")}}` : null;
  }
  if (KEYFRAMES_RULES.has(name)) {
    // Keyframe names are global; a plain identifier keeps the name from carrying anything else.
    if (!/^-?[A-Za-z_][A-Za-z0-9_-]*$/.test(condition)) return null;
    const frames = ruleList(block, scope, depth + 1, "keyframes");
    return frames.length > 0 ? `@${name} ${condition}{${frames.join("")}}` : null;
  }
  if (name === "font-face" && condition === "") {
    // src: url(…) goes through the same URL rule: data: or a same-origin path, never a remote font.
    const body = declarations(block);
    return body.length > 0 ? `@font-face{${body.join(";")}}` : null;
  }
  // @import, @charset, @namespace, @page, @property, @scope and anything unknown.
  return null;
}

function ruleList(src: string, scope: string, depth: number, mode: Mode): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    if (/[\s;}]/.test(src.charAt(i))) {
      i += 1;
      continue;
    }
    const head = scanUntil(src, i, "{;");
    if (head.stop !== "{") {
      // A statement such as `@import url(x);`, or trailing text without a block: dropped.
      i = head.end + 1;
      continue;
    }
    const prelude = src.slice(i, head.end);
    const body = scanUntil(src, head.end + 1, "}");
    const block = src.slice(head.end + 1, body.end);
    i = body.end + 1;
    if (!head.ok) continue;
    const rule = prelude.startsWith("@")
      ? atRule(prelude, block, scope, depth, mode)
      : styleRule(prelude, block, scope, mode);
    if (rule) out.push(rule);
  }
  return out;
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
    return ruleList(source, scope, 0, "style").join("\n");
  } catch {
    // The sanitizer must never take the study page down; no CSS is the safe answer.
    return "";
  }
}
