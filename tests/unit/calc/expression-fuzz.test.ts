import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/calc";

type Result = ReturnType<typeof evaluateExpression>;

/** The result contract: a JS primitive or null, and an error only alongside a null value. */
function expectWellFormed(result: Result): void {
  const { value, error } = result;
  expect(value === null || ["number", "string", "boolean"].includes(typeof value)).toBe(true);
  if (typeof value === "number") expect(Number.isFinite(value)).toBe(true);
  expect(error === null || typeof error === "string").toBe(true);
  if (error !== null) {
    expect(value).toBeNull();
    expect(error).toMatch(/^([A-Za-z]+Error: |Expression is |Result must be )/);
  }
}

// "|"-separated so the list stays compact; it includes spaces, a newline and unbalanced quotes.
const TOKENS = [
  ..."data|['a']|['b']|[|]|(|)|,|.|.get(|'a'|\"b\"|'|\"|\\|0|1|2.5|1e3|.5|-1|10 ** 10".split("|"),
  ..."True|False|None|+|-|*|/|//|%|**|==|!=|<|<=|>|>=|in|not|is|and|or|if|else".split("|"),
  ..."abs(|min(|max(|round(|len(|sum(|int(|float(|str(|bool(".split("|"),
  ..."__proto__|constructor|__class__|#|=|:|{|}|lambda|x| |\n|'x' * 99999".split("|"),
];

const BINARY_OPERATORS = [..."+ - * / // % ** == != < <= > >= in is and or".split(" "), "not in", "is not"];

/** Random well-formed expressions, so evaluation (not only parsing) gets exercised. */
const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(
      "0",
      "1",
      "-7",
      "3",
      "2.5",
      "0.0",
      "1e20",
      "True",
      "False",
      "None",
      "'a'",
      "''",
      "'10'",
      "[]",
      "[1, 2]",
      "data['a']",
      "data['s']",
      "data.get('l')",
      "data.get('n', 4)",
      "data['o']",
    ),
    fc
      .tuple(tie("expression"), fc.constantFrom(...BINARY_OPERATORS), tie("expression"))
      .map(([left, op, right]) => `(${left} ${op} ${right})`),
    tie("expression").map((inner) => `-${inner}`),
    tie("expression").map((inner) => `not ${inner}`),
    fc
      .tuple(tie("expression"), tie("expression"), tie("expression"))
      .map(([a, b, c]) => `(${a} if ${b} else ${c})`),
    fc.array(tie("expression"), { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
    fc.tuple(tie("expression"), fc.constantFrom("0", "-1", "1", "True", "'a'")).map(([v, i]) => `${v}[${i}]`),
    fc
      .tuple(
        fc.constantFrom("abs", "min", "max", "round", "len", "sum", "int", "float", "str", "bool"),
        fc.array(tie("expression"), { maxLength: 2 }),
      )
      .map(([name, args]) => `${name}(${args.join(", ")})`),
  ),
}));

const sampleData = { a: 5, s: "hello", l: [1, 2, 3], o: { k: 1 }, f: 2.5 };

// Seeded (tests/support/fast-check-seed.ts) and bounded: each property's numRuns keeps it near or
// under 1 s on an idle machine, far from the unit project's 20 s per-test timeout in a full run.
describe("evaluateExpression never throws", () => {
  it("for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expectWellFormed(evaluateExpression(source, sampleData));
      }),
      { numRuns: 2000 },
    );
  });

  it("for arbitrary full-Unicode strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (source) => {
        expectWellFormed(evaluateExpression(source, sampleData));
      }),
      { numRuns: 500 },
    );
  });

  it("for strings built from expression tokens", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), fc.boolean(), (tokens, spaced) => {
        expectWellFormed(evaluateExpression(tokens.join(spaced ? " " : ""), sampleData));
      }),
      { numRuns: 3000 },
    );
  });

  it("for random well-formed expressions over arbitrary data", () => {
    fc.assert(
      fc.property(
        expression,
        fc.dictionary(fc.constantFrom("a", "s", "l", "n", "o"), fc.anything()),
        (source, data) => {
          expectWellFormed(evaluateExpression(source, data));
          expectWellFormed(evaluateExpression(source, sampleData));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("for data that is not a plain object", () => {
    for (const data of [null, undefined, 5, "x", [1, 2], new Date(0), new Map()]) {
      expectWellFormed(evaluateExpression("len(data)", data as unknown as Record<string, unknown>));
    }
  });
});

describe("host objects stay out of reach", () => {
  const dangerousKeys = [
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "a",
  ];
  const probes = [
    "data['__proto__']",
    "data.get('__proto__')",
    "data.get('constructor')",
    "data['constructor']",
    "data['constructor']['prototype']",
    "data.get('constructor').get('prototype')",
    "data['__proto__']['polluted']",
    "data['toString']",
    "data['hasOwnProperty']",
    "str(data.get('constructor'))",
    "len(data.get('__proto__', []))",
    "'constructor' in data",
    "data['a']['__proto__']",
    "data.__class__",
    "().__class__",
    "data.get.__globals__",
    "[].__class__",
    "'a'.__class__",
    "data.__proto__",
    "data.constructor",
    "data['__proto__'] == data['constructor']",
  ];

  /** Builds data with own properties for every key, `__proto__` included, without any setter. */
  const hostileData = fc
    .array(fc.tuple(fc.constantFrom(...dangerousKeys), fc.anything({ withObjectString: true })), {
      maxLength: 6,
    })
    .map((entries) => {
      const data: Record<string, unknown> = {};
      for (const [key, value] of entries) {
        Object.defineProperty(data, key, { value, enumerable: true, configurable: true, writable: true });
      }
      return data;
    });

  it("never yields a function or object and never touches Object.prototype", () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(hostileData, fc.constantFrom(...probes), (data, probe) => {
        const result = evaluateExpression(probe, data);
        expect(typeof result.value).not.toBe("function");
        expect(typeof result.value === "object" && result.value !== null).toBe(false);
        expectWellFormed(result);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it("treats inherited names as missing keys", () => {
    for (const key of ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]) {
      expect(evaluateExpression(`data['${key}']`, {})).toEqual({ value: null, error: `KeyError: '${key}'` });
      expect(evaluateExpression(`data.get('${key}', 'none')`, {})).toEqual({ value: "none", error: null });
      expect(evaluateExpression(`'${key}' in data`, {})).toEqual({ value: false, error: null });
    }
  });

  it("reads an own __proto__ key as an ordinary value", () => {
    const data = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 7}') as Record<string, unknown>;
    expect(evaluateExpression("data['__proto__']['polluted'] + data['constructor']", data)).toEqual({
      value: 8,
      error: null,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never runs getters on the data", () => {
    let called = false;
    const data = Object.defineProperty({}, "x", {
      enumerable: true,
      get() {
        called = true;
        return 1;
      },
    });
    expect(evaluateExpression("data['x']", data)).toEqual({ value: null, error: null });
    expect(evaluateExpression("str(data)", data)).toEqual({ value: "{'x': None}", error: null });
    expect(called).toBe(false);
  });
});
