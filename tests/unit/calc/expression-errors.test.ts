import { describe, expect, it } from "vitest";
import {
  evaluateExpression,
  expressionDependencies,
  MAX_EXPRESSION_DEPTH,
  NOT_A_SCALAR_MESSAGE,
  parseExpression,
  WORK_LIMIT_MESSAGE,
} from "@/lib/calc";

function error(source: string, data: Record<string, unknown> = {}) {
  const result = evaluateExpression(source, data);
  expect(result.value, source).toBeNull();
  return result.error;
}

describe("runtime errors come back as Python messages", () => {
  it.each([
    ["1 / 0", "ZeroDivisionError: division by zero"],
    ["1.5 / 0", "ZeroDivisionError: division by zero"],
    ["1 // 0", "ZeroDivisionError: integer division or modulo by zero"],
    ["1 % 0", "ZeroDivisionError: integer division or modulo by zero"],
    ["1.0 // 0", "ZeroDivisionError: float floor division by zero"],
    ["1.0 % 0.0", "ZeroDivisionError: float modulo by zero"],
    ["0 ** -1", "ZeroDivisionError: 0.0 cannot be raised to a negative power"],
    ["data['pasi']", "KeyError: 'pasi'"],
    ["data[0]", "KeyError: 0"],
    ["'a' + 1", 'TypeError: can only concatenate str (not "int") to str'],
    ["[1] + 1", 'TypeError: can only concatenate list (not "int") to list'],
    ["1 + 'a'", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"],
    ["None + 1", "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'"],
    ["data.get('x') * 2", "TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'"],
    ["-None", "TypeError: bad operand type for unary -: 'NoneType'"],
    ["-'a'", "TypeError: bad operand type for unary -: 'str'"],
    ["'a' * 2.0", "TypeError: can't multiply sequence by non-int of type 'float'"],
    ["'a' - 'b'", "TypeError: unsupported operand type(s) for -: 'str' and 'str'"],
    ["'a' < 1", "TypeError: '<' not supported between instances of 'str' and 'int'"],
    ["1 >= 'a'", "TypeError: '>=' not supported between instances of 'int' and 'str'"],
    ["None < 1", "TypeError: '<' not supported between instances of 'NoneType' and 'int'"],
    ["1 in 'abc'", "TypeError: 'in <string>' requires string as left operand, not int"],
    ["1 in 5", "TypeError: argument of type 'int' is not iterable"],
    ["[1] in data", "TypeError: unhashable type: 'list'"],
    ["5[0]", "TypeError: 'int' object is not subscriptable"],
    ["[1]['a']", "TypeError: list indices must be integers or slices, not str"],
    ["[1][5]", "IndexError: list index out of range"],
    ["'ab'[-3]", "IndexError: string index out of range"],
    ["[1].get('a')", "AttributeError: 'list' object has no attribute 'get'"],
    ["data.get()", "TypeError: get expected at least 1 arguments, got 0"],
    ["abs('a')", "TypeError: bad operand type for abs(): 'str'"],
    ["abs(1, 2)", "TypeError: abs() takes exactly one argument (2 given)"],
    ["len(5)", "TypeError: object of type 'int' has no len()"],
    ["min()", "TypeError: min expected at least 1 argument, got 0"],
    ["max([])", "ValueError: max() iterable argument is empty"],
    ["min(1, 'a')", "TypeError: '<' not supported between instances of 'str' and 'int'"],
    ["sum(5)", "TypeError: 'int' object is not iterable"],
    ["sum(['a'])", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"],
    ["sum([1], 'a')", "TypeError: sum() can't sum strings [use ''.join(seq) instead]"],
    ["round('a')", "TypeError: type str doesn't define __round__ method"],
    ["round(1.5, 1.5)", "TypeError: 'float' object cannot be interpreted as an integer"],
    ["round(float('nan'))", "ValueError: cannot convert float NaN to integer"],
    ["round(float('inf'))", "OverflowError: cannot convert float infinity to integer"],
    ["int('4.2')", "ValueError: invalid literal for int() with base 10: '4.2'"],
    [
      "int(None)",
      "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    ],
    ["int('10', 2)", "TypeError: int() with a base is not supported"],
    ["float('abc')", "ValueError: could not convert string to float: 'abc'"],
    ["float([1])", "TypeError: float() argument must be a string or a real number, not 'list'"],
    ["(-8) ** 0.5", "ValueError: negative number cannot be raised to a fractional power"],
    ["10.0 ** 400", "OverflowError: numerical result out of range"],
    ["(1 + 2 ** -52) ** 1e300", "OverflowError: numerical result out of range"],
    ["2 ** 5000", "OverflowError: integer is too large (maximum 4096 bits)"],
    ["float(2 ** 2000)", "OverflowError: int too large to convert to float"],
    ["'%d' % 1", "TypeError: string formatting with % is not supported"],
  ])("%s → %s", (source, message) => {
    expect(error(source)).toBe(message);
  });

  it("refuses results that are not a number, text or boolean", () => {
    expect(error("[1, 2]")).toBe(NOT_A_SCALAR_MESSAGE);
    expect(error("data", { a: 1 })).toBe(NOT_A_SCALAR_MESSAGE);
    expect(error("float('inf')")).toBe("ValueError: result is not a finite number (inf)");
    expect(error("float('nan')")).toBe("ValueError: result is not a finite number (nan)");
  });

  it("gives None as null without an error", () => {
    expect(evaluateExpression("data.get('x')", {})).toEqual({ value: null, error: null });
  });
});

describe("syntax and names", () => {
  it.each([
    ["", "SyntaxError: expression is empty"],
    ["   ", "SyntaxError: expression is empty"],
    ["1 +", "SyntaxError: unexpected end of expression (position 4)"],
    ["(1", "SyntaxError: unexpected end of expression, expected ')' (position 3)"],
    ["1 2", "SyntaxError: unexpected '2' (position 3)"],
    ["'abc", "SyntaxError: unterminated string literal (position 1)"],
    ["x = 1", "SyntaxError: unsupported character '=' (did you mean '=='?) (position 3)"],
    ["1 = 1", "SyntaxError: unsupported character '=' (did you mean '=='?) (position 3)"],
    ["1 & 2", "SyntaxError: unsupported character '&' (position 3)"],
    ["{}", "SyntaxError: unsupported character '{' (position 1)"],
    ["0123", "SyntaxError: leading zeros in decimal integer literals are not permitted (position 1)"],
    ["1abc", "SyntaxError: invalid decimal literal (position 2)"],
    ["f'x'", "SyntaxError: string prefixes are not supported (position 1)"],
    ["'\\x4'", "SyntaxError: truncated or invalid \\x escape (position 2)"],
    ["foo", "NameError: name 'foo' is not defined"],
    ["eval('1')", "NameError: name 'eval' is not defined"],
    ["__import__('os')", "NameError: name '__import__' is not defined"],
    ["abs", "SyntaxError: abs must be called (position 1)"],
    [
      "data(1)",
      "SyntaxError: only abs, min, max, round, len, sum, int, float, str, bool and .get can be called (position 5)",
    ],
    ["data.keys()", "SyntaxError: '.keys' is not supported; only .get(...) is (position 6)"],
    ["data.get", "SyntaxError: '.get' is not supported; only .get(...) is (position 6)"],
    ["data.__class__", "SyntaxError: '.__class__' is not supported; only .get(...) is (position 6)"],
    ["()", "SyntaxError: unexpected ')' (position 2)"],
    ["(1, 2)", "SyntaxError: unexpected ',', expected ')' (position 3)"],
    ["[1, 2][0:1]", "SyntaxError: unsupported character ':' (position 9)"],
    ["lambda x: 1", "SyntaxError: unsupported character ':' (position 9)"],
    ["lambda", "NameError: name 'lambda' is not defined"],
    ["1 if 2", "SyntaxError: unexpected end of expression, expected 'else' (position 7)"],
    ["not", "SyntaxError: unexpected end of expression (position 4)"],
    ["and 1", "SyntaxError: unexpected 'and' (position 1)"],
  ])("%j → %s", (source, message) => {
    expect(error(source)).toBe(message);
    expect(parseExpression(source)).toEqual({ ok: false, error: message });
  });

  it("parses a valid expression to an AST", () => {
    const parsed = parseExpression("data['a'] + 1");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.ast.type).toBe("binary");
  });

  it("accepts newlines and tabs as spacing", () => {
    expect(evaluateExpression("(1 +\n\t2)", {})).toEqual({ value: 3, error: null });
  });
});

describe("limits", () => {
  it("rejects expressions over 1,000 characters", () => {
    const long = "1" + " + 1".repeat(250);
    expect(long.length).toBeGreaterThan(1000);
    expect(parseExpression(long)).toEqual({
      ok: false,
      error: "Expression is too long (maximum 1000 characters)",
    });
    expect(error(long)).toBe("Expression is too long (maximum 1000 characters)");
    expect(evaluateExpression("1" + " + 1".repeat(249), {}).value).toBe(250);
  });

  const tooDeep = "Expression is nested too deeply (maximum depth 64)";

  it("allows 64 levels of nesting and refuses 65", () => {
    const nest = (n: number) => "(".repeat(n) + "1" + ")".repeat(n);
    expect(evaluateExpression(nest(MAX_EXPRESSION_DEPTH), {})).toEqual({ value: 1, error: null });
    expect(error(nest(MAX_EXPRESSION_DEPTH + 1))).toBe(tooDeep);
    expect(error("[".repeat(65) + "]".repeat(65))).toBe(tooDeep);
    expect(error("abs(".repeat(65) + "1" + ")".repeat(65))).toBe(tooDeep);
    expect(error("-".repeat(65) + "1")).toBe(tooDeep);
    expect(error("not ".repeat(65) + "1")).toBe(tooDeep);
    expect(error("2 ** ".repeat(65) + "1")).toBe(tooDeep);
    // Mixed constructs add up: 32 lists and 32 parentheses are 64 levels; a unary minus is one more.
    expect(evaluateExpression("[(".repeat(32) + "1" + ")]".repeat(32), {}).error).toBe(NOT_A_SCALAR_MESSAGE);
    expect(error("[(".repeat(32) + "-1" + ")]".repeat(32))).toBe(tooDeep);
    // Trailers in a row (data['a']['b']...) are not nesting.
    expect(error("data" + "['a']".repeat(100))).toBe("KeyError: 'a'");
    expect(error("1 if 1 else ".repeat(65) + "1")).toBe(tooDeep);
  });

  it("does not count flat operator chains as nesting", () => {
    expect(evaluateExpression("1" + " - 1".repeat(199), {}).value).toBe(-198);
    expect(evaluateExpression("1" + " and 1".repeat(150), {}).value).toBe(1);
  });

  it("caps the size of strings and lists an expression can build", () => {
    expect(evaluateExpression("len('x' * 100000)", {}).value).toBe(100000);
    expect(error("'x' * 100001")).toBe(
      "MemoryError: result is too long (maximum 100000 characters or items)",
    );
    expect(error("[0] * 10 ** 9")).toBe(
      "MemoryError: result is too long (maximum 100000 characters or items)",
    );
    expect(error("len(('x' * 60000) + ('x' * 60000))")).toMatch(/^MemoryError/);
    expect(error("str([[0] * 1000] * 1000)")).toMatch(/^MemoryError/);
    expect(error("'x' * 10 ** 100")).toMatch(/^MemoryError/);
  });

  it("caps the total work of an evaluation", () => {
    // Comparing 100,000 pairs of 100,000-item lists would take minutes; the counted budget stops it,
    // with the same error on any machine under any load (decision 0017).
    expect(error("[[0] * 100000] * 100000 == [[0] * 100000] * 100000")).toBe(WORK_LIMIT_MESSAGE);
  });

  it("stops on self-containing data instead of recursing for ever", () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    const list: unknown[] = [];
    list.push(list);
    expect(error("str(data)", loop)).toMatch(/^(RecursionError|MemoryError|RuntimeError)/);
    expect(evaluateExpression("data['self']['self']['a']", loop)).toEqual({ value: 1, error: null });
    expect(evaluateExpression("data == data['self']", loop)).toEqual({ value: true, error: null });
    expect(error("len(data['l'])", { l: list })).toBe("ValueError: data value is nested too deeply");
  });
});

describe("expressionDependencies", () => {
  it("lists constant keys read through data[...] and data.get(...)", () => {
    expect(
      expressionDependencies("data['a'] + data.get('b', 0) + data[\"a\"] + data.get('c') * len(data['d'])"),
    ).toEqual(["a", "b", "c", "d"]);
  });

  it("ignores computed keys, nested objects and parse errors", () => {
    expect(expressionDependencies("data['a' + 'b'] + data['n']['inner'] + data.get(data['k'])")).toEqual([
      "n",
      "k",
    ]);
    expect(expressionDependencies("data['a'] +")).toEqual([]);
  });
});
