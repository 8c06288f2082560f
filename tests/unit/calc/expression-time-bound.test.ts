/**
 * The limit of an evaluation is counted work (decision 0017): the same expression and data end the
 * same way, with the same work spent, on a quiet machine and a loaded one. Nothing here reads a
 * clock; repeating an evaluation and comparing results and work is what shows determinism.
 */
import { describe, expect, it } from "vitest";
import {
  BACKSTOP_MS,
  evaluateCounted,
  evaluateExpression,
  MAX_EVALUATION_WORK,
  MAX_EXPRESSION_LENGTH,
  parseExpression,
  WORK_LIMIT_MESSAGE,
} from "@/lib/calc";

// Cheap in nodes, but every 4,000-bit addition costs real time: it ran for seconds before the
// big-int words were counted.
const COSTLY = "sum([2**4000]*99999)";

function repeated(term: string): string {
  const count = Math.floor((MAX_EXPRESSION_LENGTH - 1) / (term.length + 1));
  return Array.from({ length: count }, () => term).join("+");
}

function counted(source: string, data: Record<string, unknown> = {}) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(parsed.error);
  return evaluateCounted(parsed.ast, data);
}

describe("evaluation is bounded by counted work, not by the clock", () => {
  it("stops an expression under 1,000 characters that would run for seconds, with the work error", () => {
    const source = repeated(COSTLY);
    expect(source.length).toBeLessThan(MAX_EXPRESSION_LENGTH);
    const result = evaluateExpression(source, {});
    expect(result).toEqual({ value: null, error: WORK_LIMIT_MESSAGE });
    expect(WORK_LIMIT_MESSAGE).toBe("RuntimeError: expression needs too much work to evaluate");
  });

  it("charges big-int additions by their size: one 4,000-bit sum alone exceeds the budget", () => {
    const small = counted("sum([2**40]*99999)");
    expect(small.error).toBeNull();
    expect(small.work).toBeLessThan(MAX_EVALUATION_WORK);
    const big = counted(COSTLY);
    expect(big.error).toBe(WORK_LIMIT_MESSAGE);
    expect(big.work).toBeGreaterThan(MAX_EVALUATION_WORK);
  });

  it("charges a power by the size of its result, even from a small base", () => {
    expect(counted("2**10").work).toBeLessThan(10);
    // 4,001 bits: 63 words, squared.
    expect(counted("2**4000").work).toBeGreaterThan(60 * 60);
    expect(counted("2**5000").error).toBe("OverflowError: integer is too large (maximum 4096 bits)");
  });

  it("ends the same way with the same work every time (no dependence on load)", () => {
    for (const source of [
      repeated(COSTLY),
      "str([[0]*1000]*1000)",
      "[[0]*100000]*100000 == [[0]*100000]*100000",
    ]) {
      const first = counted(source);
      for (let i = 0; i < 5; i++) expect(counted(source)).toEqual(first);
    }
    // str() of a million-item list stops at the length cap: always MemoryError, never a time-out.
    expect(counted("str([[0]*1000]*1000)")).toEqual({
      value: null,
      error: "MemoryError: result is too long (maximum 100000 characters or items)",
      work: counted("str([[0]*1000]*1000)").work,
    });
  });

  it("counts the characters an expression prints and builds", () => {
    const short = counted("len(str([0]*10))").work;
    const long = counted("len(str([0]*1000))").work;
    // 990 more elements, each visited and printed as '0, ' (three characters) at least.
    expect(long - short).toBeGreaterThanOrEqual(990 * 4);
    expect(counted("len('x' * 100000)").work).toBeGreaterThanOrEqual(100_000);
  });

  it("keeps a wall-clock backstop only far above the calibrated budget (about 20 ms)", () => {
    expect(BACKSTOP_MS).toBeGreaterThanOrEqual(50 * 20);
  });

  it("lets ordinary expressions, even long cheap ones, finish", () => {
    expect(evaluateExpression("sum([1]*2000)", {})).toEqual({ value: 2000, error: null });
    expect(evaluateExpression(repeated("data['a']*2"), { a: 1.5 }).error).toBeNull();
  });
});
