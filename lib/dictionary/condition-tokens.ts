/**
 * The tokenizer of branching-logic text (condition-text.ts). Pure. Its messages are catalogue
 * references (api.dictionary.text.*, decision 0021).
 */
import { dictionaryMessage } from "./messages";

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

/** The messages of `[name]` and of `'text'`: each its own sentence, so each language words it. */
const DELIMITED = {
  "]": { unknownEscape: "text.unknownEscapeInName", unclosed: "text.unclosedName" },
  "'": { unknownEscape: "text.unknownEscapeInText", unclosed: "text.unclosedText" },
} as const;

/** Reads `[name]` or `'text'` starting at `start` (the opening character), with backslash escapes. */
function readDelimited(text: string, start: number, close: "]" | "'"): [string, number] {
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
      throw new TokenError(
        dictionaryMessage(DELIMITED[close].unknownEscape, { position: String(i + 1) }),
        i + 1,
      );
    parts.push(next);
    i += 2;
  }
  throw new TokenError(
    dictionaryMessage(DELIMITED[close].unclosed, { position: String(start + 1) }),
    start + 1,
  );
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
      const [name, end] = readDelimited(text, i, "]");
      if (!name)
        throw new TokenError(
          dictionaryMessage("text.emptyFieldName", { position: String(position) }),
          position,
        );
      tokens.push({ kind: "field", text: name, position });
      i = end;
      continue;
    }
    if (ch === "'") {
      const [value, end] = readDelimited(text, i, "'");
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
    throw new TokenError(
      dictionaryMessage("text.unexpectedCharacter", { character: ch, position: String(position) }),
      position,
    );
  }
  tokens.push({ kind: "end", text: "", position: text.length + 1 });
  return tokens;
}
