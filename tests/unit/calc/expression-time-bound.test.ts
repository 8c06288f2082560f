import { describe, expect, it } from "vitest";
import { evaluateExpression, MAX_EVALUATION_MS, MAX_EXPRESSION_LENGTH, TIME_LIMIT_MESSAGE } from "@/lib/calc";

// A protocol-version check expression: cheap in steps, but every big-int addition costs real time.
const COSTLY = "sum([2**4000]*99999)";

function repeated(term: string): string {
  const count = Math.floor((MAX_EXPRESSION_LENGTH < 1000 ? MAX_EXPRESSION_LENGTH : 999) / (term.length + 1));
  return Array.from({ length: count }, () => term).join("+");
}

describe("evaluation is bounded by time as well as steps", () => {
  it("stops an expression under 1,000 characters that would run for seconds, with a clear error", () => {
    const source = repeated(COSTLY);
    expect(source.length).toBeLessThan(1000);
    const started = performance.now();
    const result = evaluateExpression(source, {});
    const elapsed = performance.now() - started;
    expect(result).toEqual({ value: null, error: TIME_LIMIT_MESSAGE });
    expect(TIME_LIMIT_MESSAGE).toBe(`Expression exceeded the ${MAX_EVALUATION_MS} ms time limit`);
    // The clock is read every few hundred steps: the overrun stays far below a second.
    expect(elapsed).toBeLessThan(MAX_EVALUATION_MS * 10);
  });

  it("lets ordinary expressions, even long cheap ones, finish", () => {
    expect(evaluateExpression("sum([1]*2000)", {})).toEqual({ value: 2000, error: null });
    expect(evaluateExpression(repeated("data['a']*2"), { a: 1.5 }).error).toBeNull();
  });
});
