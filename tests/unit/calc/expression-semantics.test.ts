import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/calc";

/** Evaluates and expects success; `str(...)` cases show Python's int/float distinction. */
function value(source: string, data: Record<string, unknown> = {}) {
  const result = evaluateExpression(source, data);
  expect(result.error, source).toBeNull();
  return result.value;
}

const cases = (rows: [string, unknown][]) => rows.map(([source, expected]) => ({ source, expected }));

describe("literals", () => {
  it.each(
    cases([
      ["42", 42],
      ["1_000", 1000],
      ["1e3", 1000],
      ["str(1e3)", "1000.0"],
      [".5", 0.5],
      ["1.", 1],
      ["str(1.)", "1.0"],
      ["1.5e-3", 0.0015],
      ["0x1f", 31],
      ["0o17", 15],
      ["0b101", 5],
      ["'single'", "single"],
      ['"double"', "double"],
      ["'it\\'s'", "it's"],
      ["'tab\\there'", "tab\there"],
      ["'a\\nb'", "a\nb"],
      ["'\\x41\\u00e9'", "Aé"],
      ["'\\101'", "A"],
      ["'\\q'", "\\q"],
      ["'a' 'b'", "ab"],
      ["True", true],
      ["False", false],
      ["None", null],
      ["len([1, 'a', None])", 3],
      ["len([1, 2,])", 2],
      ["len([])", 0],
      ["1 # a trailing comment", 1],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source)).toEqual(expected);
  });
});

describe("arithmetic with Python's int/float semantics", () => {
  it.each(
    cases([
      ["1 + 2", 3],
      ["str(2 * 3)", "6"],
      ["str(7 / 7)", "1.0"],
      ["10 / 4", 2.5],
      ["7 // 2", 3],
      ["-7 // 2", -4],
      ["str(7.5 // 2)", "3.0"],
      ["-7.5 // 2", -4],
      ["str(5 // -2.0)", "-3.0"],
      ["-7 % 3", 2],
      ["7 % -3", -2],
      ["-7.5 % 2", 0.5],
      ["7.5 % -2", -0.5],
      ["str(-0.0 // 1)", "-0.0"],
      ["2 ** 10", 1024],
      ["2 ** -1", 0.5],
      ["str(2 ** -1)", "0.5"],
      ["-2 ** 2", -4],
      ["(-2) ** 2", 4],
      ["2 ** 3 ** 2", 512],
      ["2 ** -2 ** 2", 0.0625],
      ["str(2 ** 0.5)", "1.4142135623730951"],
      ["str(2 ** 1.5)", "2.8284271247461903"],
      ["str(4 ** 0.5)", "2.0"],
      ["(1 - 2 ** -53) ** 1e300", 0],
      ["str(0.5 ** 1100)", "0.0"],
      ["str(0.5 ** 1074)", "5e-324"],
      ["str(0.5 ** 1075)", "0.0"],
      ["str(0.5 ** 1073.5)", "5e-324"],
      ["str(1.7 ** -1390)", "4.743e-321"],
      ["str(2.0 ** -1022)", "2.2250738585072014e-308"],
      ["str(2.0 ** 1023)", "8.98846567431158e+307"],
      ["str(1.5 ** 2.5)", "2.7556759606310752"],
      ["str(1.1 ** 10)", "2.5937424601000023"],
      ["str((-2.0) ** 3)", "-8.0"],
      ["str(10 ** 20)", "100000000000000000000"],
      ["str(2 ** 100)", "1267650600228229401496703205376"],
      ["str(10 ** 30 // 7)", "142857142857142857142857142857"],
      ["(10 ** 400) / (10 ** 399)", 10],
      ["str(9007199254740993 + 0)", "9007199254740993"],
      ["True + True", 2],
      ["str(True + True)", "2"],
      ["str(True * 1.5)", "1.5"],
      ["-True", -1],
      ["+True", 1],
      ["- - 3", 3],
      ["1 - 0.9", 0.09999999999999998],
      ["str(0.1 + 0.2)", "0.30000000000000004"],
      ["1e308 * 10 > 1e308", true],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source)).toEqual(expected);
  });
});

describe("strings and lists", () => {
  it.each(
    cases([
      ["'ab' + 'cd'", "abcd"],
      ["'ab' * 3", "ababab"],
      ["3 * 'ab'", "ababab"],
      ["'ab' * -1", ""],
      ["'ab' * True", "ab"],
      ["len([1, 2] + [3])", 3],
      ["str([1, 2] * 2)", "[1, 2, 1, 2]"],
      ["str([0] * 0)", "[]"],
      ["len('héllo')", 5],
      ["len('😀')", 1],
      ["'😀x'[1]", "x"],
      ["'abc'[1]", "b"],
      ["'abc'[-1]", "c"],
      ["[1, 2, 3][-2]", 2],
      ["[[1, 2], [3]][0][1]", 2],
      ["[10, 20][True]", 20],
      ["'a' in 'cat'", true],
      ["'' in 'cat'", true],
      ["'x' not in 'cat'", true],
      ["3 in [1, 2, 3]", true],
      ["3.0 in [1, 2, 3]", true],
      ["'3' in [1, 2, 3]", false],
      ["[1] in [[1], 2]", true],
      ["4 not in [1, 2, 3]", true],
      ["str(['it\\'s', 'q\"x', 'a\\nb', None, True, 2.5])", "[\"it's\", 'q\"x', 'a\\nb', None, True, 2.5]"],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source)).toEqual(expected);
  });
});

describe("comparisons, identity and boolean logic", () => {
  it.each(
    cases([
      ["1 == 1.0", true],
      ["1 == True", true],
      ["'1' == 1", false],
      ["'1' != 1", true],
      ["None == 0", false],
      ["None == None", true],
      ["[1] == [1.0]", true],
      ["[1, 2] != [1, 2]", false],
      ["2 < 3", true],
      ["3 <= 3", true],
      ["3 > 3", false],
      ["3 >= 3.0", true],
      ["9007199254740993 > 9007199254740992.0", true],
      ["'a' < 'b'", true],
      ["'abc' < 'abd'", true],
      ["'Z' < 'a'", true],
      ["'\uffff' < '😀'", true],
      ["[1, 2] < [1, 3]", true],
      ["[1, 2] < [1, 2, 0]", true],
      ["1 < 2 < 3", true],
      ["1 < 3 < 2", false],
      ["1 < 2 == 2", true],
      ["3 > 2 > 1 > 0", true],
      ["0 < 1 < None if False else True", true],
      ["None is None", true],
      ["1 is not None", true],
      ["True is 1", false],
      ["[] is []", false],
      ["data['l'] is data['l']", true],
      ["not 1", false],
      ["not 0", true],
      ["not not 'x'", true],
      ["not []", true],
      ["0 or 'x'", "x"],
      ["'' or 0", 0],
      ["1 and 2", 2],
      ["0 and 1", 0],
      ["None or None", null],
      ["1 and 'yes' or 'no'", "yes"],
      ["0 or 1 and 2", 2],
      ["not 1 == 2", true],
      ["1 if True else 2", 1],
      ["1 if False else 2 if False else 3", 3],
      ["'big' if 5 > 3 else 'small'", "big"],
      ["(1 + 2) * 3", 9],
      ["1 + 2 * 3", 7],
      ["-(2 + 3) ** 2", -25],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source, { l: [1] })).toEqual(expected);
  });

  it("short-circuits: the unevaluated side may be an error", () => {
    expect(value("0 and 1 / 0")).toBe(0);
    expect(value("1 or 1 / 0")).toBe(1);
    expect(value("1 > 2 < 1 / 0")).toBe(false);
    expect(value("1 / 0 if False else 'ok'")).toBe("ok");
  });
});

describe("builtins", () => {
  it.each(
    cases([
      ["abs(-5)", 5],
      ["str(abs(-5.5))", "5.5"],
      ["abs(True)", 1],
      ["min(3, 1, 2)", 1],
      ["max(3, 1, 2)", 3],
      ["min([4, 5])", 4],
      ["max('abc')", "c"],
      ["str(max(2, 2.0))", "2"],
      ["str(min(2.0, 2))", "2.0"],
      ["round(2.5)", 2],
      ["round(3.5)", 4],
      ["round(-2.5)", -2],
      ["round(0.5)", 0],
      ["round(1.5)", 2],
      ["str(round(2.7))", "3"],
      ["round(0.125, 2)", 0.12],
      ["round(0.375, 2)", 0.38],
      ["round(2.675, 2)", 2.67],
      ["round(1.005, 2)", 1],
      ["str(round(2.5, 0))", "2.0"],
      ["str(round(7.0, 1))", "7.0"],
      ["round(1234, -2)", 1200],
      ["round(1250, -2)", 1200],
      ["round(1350, -2)", 1400],
      ["str(round(5, 2))", "5"],
      ["str(round(-0.4, 0))", "-0.0"],
      ["round(12.5, None)", 12],
      ["len('abc')", 3],
      ["len([1, 2, 3])", 3],
      ["len(data)", 2],
      ["sum([1, 2, 3])", 6],
      ["str(sum([1, 2.5]))", "3.5"],
      ["sum([])", 0],
      ["sum([1, 2], 10)", 13],
      ["sum([True, True])", 2],
      ["str(sum([[1], [2]], []))", "[1, 2]"],
      ["int(-3.7)", -3],
      ["int(3.9)", 3],
      ["int('42')", 42],
      ["int(' -4_2 ')", -42],
      ["int(True)", 1],
      ["int()", 0],
      ["str(int(1e20))", "100000000000000000000"],
      ["float('2.5')", 2.5],
      ["str(float(3))", "3.0"],
      ["float(' 1e3 ')", 1000],
      ["float('-Infinity') < 0", true],
      ["str(float('nan'))", "nan"],
      ["str(float('inf'))", "inf"],
      ["str(True)", "True"],
      ["str(False)", "False"],
      ["str(None)", "None"],
      ["str('x')", "x"],
      ["str()", ""],
      ["str(data)", "{'a': 1, 'b': 'x'}"],
      ["bool(0)", false],
      ["bool(0.0)", false],
      ["bool('')", false],
      ["bool('0')", true],
      ["bool([0])", true],
      ["bool(None)", false],
      ["bool()", false],
      ["bool(float('nan'))", true],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source, { a: 1, b: "x" })).toEqual(expected);
  });
});

describe("float formatting like Python's repr", () => {
  it.each([
    ["0.1 + 0.2", "0.30000000000000004"],
    ["1e20", "1e+20"],
    ["2.5", "2.5"],
    ["10.0", "10.0"],
    ["1e16", "1e+16"],
    ["1e15", "1000000000000000.0"],
    ["123456789012345678.0", "1.2345678901234568e+17"],
    ["1.5e-7", "1.5e-07"],
    ["0.0001", "0.0001"],
    ["0.00001", "1e-05"],
    ["-0.0", "-0.0"],
    ["1 / 3", "0.3333333333333333"],
    ["2 / 3", "0.6666666666666666"],
    ["5e-324", "5e-324"],
    ["1.7976931348623157e308", "1.7976931348623157e+308"],
    ["-1234.5", "-1234.5"],
    ["1e-300 * 1e-300", "0.0"],
  ])("str(%s) is %s", (source, expected) => {
    expect(value(`str(${source})`)).toBe(expected);
  });
});

describe("data access", () => {
  const data = { pasi: 12, name: "Ann", weight: 70.5, flags: [1, 2, 3], nested: { score: 4 }, empty: null };

  it.each(
    cases([
      ["data['pasi']", 12],
      ['data["pasi"]', 12],
      ["str(data['pasi'])", "12"],
      ["str(data['weight'])", "70.5"],
      ["data['name'] + '!'", "Ann!"],
      ["data.get('pasi')", 12],
      ["data.get('missing')", null],
      ["data.get('missing', 5)", 5],
      ["data.get('empty', 5)", null],
      ["data.get(1, 'default')", "default"],
      ["data['flags'][-1]", 3],
      ["len(data['flags'])", 3],
      ["sum(data['flags']) / len(data['flags'])", 2],
      ["data['nested']['score']", 4],
      ["data['nested'].get('score')", 4],
      ["data.get('nested').get('nope', 0)", 0],
      ["'pasi' in data", true],
      ["'nope' in data", false],
      ["data['empty'] is None", true],
      ["data['pasi'] * 2 if data.get('pasi') is not None else 0", 24],
    ]),
  )("$source", ({ source, expected }) => {
    expect(value(source, data)).toEqual(expected);
  });

  it("reads integral numbers as int and other numbers as float", () => {
    expect(value("str(data['a'])", { a: 3 })).toBe("3");
    expect(value("str(data['a'])", { a: 3.25 })).toBe("3.25");
    expect(value("str(data['a'] / 1)", { a: 3 })).toBe("3.0");
  });
});
