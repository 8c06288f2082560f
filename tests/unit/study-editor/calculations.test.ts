import { FORMULA_MESSAGES } from "@/lib/schemas/study-config";
import { describe, expect, it } from "vitest";
import { WORK_LIMIT_MESSAGE } from "@/lib/calc";
import type { Calculation, DataField } from "@/lib/schemas/study-config";
import {
  calculationNameFromLabel,
  errorPosition,
  followsLabel,
  numberFields,
  sampleKeys,
  tryCalculation,
  validateCalculation,
} from "@/lib/study-editor/calculations";
import { MESSAGES } from "@/lib/schemas/study-config-rules";

const expression = (source: string): Calculation => ({
  name: "calc_x",
  label: "X",
  formula: { type: "custom_expression", expression: source },
});

describe("the Calculations tab's rules", () => {
  it("names a calculation from its label while the name is empty or a generated calc_ one", () => {
    expect(calculationNameFromLabel("PASI % of max (72)")).toBe("calc_pasi_of_max_72");
    expect(calculationNameFromLabel("x".repeat(80))).toHaveLength(50);
    expect(followsLabel("")).toBe(true);
    expect(followsLabel("calc_old")).toBe(true);
    expect(followsLabel("my_name")).toBe(false);
  });

  it("offers only number fields, visit fields first", () => {
    const fields: DataField[] = [
      { entity: "patient", name: "height", label: "Height", type: "number" },
      { entity: "visit", name: "notes", label: "Notes", type: "text" },
      { entity: "visit", name: "pasi", label: "PASI", type: "number" },
    ];
    expect(numberFields(fields).map((f) => f.name)).toEqual(["pasi", "height"]);
  });

  it("tries a formula on sample values with the engine, and reports where an expression breaks", () => {
    const sum: Calculation = { name: "total", label: "T", formula: { type: "sum", fields: ["a", "b"] } };
    expect(sampleKeys(sum.formula)).toEqual(["a", "b"]);
    expect(tryCalculation(sum, [], { a: "2", b: "3.5" })).toEqual({ value: 5.5, error: null });
    const improvement: Calculation = {
      name: "imp",
      label: "I",
      formula: {
        type: "improvement_percentage",
        baseline_field: "p",
        baseline_visit: "baseline",
        current_field: "p",
      },
    };
    expect(tryCalculation(improvement, [], { p: "5" }, { p: "20" })).toEqual({ value: 75, error: null });
    const broken = tryCalculation(expression("data['a'] +* 2"), [], { a: "1" });
    expect(broken.error).toBe("SyntaxError: unexpected '*' (position 12)");
    expect(errorPosition(broken.error)).toBe(12);
  });

  it("refuses to save an expression over the work budget, a bad name, or a formula without fields", () => {
    const costly = expression(Array.from({ length: 45 }, () => "sum([2**4000]*99999)").join("+"));
    const trial = tryCalculation(costly, [], {});
    expect(trial.error).toBe(WORK_LIMIT_MESSAGE);
    expect(validateCalculation(costly, [], new Set(), trial)).toEqual({ expression: WORK_LIMIT_MESSAGE });
    const ok = expression("1 + 1");
    expect(validateCalculation(ok, [], new Set(), tryCalculation(ok, [], {}))).toEqual({});
    expect(
      validateCalculation({ ...ok, name: "Bad Name" }, [], new Set(), { value: 2, error: null }).name,
    ).toBe(MESSAGES.calculationName);
    expect(validateCalculation(ok, [ok], new Set(), { value: 2, error: null }).name).toBe(
      MESSAGES.calculationUnique,
    );
    const empty: Calculation = { name: "s", label: "S", formula: { type: "average", fields: [] } };
    expect(validateCalculation(empty, [], new Set(), { value: null, error: null })).toEqual({
      formula: FORMULA_MESSAGES.fields,
    });
  });
});
