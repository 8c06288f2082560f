import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "@/lib/calc";

describe("arithmetic agrees with references", () => {
  const floorDiv = (a: bigint, b: bigint) => (a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b);
  const floorMod = (a: bigint, b: bigint) => a - b * floorDiv(a, b);
  const reference: Record<string, (a: bigint, b: bigint) => bigint> = {
    "+": (a, b) => a + b,
    "-": (a, b) => a - b,
    "*": (a, b) => a * b,
    "//": floorDiv,
    "%": floorMod,
  };
  const bigInts = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });
  const smallInts = fc.bigInt({ min: -50n, max: 50n });

  it("for + - * // % on ints of any size (Python floor semantics)", () => {
    fc.assert(
      fc.property(
        fc.oneof(bigInts, smallInts),
        fc.oneof(bigInts, smallInts),
        fc.constantFrom("+", "-", "*", "//", "%"),
        (a, b, op) => {
          const result = evaluateExpression(`str((${a}) ${op} (${b}))`, {});
          if (b === 0n && (op === "//" || op === "%")) {
            expect(result.error).toBe("ZeroDivisionError: integer division or modulo by zero");
          } else {
            expect(result).toEqual({ value: String(reference[op]?.(a, b)), error: null });
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("for ints read from the data", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom("+", "-", "*", "//", "%"), (a, b, op) => {
        fc.pre(b !== 0);
        const result = evaluateExpression(`str(data['a'] ${op} data['b'])`, { a, b });
        expect(result).toEqual({ value: String(reference[op]?.(BigInt(a), BigInt(b))), error: null });
      }),
      { numRuns: 1000 },
    );
  });

  it("compares ints and floats exactly", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.double({ noNaN: true }), (a, f) => {
        expect(evaluateExpression("data['a'] < data['f']", { a, f }).value).toBe(a < f);
        expect(evaluateExpression("data['a'] == data['f']", { a, f }).value).toBe(a === f);
      }),
      { numRuns: 1000 },
    );
  });

  it("prints floats so that they read back exactly", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (f) => {
        fc.pre(!Number.isSafeInteger(f)); // safe integers are read from data as ints
        const text = evaluateExpression("str(data['f'])", { f }).value;
        expect(typeof text).toBe("string");
        expect(Object.is(Number(text), f)).toBe(true);
        expect(text).toMatch(/^-?(\d+\.\d+|\d(\.\d+)?e[+-]\d{2,3})$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("squares and square roots are correctly rounded, as in Python", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-150, max: 1e150, noNaN: true }), (x) => {
        fc.pre(!Number.isSafeInteger(x));
        expect(evaluateExpression("data['x'] ** 2", { x }).value).toBe(x * x);
        expect(evaluateExpression("data['x'] ** 0.5", { x }).value).toBe(Math.sqrt(x));
      }),
      { numRuns: 2000 },
    );
  });
});
