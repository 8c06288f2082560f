/**
 * The checks behind the custom-CSS scoper: which declarations, preludes and selectors may pass.
 * Every check looks at text with CSS escapes decoded, because `\75 rl(` is `url(` to the browser.
 */
import { decodeEscapes, isSelfContained, scanUntil, skipString } from "./css-scanner";

/** Legacy script-bearing properties (IE behaviours, XBL bindings). */
const BLOCKED_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding", "binding"]);

/**
 * Script or remote-loading constructs other than url(): image-set() and image() accept bare strings
 * as URLs, src() accepts var(), so they cannot be checked like url() and are refused outright.
 */
const BLOCKED_IN_VALUES = [
  "expression(",
  "javascript:",
  "vbscript:",
  "@import",
  "-moz-binding",
  "image-set(",
  "image(",
  "src(",
];

const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^"'()\s]*))\s*\)/gi;

/** Lower-case, escapes decoded, whitespace and controls removed: `ur\6c (` and `expression (` both show. */
function compact(text: string): string {
  return decodeEscapes(text)
    .toLowerCase()
    .replace(/[\s\u0000-\u001f\u007f]/g, "");
}

/**
 * data: URLs, and same-origin paths such as /uploads/logo.png. Browsers treat `\` like `/` and drop
 * tabs and newlines inside URLs, so `/\evil.com` or `/<tab>/evil.com` would become `//evil.com`.
 */
export function isSafeCssUrl(raw: string): boolean {
  const url = raw.trim();
  if (/^data:/i.test(url)) return true;
  return /^\/[^/\\]/.test(url) && !/[\s\u0000-\u001f\u007f\\]/.test(url);
}

function urlsAreSafe(value: string, compacted: string): boolean {
  // With escapes present the raw text is not what the browser reads: refuse rather than guess.
  if (value.includes("\\")) return false;
  const expected = compacted.split("url(").length - 1;
  const found = [...value.matchAll(URL_FUNCTION)];
  if (found.length !== expected) return false;
  return found.every((match) => isSafeCssUrl(match[1] ?? match[2] ?? match[3] ?? ""));
}

export function isSafeValue(value: string): boolean {
  const compacted = compact(value);
  if (BLOCKED_IN_VALUES.some((token) => compacted.includes(token))) return false;
  // `behavior:` as a word of its own (IE), not `scroll-behavior:` in `@supports (scroll-behavior: smooth)`.
  if (/(^|[^a-z0-9_-])behavior:/.test(compacted)) return false;
  return !compacted.includes("url(") || urlsAreSafe(value, compacted);
}

/** One `property: value` piece → `property:value`, or null when it is malformed or unsafe. */
export function sanitizeDeclaration(text: string): string | null {
  const match = /^\s*(--[A-Za-z0-9_-]+|-?[A-Za-z][A-Za-z0-9-]*)\s*:([\s\S]*)$/.exec(text);
  if (!match) return null;
  const property = match[1] ?? "";
  const value = (match[2] ?? "").trim();
  if (value === "" && !property.startsWith("--")) return null;
  if (BLOCKED_PROPERTIES.has(property.toLowerCase())) return null;
  if (!isSafeValue(value)) return null;
  const declaration = `${property}:${value}`;
  // Trimming can leave a trailing `\` that would escape the `;` we add after it.
  return isSelfContained(declaration, ";{}") ? declaration : null;
}

/** An at-rule prelude such as `screen and (min-width: 600px)`: no blocks, no URLs, no escapes. */
export function isSafePrelude(prelude: string): boolean {
  if (prelude.includes("\\") || compact(prelude).includes("url(")) return false;
  return isSelfContained(prelude, "{};") && isSafeValue(prelude);
}

// Selectors ------------------------------------------------------------------------------------

/** `:root`, `html` or `body` as a whole compound start (not `bodyguard`, not `html|x`). */
const ROOT_COMPOUND = /^(?::root|html|body)(?![A-Za-z0-9_\-\u0080-\uffff\\(|])/i;

/** Splits on `,` at depth 0 (not inside :is(a, b) or [title="a,b"]); null when unbalanced. */
export function splitSelectorList(text: string): string[] | null {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const scan = scanUntil(text, start, ",");
    if (!scan.ok || scan.nested) return null;
    parts.push(text.slice(start, scan.end).trim());
    if (scan.stop === null) return parts;
    start = scan.end + 1;
  }
}

/** Index where the first compound of `text` ends (first whitespace or combinator at depth 0). */
function firstCompoundEnd(text: string): number {
  let i = 0;
  let depth = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === "\\") i += 2;
    else if (ch === '"' || ch === "'") i = skipString(text, i).end;
    else {
      if (ch === "(" || ch === "[") depth += 1;
      else if (ch === ")" || ch === "]") depth -= 1;
      else if (depth === 0 && /[\s>~+]/.test(ch)) return i;
      i += 1;
    }
  }
  return i;
}

/**
 * Prefixes one selector with the scope, mapping a leading :root/html/body onto the scope itself.
 * Sibling combinators straight after the scope (`body ~ p`, `~ p`) would reach outside it: refused.
 */
export function scopeSelector(selector: string, scope: string): string | null {
  let rest = selector.trim();
  if (rest === "" || /[&{};@]/.test(rest)) return null;
  // `/` and `!` are never part of a selector outside strings and escapes (`.w-1\/2` is fine): such
  // text is leftover markup or a typo, and the browser would drop the whole rule for it anyway.
  const bare = rest.replace(/\\[\s\S]|"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*'/g, "");
  if (/[/!]/.test(bare)) return null;
  let isRoot = false;
  for (let match = ROOT_COMPOUND.exec(rest); match; match = ROOT_COMPOUND.exec(rest)) {
    isRoot = true;
    rest = rest.slice(match[0].length);
    // `html > body p` and `html body` collapse onto the scope too.
    const next = rest.replace(/^\s*>?\s*/, "");
    if (!ROOT_COMPOUND.test(next)) break;
    rest = next;
  }
  let scoped: string;
  if (isRoot && rest.trim() === "") {
    scoped = scope;
  } else if (isRoot && !/^[\s>~+|]/.test(rest)) {
    // `body.dark .x` → `{scope}.dark .x`: the suffix belongs to the scope element itself.
    const afterCompound = rest.slice(firstCompoundEnd(rest)).trimStart();
    if (/^[~+|]/.test(afterCompound)) return null;
    scoped = `${scope}${rest}`;
  } else {
    const tail = rest.trimStart();
    if (/^[~+|]/.test(tail)) return null;
    scoped = `${scope} ${tail}`;
  }
  return isSelfContained(scoped, "{};,") ? scoped : null;
}

/** `from`, `to`, `50%`, or a comma list of them. */
export function isKeyframeSelector(prelude: string): boolean {
  return /^\s*(?:from|to|\d{1,3}(?:\.\d+)?%)(?:\s*,\s*(?:from|to|\d{1,3}(?:\.\d+)?%))*\s*$/i.test(prelude);
}
