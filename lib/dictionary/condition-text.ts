/**
 * Conditions (show_if / required_if / enable_if) as REDCap-like branching-logic text, and back.
 * Pure. `parseConditionText(formatCondition(c))` gives `c` again for every Condition the config
 * schema accepts (a property test checks it); the grammar is in docs/data-dictionary.md:
 *
 *   [field] = 'a'   <>  >  >=  <  <=   [f] in ('a', 2)   [f] not in (…)   [f] contains 'x'
 *   [f] is empty   [f] is not empty   A and B   A or B   ( … )
 *
 * Values: numbers unquoted, strings in single quotes (\' and \\ escaped), true, false, null, a list
 * in parentheses. Exactness for the rarer shapes the schema allows: a parenthesised group inside a
 * group stays nested; a group of 0 or 1 members is written `and(…)` / `or(…)`; an operator without a
 * value is written with none (`[f] =`), one with a value it does not use keeps it (`[f] is empty 1`).
 */
import type { Condition, ConditionOperator, ConditionValue } from "@/lib/schemas/study-config";
import { tokenize, TokenError, type Token } from "./condition-tokens";
import { dictionaryMessage } from "./messages";

const SYMBOL: Partial<Record<ConditionOperator, string>> = {
  eq: "=",
  ne: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  in: "in",
  not_in: "not in",
  contains: "contains",
  is_empty: "is empty",
  is_not_empty: "is not empty",
};

type Scalar = string | number | boolean | null;

function formatScalar(value: Scalar): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

function formatValue(value: ConditionValue): string {
  return Array.isArray(value) ? `(${value.map(formatScalar).join(", ")})` : formatScalar(value);
}

export const formatFieldName = (name: string) => `[${name.replaceAll("\\", "\\\\").replaceAll("]", "\\]")}]`;

export function formatCondition(condition: Condition): string {
  if ("and" in condition) return formatGroup("and", condition.and);
  if ("or" in condition) return formatGroup("or", condition.or);
  const head = `${formatFieldName(condition.field)} ${SYMBOL[condition.operator]}`;
  return condition.value === undefined ? head : `${head} ${formatValue(condition.value)}`;
}

function formatGroup(kind: "and" | "or", members: Condition[]): string {
  if (members.length < 2) return `${kind}(${members.map(formatCondition).join("")})`;
  return members
    .map((m) => ("and" in m || "or" in m ? formatMember(m) : formatCondition(m)))
    .join(` ${kind} `);
}

/** A group inside a group: parenthesised unless it is already written in the prefix form. */
function formatMember(member: Condition): string {
  const members = "and" in member ? member.and : "or" in member ? member.or : [];
  return members.length < 2 ? formatCondition(member) : `(${formatCondition(member)})`;
}

export type ConditionParse =
  { ok: true; condition: Condition } | { ok: false; error: string; position: number };

class ParseError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const OPERATORS: Record<string, ConditionOperator> = {
  "=": "eq",
  "==": "eq",
  "<>": "ne",
  "!=": "ne",
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
};

/**
 * Longest branching-logic text read. A condition the config accepts (8 levels, a few dozen
 * comparisons) is written in a few hundred characters; without a cap one 860 KB cell cost a preview
 * up to a second. The tokenizer is one pass and the parser's recursion is bounded by
 * MAX_TEXT_NESTING (checked before each level's work), so the cost of a cell grows with its length
 * only, and this caps it.
 */
export const MAX_CONDITION_TEXT_LENGTH = 10_000;

// Counts and positions go in as text: they are read as written, never grouped ("10000").
export const conditionTooLongMessage = (length: number) =>
  dictionaryMessage("condition.tooLong", { length: String(length), max: String(MAX_CONDITION_TEXT_LENGTH) });

/**
 * Parses branching-logic text; errors give a message (a catalogue reference, api.dictionary.condition.*
 * and api.dictionary.text.*, decision 0021) and the 1-based character position.
 */
export function parseConditionText(text: string): ConditionParse {
  if (text.length > MAX_CONDITION_TEXT_LENGTH)
    return {
      ok: false,
      error: conditionTooLongMessage(text.length),
      position: MAX_CONDITION_TEXT_LENGTH + 1,
    };
  try {
    const tokens = tokenize(text);
    const parser = new Parser(tokens);
    const condition = parser.expression();
    parser.expectEnd();
    return { ok: true, condition };
  } catch (error) {
    if (error instanceof ParseError || error instanceof TokenError)
      return { ok: false, error: error.message, position: error.position };
    throw error;
  }
}

/** Deeper nesting is refused before it can exhaust the stack (the config allows 8 levels anyway). */
export const MAX_TEXT_NESTING = 64;

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i]!;
  }
  private next(): Token {
    return this.tokens[this.i++]!;
  }
  private isWord(word: string, token = this.peek()) {
    return token.kind === "word" && token.text.toLowerCase() === word;
  }
  private fail(message: string, token = this.peek()): never {
    throw new ParseError(message, token.position);
  }
  private expectClose(key: "expectedClose" | "expectedCloseList") {
    const token = this.peek();
    if (token.kind !== "punct" || token.text !== ")") this.fail(expected(key, token));
    this.i++;
  }

  expectEnd() {
    const token = this.peek();
    if (token.kind !== "end") this.fail(expected("expectedAndOrEnd", token));
  }

  /** or-level: members joined by `or`, each an and-level. */
  expression(): Condition {
    const first = this.conjunction();
    if (!this.isWord("or")) return first;
    const members = [first];
    while (this.isWord("or")) {
      this.i++;
      members.push(this.conjunction());
    }
    return { or: members };
  }

  private conjunction(): Condition {
    const first = this.operand();
    if (!this.isWord("and")) return first;
    const members = [first];
    while (this.isWord("and")) {
      this.i++;
      members.push(this.operand());
    }
    return { and: members };
  }

  private operand(): Condition {
    if (++this.depth > MAX_TEXT_NESTING)
      this.fail(dictionaryMessage("condition.tooDeep", { max: String(MAX_TEXT_NESTING) }));
    try {
      return this.operandAt();
    } finally {
      this.depth--;
    }
  }

  private operandAt(): Condition {
    const token = this.peek();
    if (token.kind === "punct" && token.text === "(") {
      this.i++;
      const inner = this.expression();
      this.expectClose("expectedClose");
      return inner;
    }
    if ((this.isWord("and") || this.isWord("or")) && this.tokens[this.i + 1]?.text === "(") {
      const kind = this.next().text.toLowerCase() as "and" | "or";
      this.i++;
      const members: Condition[] = [];
      if (!(this.peek().kind === "punct" && this.peek().text === ")")) {
        members.push(this.expression());
        while (this.peek().kind === "punct" && this.peek().text === ",") {
          this.i++;
          members.push(this.expression());
        }
      }
      this.expectClose("expectedClose");
      return kind === "and" ? { and: members } : { or: members };
    }
    if (token.kind !== "field") this.fail(expected("expectedField", token));
    this.i++;
    const operator = this.operator();
    const value = this.optionalValue();
    return value === undefined ? { field: token.text, operator } : { field: token.text, operator, value };
  }

  private operator(): ConditionOperator {
    const token = this.next();
    if (token.kind === "punct" && OPERATORS[token.text]) return OPERATORS[token.text]!;
    if (token.kind === "word") {
      const word = token.text.toLowerCase();
      if (word === "in") return "in";
      if (word === "contains") return "contains";
      if (word === "not" && this.isWord("in")) return this.take("not_in");
      if (word === "is" && this.isWord("empty")) return this.take("is_empty");
      if (word === "is" && this.isWord("not") && this.isWord("empty", this.tokens[this.i + 1])) {
        this.i++;
        return this.take("is_not_empty");
      }
    }
    this.fail(expected("expectedOperator", token), token);
  }

  private take(operator: ConditionOperator): ConditionOperator {
    this.i++;
    return operator;
  }

  /** A value when one follows (a literal or a list); none before and / or / ) / , / the end. */
  private optionalValue(): ConditionValue | undefined {
    const token = this.peek();
    if (token.kind === "punct" && token.text === "(") {
      this.i++;
      const items: Scalar[] = [];
      if (!(this.peek().kind === "punct" && this.peek().text === ")")) {
        items.push(this.scalar());
        while (this.peek().kind === "punct" && this.peek().text === ",") {
          this.i++;
          items.push(this.scalar());
        }
      }
      this.expectClose("expectedCloseList");
      return items;
    }
    if (token.kind === "string" || token.kind === "number") return this.scalar();
    if (this.isWord("true") || this.isWord("false") || this.isWord("null")) return this.scalar();
    return undefined;
  }

  private scalar(): Scalar {
    const token = this.next();
    if (token.kind === "string") return token.text;
    if (token.kind === "number") {
      const value = Number(token.text);
      if (!Number.isFinite(value))
        this.fail(dictionaryMessage("condition.numberTooLarge", { number: token.text }), token);
      return value;
    }
    if (token.kind === "word") {
      const word = token.text.toLowerCase();
      if (word === "true") return true;
      if (word === "false") return false;
      if (word === "null") return null;
    }
    this.fail(expected("expectedValue", token), token);
  }
}

/** "Expected … " and where: at the end of the text, or at a character and what was found there. */
function expected(key: string, token: Token): string {
  return dictionaryMessage(`condition.${key}`, { where: describe(token) });
}

function describe(token: Token): string {
  if (token.kind === "end") return dictionaryMessage("condition.atEnd");
  return dictionaryMessage(token.kind === "string" ? "condition.atCharacterText" : "condition.atCharacter", {
    position: String(token.position),
    found: token.text,
  });
}
