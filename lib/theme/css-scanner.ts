/**
 * A tiny CSS scanner for the custom-CSS checks (css-safety.ts): it knows what nests in CSS
 * (strings, escapes, comments, and (), [], {} blocks), so a selector list is split at its
 * top-level commas and a piece is known to be self-contained before it is written back. The
 * structure of a sheet (rules, at-rules, declarations) comes from css-tree (scoped-css.ts), never
 * from here. Pure; never throws.
 */

export type Scan = {
  /** Index of the stop character, or the text length when none was met. */
  end: number;
  /** The stop character met at nesting depth 0, or null at end of text. */
  stop: string | null;
  /** False on a bad/unterminated string, a dangling escape, a stray closer or an unclosed block. */
  ok: boolean;
  /** True when a {} block was opened inside the scanned range (a nested rule, not a plain value). */
  nested: boolean;
};

const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const isNewline = (ch: string) => ch === "\n" || ch === "\r" || ch === "\f";

/** Skips a string opened by the quote at `start`. CSS ends a string at an unescaped newline (bad string). */
export function skipString(src: string, start: number): { end: number; ok: boolean } {
  const quote = src.charAt(start);
  let i = start + 1;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (ch === "\\") {
      i += 2;
      continue;
    }
    if (ch === quote) return { end: i + 1, ok: true };
    if (isNewline(ch)) return { end: i, ok: false };
    i += 1;
  }
  return { end: src.length, ok: false };
}

/**
 * Walks from `start` until one of `stops` appears outside any string or block. Closers only close
 * the block they match, as in the CSS syntax spec: a stray ')' inside {} is just a token to the
 * browser, so it must not end anything here either.
 */
export function scanUntil(src: string, start: number, stops: string): Scan {
  const stack: string[] = [];
  let ok = true;
  let nested = false;
  let i = start;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (ch === "\\") {
      if (i + 1 >= src.length) ok = false;
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const string = skipString(src, i);
      ok &&= string.ok;
      i = string.end;
      continue;
    }
    if (stack.length === 0 && stops.includes(ch)) return { end: i, stop: ch, ok, nested };
    const closer = CLOSERS[ch];
    if (closer) {
      if (ch === "{") nested = true;
      stack.push(closer);
    } else if (ch === ")" || ch === "]" || ch === "}") {
      if (stack.at(-1) === ch) stack.pop();
      else ok = false;
    }
    i += 1;
  }
  return { end: src.length, stop: null, ok: ok && stack.length === 0, nested };
}

/** Replaces every comment with one space (so no two tokens fuse) and drops an unterminated one. */
export function stripComments(src: string): string {
  let out = "";
  let i = 0;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (ch === "\\") {
      out += src.slice(i, i + 2);
      i += 2;
    } else if (ch === '"' || ch === "'") {
      const string = skipString(src, i);
      out += src.slice(i, string.end);
      i = string.end;
    } else if (ch === "/" && src.charAt(i + 1) === "*") {
      const close = src.indexOf("*/", i + 2);
      if (close === -1) break;
      out += " ";
      i = close + 2;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** True when `text` is one complete piece: no stop character at depth 0, nothing unbalanced or dangling. */
export function isSelfContained(text: string, stops: string): boolean {
  const scan = scanUntil(text, 0, stops);
  return scan.stop === null && scan.ok && !scan.nested;
}

/** Resolves CSS escapes (\75 rl, \u) to the characters the browser will see; used only for checks. */
export function decodeEscapes(text: string): string {
  return text.replace(
    /\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\([\s\S])/g,
    (_match, hex?: string, char?: string) => {
      if (hex !== undefined) {
        const code = parseInt(hex, 16);
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        return valid ? String.fromCodePoint(code) : "\ufffd";
      }
      return char !== undefined && isNewline(char) ? "" : (char ?? "");
    },
  );
}
