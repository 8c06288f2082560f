import { expect } from "vitest";

/**
 * An independent reader of scopedCustomCss output for the property tests (deliberately not the
 * implementation's scanner): the selectors of every style rule at the top level or inside
 * @media/@supports/@container/@layer. Asserts that the braces balance.
 */
export function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const walk = (text: string) => {
    let i = 0;
    let start = 0;
    let depth = 0;
    let blockStart = 0;
    let prelude = "";
    while (i < text.length) {
      const ch = text[i];
      if (ch === "\\") i += 2;
      else if (ch === '"' || ch === "'") {
        i += 1;
        while (i < text.length && text[i] !== ch) i += text[i] === "\\" ? 2 : 1;
        i += 1;
      } else if (ch === "{") {
        if (depth === 0) {
          prelude = text.slice(start, i).trim();
          blockStart = i + 1;
        }
        depth += 1;
        i += 1;
      } else if (ch === "}") {
        depth -= 1;
        i += 1;
        if (depth === 0) {
          const inner = text.slice(blockStart, i - 1);
          if (/^@(media|supports|container|layer)\b/.test(prelude)) walk(inner);
          else if (!/^@(-webkit-)?keyframes |^@font-face$/.test(prelude))
            selectors.push(...splitTop(prelude));
          start = i;
        }
      } else i += 1;
    }
    expect(depth).toBe(0);
    expect(text.slice(start).trim()).toBe("");
  };
  walk(css);
  return selectors;
}

function splitTop(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i += 1) {
    const ch = prelude[i];
    if (ch === "\\") i += 1;
    else if (ch === "(" || ch === "[") depth += 1;
    else if (ch === ")" || ch === "]") depth -= 1;
    else if (ch === "," && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** Starts with the scope and stays inside it: no sibling combinator right after the scope element. */
export function startsWithScope(selector: string, scope: string): boolean {
  if (!selector.startsWith(scope)) return false;
  const rest = selector.slice(scope.length);
  if (rest === "") return true;
  if (/^\s+[~+|]/.test(rest) || !/^[\s.:#[]/.test(rest)) return false;
  // A suffix on the scope element itself (`{scope}.dark`) must not be followed by `~` or `+` either.
  return !/^[.:#[][^\s~+>(]*\s*[~+]/.test(rest);
}
