/** The tokenizer of branching-logic text (condition-text.ts). Pure. */
export type Token = {
  kind: "field" | "string" | "number" | "word" | "punct" | "end";
  text: string;
  /** 1-based character position in the text. */
  position: number;
};

export class TokenError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

// Sticky (y) expressions read at a position without copying the rest of the text: the tokenizer is
// one pass over the text, whatever its length.
const SPACE = /\s+/y;
const NUMBER = /-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const PUNCT = ["<>", "<=", ">=", "!=", "==", "=", "<", ">", "(", ")", ","];

function stickyMatch(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

// Runs of characters that need no attention inside [name] and 'text', read in one step.
const PLAIN: Record<string, RegExp> = { "]": /[^\\\]]+/y, "'": /[^\\']+/y };

/** Reads `[name]` or `'text'` starting at `start` (the opening character), with backslash escapes. */
function readDelimited(text: string, start: number, close: "]" | "'", what: string): [string, number] {
  const parts: string[] = [];
  let i = start + 1;
  while (i < text.length) {
    const plain = stickyMatch(PLAIN[close]!, text, i);
    if (plain) {
      parts.push(plain);
      i += plain.length;
      continue;
    }
    const ch = text[i]!;
    if (ch === close) return [parts.join(""), i + 1];
    // A backslash: only \\ and \<close> are escapes.
    const next = text[i + 1];
    if (next !== "\\" && next !== close)
      throw new TokenError(`Unknown escape in ${what} at character ${i + 1} (use \\\\ or \\${close})`, i + 1);
    parts.push(next);
    i += 2;
  }
  throw new TokenError(`Unclosed ${what} starting at character ${start + 1}`, start + 1);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const space = stickyMatch(SPACE, text, i);
    if (space) {
      i += space.length;
      continue;
    }
    const ch = text[i]!;
    const position = i + 1;
    if (ch === "[") {
      const [name, end] = readDelimited(text, i, "]", "field name");
      if (!name) throw new TokenError(`Empty field name [] at character ${position}`, position);
      tokens.push({ kind: "field", text: name, position });
      i = end;
      continue;
    }
    if (ch === "'") {
      const [value, end] = readDelimited(text, i, "'", "quoted text");
      tokens.push({ kind: "string", text: value, position });
      i = end;
      continue;
    }
    const number = stickyMatch(NUMBER, text, i);
    if (number) {
      tokens.push({ kind: "number", text: number, position });
      i += number.length;
      continue;
    }
    const word = stickyMatch(WORD, text, i);
    if (word) {
      tokens.push({ kind: "word", text: word, position });
      i += word.length;
      continue;
    }
    const punct = PUNCT.find((p) => text.startsWith(p, i));
    if (punct) {
      tokens.push({ kind: "punct", text: punct, position });
      i += punct.length;
      continue;
    }
    throw new TokenError(`Unexpected character '${ch}' at character ${position}`, position);
  }
  tokens.push({ kind: "end", text: "", position: text.length + 1 });
  return tokens;
}
