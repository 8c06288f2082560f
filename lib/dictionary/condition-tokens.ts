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

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/;
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const PUNCT = ["<>", "<=", ">=", "!=", "==", "=", "<", ">", "(", ")", ","];

/** Reads `[name]` or `'text'` starting at `start` (the opening character), with backslash escapes. */
function readDelimited(text: string, start: number, close: string, what: string): [string, number] {
  let out = "";
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\") {
      const next = text[i + 1];
      if (next !== "\\" && next !== close)
        throw new TokenError(
          `Unknown escape in ${what} at character ${i + 1} (use \\\\ or \\${close})`,
          i + 1,
        );
      out += next;
      i += 2;
    } else if (ch === close) {
      return [out, i + 1];
    } else {
      out += ch;
      i++;
    }
  }
  throw new TokenError(`Unclosed ${what} starting at character ${start + 1}`, start + 1);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
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
    const rest = text.slice(i);
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ kind: "number", text: number[0], position });
      i += number[0].length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      tokens.push({ kind: "word", text: word[0], position });
      i += word[0].length;
      continue;
    }
    const punct = PUNCT.find((p) => rest.startsWith(p));
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
