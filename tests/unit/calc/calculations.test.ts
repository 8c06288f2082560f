import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculationDependencies, orderCalculations } from "@/lib/calc";
// The engine's messages in English words (its references read with the en catalogue).
import { runCalculations } from "@/tests/support/engine-words";
import type { Calculation, CalculationFormula } from "@/lib/schemas/study-config";

const calc = (name: string, formula: CalculationFormula): Calculation => ({ name, label: name, formula });
const expr = (name: string, expression: string) => calc(name, { type: "custom_expression", expression });

const pasiImprovement = calc("pasi_improvement", {
  type: "improvement_percentage",
  baseline_field: "pasi_score",
  baseline_visit: "baseline",
  current_field: "pasi_score",
});
const pasi75 = calc("pasi75_achieved", {
  type: "threshold",
  field: "pasi_improvement",
  operator: "gte",
  threshold: 75,
});

describe("worked example: PASI improvement and PASI75", () => {
  it("baseline 20, current 4 → improvement 80, PASI75 achieved", () => {
    const run = runCalculations(
      [pasi75, pasiImprovement],
      { pasi_score: 4 },
      { baselineValues: { pasi_score: 20 } },
    );
    expect(run).toEqual({ results: { pasi_improvement: 80, pasi75_achieved: true }, errors: {} });
  });

  it("baseline 20, current 6 → improvement 70, PASI75 not achieved", () => {
    const run = runCalculations(
      [pasiImprovement, pasi75],
      { pasi_score: 6 },
      { baselineValues: { pasi_score: 20 } },
    );
    expect(run).toEqual({ results: { pasi_improvement: 70, pasi75_achieved: false }, errors: {} });
  });

  it("a worsening gives a negative improvement", () => {
    const run = runCalculations(
      [pasiImprovement],
      { pasi_score: 30 },
      { baselineValues: { pasi_score: 20 } },
    );
    expect(run.results.pasi_improvement).toBe(-50);
  });
});

describe("improvement_percentage", () => {
  it.each([
    [undefined, "Baseline value for pasi_score is missing (visit baseline)"],
    [null, "Baseline value for pasi_score is missing (visit baseline)"],
    [{}, "Baseline value for pasi_score is missing (visit baseline)"],
    [{ pasi_score: null }, "Baseline value for pasi_score is missing (visit baseline)"],
    [{ pasi_score: 0 }, "Baseline value for pasi_score is zero"],
    [{ pasi_score: "abc" }, "Baseline value for pasi_score is not a number"],
  ])("baseline values %j → null with a message", (baselineValues, message) => {
    const run = runCalculations([pasiImprovement, pasi75], { pasi_score: 4 }, { baselineValues });
    expect(run.results).toEqual({ pasi_improvement: null, pasi75_achieved: null });
    expect(run.errors).toEqual({
      pasi_improvement: message,
      pasi75_achieved: "Missing value for pasi_improvement",
    });
  });

  it("needs the current value", () => {
    const run = runCalculations([pasiImprovement], {}, { baselineValues: { pasi_score: 20 } });
    expect(run).toEqual({
      results: { pasi_improvement: null },
      errors: { pasi_improvement: "Missing value for pasi_score" },
    });
  });

  it("accepts numbers sent as decimal text", () => {
    const run = runCalculations(
      [pasiImprovement],
      { pasi_score: "5" },
      { baselineValues: { pasi_score: "20.0" } },
    );
    expect(run.results.pasi_improvement).toBe(75);
  });

  it("refuses padded decimal text, as conditions and validation do", () => {
    const run = runCalculations(
      [pasiImprovement],
      { pasi_score: " 5 " },
      { baselineValues: { pasi_score: 20 } },
    );
    expect(run).toEqual({
      results: { pasi_improvement: null },
      errors: { pasi_improvement: "Value of pasi_score is not a number" },
    });
  });
});

describe("threshold", () => {
  it.each([
    ["gt", 75, false],
    ["gte", 75, true],
    ["lt", 75, false],
    ["lte", 75, true],
    ["eq", 75, true],
    ["ne", 75, false],
    ["gt", 74.5, true],
    ["lt", 75.5, true],
    ["ne", 0, true],
  ] as const)("75 %s %d → %s", (operator, threshold, expected) => {
    const check = calc("check", { type: "threshold", field: "score", operator, threshold });
    expect(runCalculations([check], { score: 75 })).toEqual({ results: { check: expected }, errors: {} });
  });

  it("gives null for a missing or non-numeric value", () => {
    const check = calc("check", { type: "threshold", field: "score", operator: "gt", threshold: 1 });
    expect(runCalculations([check], {}).errors).toEqual({ check: "Missing value for score" });
    expect(runCalculations([check], { score: "" }).errors).toEqual({ check: "Missing value for score" });
    expect(runCalculations([check], { score: true }).errors).toEqual({
      check: "Value of score is not a number",
    });
    expect(runCalculations([check], { score: [1] }).results).toEqual({ check: null });
  });
});

describe("sum and average", () => {
  const total = calc("total", { type: "sum", fields: ["a", "b", "c"] });
  const mean = calc("mean", { type: "average", fields: ["a", "b", "c"] });

  it("adds and averages the fields", () => {
    expect(runCalculations([total, mean], { a: 1, b: 2.5, c: 4.5 })).toEqual({
      results: { total: 8, mean: 8 / 3 },
      errors: {},
    });
  });

  it("gives null naming the first missing or non-numeric field", () => {
    expect(runCalculations([total, mean], { a: 1, c: 2 })).toEqual({
      results: { total: null, mean: null },
      errors: { total: "Missing value for b", mean: "Missing value for b" },
    });
    expect(runCalculations([total], { a: 1, b: "two", c: 2 }).errors).toEqual({
      total: "Value of b is not a number",
    });
  });

  it("can add up earlier results", () => {
    const double = expr("double", "data['a'] * 2");
    const grand = calc("grand", { type: "sum", fields: ["double", "total"] });
    expect(runCalculations([grand, total, double], { a: 1, b: 2, c: 3 }).results).toEqual({
      total: 6,
      double: 2,
      grand: 8,
    });
  });
});

describe("custom_expression", () => {
  it("reads the current values and earlier results", () => {
    const bmi = expr("bmi", "round(data['weight_kg'] / (data['height_cm'] / 100) ** 2, 1)");
    const obese = expr("obese", "data['bmi'] >= 30");
    const label = expr("bmi_label", "'obese' if data['obese'] else 'not obese'");
    expect(runCalculations([label, obese, bmi], { weight_kg: 95, height_cm: 175 })).toEqual({
      results: { bmi: 31, obese: true, bmi_label: "obese" },
      errors: {},
    });
  });

  it("reports engine errors per calculation and carries on", () => {
    const broken = expr("broken", "data['missing'] + 1");
    const fine = expr("fine", "data.get('broken') is None");
    expect(runCalculations([broken, fine], {})).toEqual({
      results: { broken: null, fine: true },
      errors: { broken: "KeyError: 'missing'" },
    });
  });

  it("sees the values but cannot change them or reach the prototype", () => {
    const values = JSON.parse('{"__proto__": {"x": 1}, "a": 2}') as Record<string, unknown>;
    const read = expr("read", "data['__proto__']['x'] + data['a']");
    const constructor = expr("constructor", "data.get('prototype', 'missing')");
    const run = runCalculations([read, constructor], values);
    expect(run.results).toEqual({ read: 3, constructor: "missing" });
    expect(Object.hasOwn(run.results, "constructor")).toBe(true);
    expect(values).toEqual(JSON.parse('{"__proto__": {"x": 1}, "a": 2}'));
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("calculationDependencies", () => {
  it("lists the fields each formula reads", () => {
    expect(calculationDependencies(pasiImprovement)).toEqual(["pasi_score"]);
    expect(calculationDependencies(pasi75)).toEqual(["pasi_improvement"]);
    expect(calculationDependencies(calc("s", { type: "sum", fields: ["a", "b", "a"] }))).toEqual(["a", "b"]);
    expect(calculationDependencies(calc("m", { type: "average", fields: ["c"] }))).toEqual(["c"]);
    expect(calculationDependencies(expr("e", "data['x'] + data.get('y', 0)"))).toEqual(["x", "y"]);
    expect(calculationDependencies(expr("e", "data['x'] +"))).toEqual([]);
  });
});

describe("orderCalculations", () => {
  const names = (calcs: Calculation[]) => calcs.map((c) => c.name);

  it("keeps config order when nothing depends on a later calculation", () => {
    const calcs = [expr("a", "data['x']"), expr("b", "data['y']"), expr("c", "data['a']")];
    expect(orderCalculations(calcs)).toEqual({ ordered: calcs, cycle: null });
  });

  it("moves a calculation after the ones it reads, otherwise keeping config order", () => {
    const calcs = [
      expr("d", "data['c'] + data['b']"),
      expr("a", "1"),
      expr("c", "data['b']"),
      expr("b", "2"),
    ];
    expect(names(orderCalculations(calcs).ordered)).toEqual(["a", "b", "c", "d"]);
    expect(names(orderCalculations([pasi75, pasiImprovement]).ordered)).toEqual([
      "pasi_improvement",
      "pasi75_achieved",
    ]);
  });

  it("finds cycles, including self-references", () => {
    const loop = [expr("a", "data['b']"), expr("b", "data['a']"), expr("c", "1")];
    expect(orderCalculations(loop).cycle).toEqual(["a", "b", "a"]);
    expect(names(orderCalculations(loop).ordered)).toEqual(["a", "b", "c"]);
    expect(orderCalculations([expr("x", "1"), expr("s", "data['s'] + 1")]).cycle).toEqual(["s", "s"]);
    const triangle = [expr("p", "data['q']"), expr("q", "data['r']"), expr("r", "data['p']")];
    expect(orderCalculations(triangle).cycle).toEqual(["p", "q", "r", "p"]);
  });

  it("handles a long chain without deep recursion", () => {
    const chain = Array.from({ length: 20_000 }, (_, i) =>
      expr(`c${i}`, i === 0 ? "1" : `data['c${i - 1}'] + 1`),
    );
    const { ordered, cycle } = orderCalculations([...chain].reverse());
    expect(cycle).toBeNull();
    expect(ordered[0]?.name).toBe("c0");
    expect(runCalculations(chain, {}).results.c19999).toBe(20_000);
  });

  it("orders calculations that read a cycle after it", () => {
    const calcs = [expr("after", "data['a']"), expr("a", "data['b']"), expr("b", "data['a']")];
    expect(names(orderCalculations(calcs).ordered)).toEqual(["a", "b", "after"]);
  });

  it("always returns every calculation once, dependencies first when acyclic", () => {
    const calcNames = ["a", "b", "c", "d", "e", "f"];
    const graphs = fc.array(fc.subarray(calcNames), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(graphs, (deps) => {
        const calcs = calcNames.map((name, i) =>
          expr(name, (deps[i] ?? []).map((dep) => `data.get('${dep}')`).join(" or ") || "1"),
        );
        const { ordered, cycle } = orderCalculations(calcs);
        expect([...names(ordered)].sort()).toEqual(calcNames);
        if (cycle === null) {
          const position = new Map(names(ordered).map((name, i) => [name, i]));
          calcNames.forEach((name, i) =>
            (deps[i] ?? []).forEach((dep) =>
              expect(position.get(dep)).toBeLessThan(position.get(name) ?? -1),
            ),
          );
        } else {
          expect(cycle[0]).toBe(cycle[cycle.length - 1]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("runCalculations with cycles", () => {
  it("gives every calculation on a cycle null and names the cycle", () => {
    const calcs = [
      expr("a", "data.get('b')"),
      expr("b", "data.get('a')"),
      expr("c", "data.get('a') is None"),
    ];
    expect(runCalculations(calcs, {})).toEqual({
      results: { a: null, b: null, c: true },
      errors: { a: "Circular dependency: a → b → a", b: "Circular dependency: b → a → b" },
    });
  });

  it("reports a self-reference", () => {
    const calcs = [expr("s", "data.get('s', 0) + 1")];
    expect(runCalculations(calcs, { s: 5 })).toEqual({
      results: { s: null },
      errors: { s: "Circular dependency: s → s" },
    });
  });

  it("never throws, even for configs that skipped validation", () => {
    const odd = [
      { name: "x", label: "x", formula: { type: "mystery" } },
      { name: "y", label: "y", formula: { type: "sum", fields: null } },
    ] as unknown as Calculation[];
    const run = runCalculations(
      [...odd, null as unknown as Calculation],
      null as unknown as Record<string, unknown>,
    );
    expect(run.results).toEqual({ x: null, y: null });
    expect(run.errors).toEqual({
      x: "Unknown formula type: mystery",
      y: "The calculation could not be computed",
    });
  });
});
