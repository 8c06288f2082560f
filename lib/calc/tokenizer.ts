/**
 * Tokenizer for the Python expression subset. Pure: no I/O.
 * Positions are 0-based offsets into the source; messages show them 1-based.
 */
import { checkInt } from "./py-numbers";
import { fail } from "./py-values";

export type Token =
  | { kind: "int"; value: bigint; pos: number }
  | { kind: "float"; value: number; pos: number }
  | { kind: "str"; value: string; pos: number }
  | { kind: "name"; value: string; pos: number }
  | { kind: "op"; value: string; pos: number }
  | { kind: "eof"; pos: number };

const OPERATORS = [
  "**",
  "//",
  "==",
  "!=",
  "<=",
  ">=",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
];
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

const DIGITS = String.raw`\d(?:_?\d)*`;
const DECIMAL = new RegExp(
  String.raw`(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?`,
  "y",
);
const PREFIXED_INT = /0(?:[xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/y;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const IDENTIFIER_CHAR = /[A-Za-z0-9_]/;

export function syntaxError(message: string, pos: number): never {
  return fail("SyntaxError", `${message} (position ${pos + 1})`);
}

function matchAt(pattern: RegExp, source: string, pos: number): string | null {
  pattern.lastIndex = pos;
  return pattern.exec(source)?.[0] ?? null;
}

function readNumber(source: string, pos: number): { token: Token; end: number } {
  const prefixed = matchAt(PREFIXED_INT, source, pos);
  const text = prefixed ?? matchAt(DECIMAL, source, pos) ?? "";
  const end = pos + text.length;
  if (end < source.length && IDENTIFIER_CHAR.test(source[end] ?? ""))
    syntaxError("invalid decimal literal", end);
  const clean = text.replace(/_/g, "");
  if (prefixed !== null) return { token: { kind: "int", value: checkInt(BigInt(clean)), pos }, end };
  if (/[.eE]/.test(clean)) return { token: { kind: "float", value: Number(clean), pos }, end };
  if (/^0+[1-9]/.test(clean)) {
    syntaxError("leading zeros in decimal integer literals are not permitted", pos);
  }
  return { token: { kind: "int", value: checkInt(BigInt(clean)), pos }, end };
}

function readEscape(source: string, pos: number): { text: string; end: number } {
  const char = source[pos] ?? "";
  const simple = Object.hasOwn(SIMPLE_ESCAPES, char) ? SIMPLE_ESCAPES[char] : undefined;
  if (simple !== undefined) return { text: simple, end: pos + 1 };
  if (char === "\n") return { text: "", end: pos + 1 }; // line continuation
  const octal = /[0-7]{1,3}/y;
  octal.lastIndex = pos;
  const octalDigits = octal.exec(source)?.[0];
  if (octalDigits)
    return { text: String.fromCodePoint(parseInt(octalDigits, 8)), end: pos + octalDigits.length };
  const hexLength = char === "x" ? 2 : char === "u" ? 4 : char === "U" ? 8 : 0;
  if (hexLength > 0) {
    const hex = source.slice(pos + 1, pos + 1 + hexLength);
    const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === hexLength ? parseInt(hex, 16) : NaN;
    if (Number.isNaN(code) || code > 0x10ffff) syntaxError(`truncated or invalid \\${char} escape`, pos - 1);
    return { text: String.fromCodePoint(code), end: pos + 1 + hexLength };
  }
  if (char === "N") syntaxError("\\N{...} escapes are not supported", pos - 1);
  return { text: `\\${char}`, end: pos + 1 }; // Python keeps unknown escapes as written
}

function readString(source: string, pos: number): { token: Token; end: number } {
  const quote = source[pos];
  let value = "";
  let index = pos + 1;
  for (;;) {
    const char = source[index];
    if (char === undefined || char === "\n" || char === "\r") syntaxError("unterminated string literal", pos);
    if (char === quote) return { token: { kind: "str", value, pos }, end: index + 1 };
    if (char === "\\") {
      const escape = readEscape(source, index + 1);
      value += escape.text;
      index = escape.end;
    } else {
      value += char;
      index += 1;
    }
  }
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < source.length) {
    const char = source[pos] ?? "";
    const next = source[pos + 1] ?? "";
    if (/\s/.test(char)) {
      pos += 1;
    } else if (char === "#") {
      while (pos < source.length && source[pos] !== "\n") pos += 1;
    } else if (/\d/.test(char) || (char === "." && /\d/.test(next))) {
      const { token, end } = readNumber(source, pos);
      tokens.push(token);
      pos = end;
    } else if (char === "'" || char === '"') {
      const { token, end } = readString(source, pos);
      tokens.push(token);
      pos = end;
    } else if (/[A-Za-z_]/.test(char)) {
      const name = matchAt(IDENTIFIER, source, pos) ?? char;
      const after = source[pos + name.length];
      if ((after === "'" || after === '"') && /^(?:[rbuf]|rb|br|fr|rf)$/i.test(name)) {
        syntaxError("string prefixes are not supported", pos);
      }
      tokens.push({ kind: "name", value: name, pos });
      pos += name.length;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, pos));
      if (op === undefined) {
        const hint = char === "=" ? " (did you mean '=='?)" : "";
        syntaxError(`unsupported character '${char}'${hint}`, pos);
      }
      tokens.push({ kind: "op", value: op, pos });
      pos += op.length;
    }
  }
  tokens.push({ kind: "eof", pos: source.length });
  return tokens;
}
