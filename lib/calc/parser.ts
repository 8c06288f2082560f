/**
 * Recursive-descent parser for the Python expression subset, following Python's grammar and
 * precedence: conditional < or < and < not < comparisons < + - < * / // % < unary < ** < trailers.
 * Names are resolved here, so an expression that parses can only read `data` and call the fixed
 * builtins. Pure: no I/O.
 */
import { type BuiltinName, BUILTIN_NAMES, isBuiltinName } from "./py-builtins";
import type { ArithmeticOperator } from "./py-ops";
import { syntaxError, type Token, tokenize } from "./tokenizer";
import { fail } from "./py-values";

export const MAX_EXPRESSION_LENGTH = 1000;
export const MAX_EXPRESSION_DEPTH = 64;
export const TOO_LONG_MESSAGE = `Expression is too long (maximum ${MAX_EXPRESSION_LENGTH} characters)`;
export const TOO_DEEP_MESSAGE = `Expression is nested too deeply (maximum depth ${MAX_EXPRESSION_DEPTH})`;

export type CompareOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in" | "is" | "is not";

export type ExprNode =
  | { type: "int"; value: bigint }
  | { type: "float"; value: number }
  | { type: "str"; value: string }
  | { type: "constant"; value: boolean | null }
  | { type: "data" }
  | { type: "list"; items: ExprNode[] }
  | { type: "subscript"; object: ExprNode; index: ExprNode }
  | { type: "call"; name: BuiltinName; args: ExprNode[] }
  | { type: "get"; object: ExprNode; args: ExprNode[] }
  | { type: "unary"; op: "-" | "+" | "not"; operand: ExprNode }
  | { type: "binary"; op: ArithmeticOperator; left: ExprNode; right: ExprNode }
  | { type: "compare"; first: ExprNode; rest: { op: CompareOperator; right: ExprNode }[] }
  | { type: "bool"; op: "and" | "or"; left: ExprNode; right: ExprNode }
  | { type: "conditional"; test: ExprNode; body: ExprNode; orelse: ExprNode };

/** A length or depth limit was passed; its message is shown as it is (no Python error type). */
export class LimitError extends Error {}

const KEYWORDS = new Set(["and", "or", "not", "in", "is", "if", "else", "True", "False", "None"]);
const COMPARE_OPS = new Set(["==", "!=", "<", "<=", ">", ">="]);

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExprNode {
    if (this.peek().kind === "eof") fail("SyntaxError", "expression is empty");
    const node = this.test();
    if (this.peek().kind !== "eof") this.unexpected();
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] ?? { kind: "eof", pos: 0 };
  }

  private next(): Token {
    const token = this.peek();
    this.index += 1;
    return token;
  }

  /** Consumes an operator token the caller has already checked, and returns its text. */
  private nextOp(): string {
    const token = this.next();
    return token.kind === "op" ? token.value : "";
  }

  private isOp(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "op" && token.value === value;
  }

  private isKeyword(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "name" && token.value === value;
  }

  private expectOp(value: string): void {
    if (!this.isOp(value)) this.unexpected(`expected '${value}'`);
    this.index += 1;
  }

  private unexpected(expected?: string): never {
    const token = this.peek();
    const what = token.kind === "eof" ? "end of expression" : `'${String(token.value)}'`;
    return syntaxError(`unexpected ${what}${expected ? `, ${expected}` : ""}`, token.pos);
  }

  /** Every construct that nests (brackets, unary chains, `**`, `else`) passes through here. */
  private nest<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_EXPRESSION_DEPTH) throw new LimitError(TOO_DEEP_MESSAGE);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private test(): ExprNode {
    const body = this.orTest();
    if (!this.isKeyword("if")) return body;
    this.index += 1;
    const test = this.orTest();
    if (!this.isKeyword("else")) this.unexpected("expected 'else'");
    this.index += 1;
    return { type: "conditional", test, body, orelse: this.nest(() => this.test()) };
  }

  private orTest(): ExprNode {
    let left = this.andTest();
    while (this.isKeyword("or")) {
      this.index += 1;
      left = { type: "bool", op: "or", left, right: this.andTest() };
    }
    return left;
  }

  private andTest(): ExprNode {
    let left = this.notTest();
    while (this.isKeyword("and")) {
      this.index += 1;
      left = { type: "bool", op: "and", left, right: this.notTest() };
    }
    return left;
  }

  private notTest(): ExprNode {
    if (!this.isKeyword("not")) return this.comparison();
    this.index += 1;
    return { type: "unary", op: "not", operand: this.nest(() => this.notTest()) };
  }

  private compareOperator(): CompareOperator | null {
    const token = this.peek();
    if (token.kind === "op" && COMPARE_OPS.has(token.value)) return token.value as CompareOperator;
    if (this.isKeyword("in")) return "in";
    if (this.isKeyword("not") && this.isKeyword("in", 1)) return "not in";
    if (this.isKeyword("is")) return this.isKeyword("not", 1) ? "is not" : "is";
    return null;
  }

  private comparison(): ExprNode {
    const first = this.arith();
    const rest: { op: CompareOperator; right: ExprNode }[] = [];
    for (let op = this.compareOperator(); op !== null; op = this.compareOperator()) {
      this.index += op.includes(" ") ? 2 : 1;
      rest.push({ op, right: this.arith() });
    }
    return rest.length === 0 ? first : { type: "compare", first, rest };
  }

  private arith(): ExprNode {
    let left = this.term();
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.nextOp() as "+" | "-";
      left = { type: "binary", op, left, right: this.term() };
    }
    return left;
  }

  private term(): ExprNode {
    let left = this.factor();
    while (this.isOp("*") || this.isOp("/") || this.isOp("//") || this.isOp("%")) {
      const op = this.nextOp() as "*" | "/" | "//" | "%";
      left = { type: "binary", op, left, right: this.factor() };
    }
    return left;
  }

  private factor(): ExprNode {
    if (!this.isOp("-") && !this.isOp("+")) return this.power();
    const op = this.nextOp() as "-" | "+";
    return { type: "unary", op, operand: this.nest(() => this.factor()) };
  }

  /** `**` binds tighter than a unary minus on its left and takes a unary on its right: -2 ** -1. */
  private power(): ExprNode {
    const base = this.primary();
    if (!this.isOp("**")) return base;
    this.index += 1;
    return { type: "binary", op: "**", left: base, right: this.nest(() => this.factor()) };
  }

  private primary(): ExprNode {
    let node = this.atom();
    for (;;) {
      if (this.isOp("[")) {
        this.index += 1;
        const index = this.nest(() => this.test());
        this.expectOp("]");
        node = { type: "subscript", object: node, index };
      } else if (this.isOp(".")) {
        const name = this.peek(1);
        if (name.kind !== "name" || name.value !== "get" || !this.isOp("(", 2)) {
          const what = name.kind === "name" ? `'.${name.value}'` : "this attribute access";
          syntaxError(`${what} is not supported; only .get(...) is`, name.pos);
        }
        this.index += 2;
        node = { type: "get", object: node, args: this.callArguments() };
      } else if (this.isOp("(")) {
        syntaxError(`only ${BUILTIN_NAMES.join(", ")} and .get can be called`, this.peek().pos);
      } else {
        return node;
      }
    }
  }

  private items(close: string): ExprNode[] {
    const items: ExprNode[] = [];
    while (!this.isOp(close)) {
      items.push(this.test());
      if (!this.isOp(",")) break;
      this.index += 1;
    }
    this.expectOp(close);
    return items;
  }

  /** A bracketed list of expressions: one nesting level, however many items. */
  private sequence(close: string): ExprNode[] {
    return this.nest(() => this.items(close));
  }

  private callArguments(): ExprNode[] {
    this.expectOp("(");
    return this.sequence(")");
  }

  private atom(): ExprNode {
    const token = this.next();
    switch (token.kind) {
      case "int":
        return { type: "int", value: token.value };
      case "float":
        return { type: "float", value: token.value };
      case "str": {
        let value = token.value;
        // Adjacent literals concatenate, as in Python: 'a' 'b' == 'ab'.
        for (let next = this.peek(); next.kind === "str"; next = this.peek()) {
          value += next.value;
          this.index += 1;
        }
        return { type: "str", value };
      }
      case "name":
        return this.nameAtom(token.value, token.pos);
      case "op":
        if (token.value === "(") {
          const inner = this.nest(() => this.test());
          this.expectOp(")");
          return inner;
        }
        if (token.value === "[") return { type: "list", items: this.sequence("]") };
        break;
    }
    this.index -= 1;
    return this.unexpected();
  }

  private nameAtom(name: string, pos: number): ExprNode {
    if (name === "True" || name === "False") return { type: "constant", value: name === "True" };
    if (name === "None") return { type: "constant", value: null };
    if (name === "data") return { type: "data" };
    if (isBuiltinName(name)) {
      if (!this.isOp("(")) syntaxError(`${name} must be called`, pos);
      return { type: "call", name, args: this.callArguments() };
    }
    if (KEYWORDS.has(name)) {
      this.index -= 1;
      return this.unexpected();
    }
    return fail("NameError", `name '${name}' is not defined`);
  }
}

/** Parses or throws PyError / LimitError; the public wrapper turns both into messages. */
export function parse(source: string): ExprNode {
  if (source.length > MAX_EXPRESSION_LENGTH) throw new LimitError(TOO_LONG_MESSAGE);
  return new Parser(tokenize(source)).parse();
}
