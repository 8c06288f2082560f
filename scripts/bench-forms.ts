// npm run bench:forms — median time to validate a 200-field submission and to run 20 calculations.
// Target: under 1 ms each on the project's 2-core machines.
import { performance } from "node:perf_hooks";
import { runCalculations } from "@/lib/calc";
import { validateSubmission } from "@/lib/forms";
import type { Calculation, DataField } from "@/lib/schemas/study-config";

const TYPES = [
  "text",
  "number",
  "select",
  "boolean",
  "date",
  "multiselect",
  "email",
  "textarea",
  "month",
  "radio",
] as const;
const OPTIONS = [
  { value: "a", label: "A" },
  { value: "b", label: "B" },
  { value: "c", label: "C" },
];

function buildFields(count: number): DataField[] {
  return Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const field: DataField = {
      entity: "visit",
      name: `f_${i}`,
      label: `Field ${i}`,
      type,
      category: `cat_${i % 5}`,
      validation:
        type === "number"
          ? { required: i % 3 === 0, min: 0, max: 100 }
          : { required: i % 4 === 0, max_length: type === "text" ? 200 : undefined },
      ...(type === "select" || type === "multiselect" || type === "radio" ? { options: OPTIONS } : {}),
      // Every seventh field depends on an earlier boolean, with an and/or condition.
      ...(i % 7 === 0 && i > 10
        ? {
            show_if: {
              or: [
                { field: "f_3", operator: "eq" as const, value: true },
                {
                  and: [
                    { field: "f_1", operator: "gt" as const, value: 5 },
                    { field: "f_2", operator: "in" as const, value: ["a", "b"] },
                  ],
                },
              ],
            },
          }
        : {}),
    };
    return field;
  });
}

function valueFor(field: DataField, i: number): unknown {
  switch (field.type) {
    case "number":
      return (i * 7) % 100;
    case "select":
    case "radio":
      return "b";
    case "multiselect":
      return ["a", "c"];
    case "boolean":
      return i % 2 === 0;
    case "date":
      return "2026-03-15";
    case "month":
      return "2026-03";
    case "email":
      return `user${i}@example.org`;
    default:
      return `value ${i}`;
  }
}

function buildCalculations(): Calculation[] {
  const calcs: Calculation[] = [];
  for (let i = 0; i < 4; i++)
    calcs.push({ name: `sum_${i}`, label: "Sum", formula: { type: "sum", fields: ["f_1", "f_11", "f_21"] } });
  for (let i = 0; i < 4; i++)
    calcs.push({
      name: `avg_${i}`,
      label: "Average",
      formula: { type: "average", fields: ["f_31", "f_41", `sum_${i}`] },
    });
  for (let i = 0; i < 4; i++)
    calcs.push({
      name: `imp_${i}`,
      label: "Improvement",
      formula: {
        type: "improvement_percentage",
        baseline_field: "f_1",
        baseline_visit: "baseline",
        current_field: "f_11",
      },
    });
  for (let i = 0; i < 4; i++)
    calcs.push({
      name: `thr_${i}`,
      label: "Threshold",
      formula: { type: "threshold", field: `imp_${i}`, operator: "gte", threshold: 75 },
    });
  for (let i = 0; i < 4; i++) {
    calcs.push({
      name: `expr_${i}`,
      label: "Expression",
      formula: {
        type: "custom_expression",
        expression: `round(data['avg_${i}'] / 72 * 100, 1) if data.get('f_51') is not None and data['thr_${i}'] else min(data['f_61'], 10) + len('abc') * 2`,
      },
    });
  }
  return calcs;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function bench(label: string, runs: number, fn: () => void) {
  for (let i = 0; i < 200; i++) fn(); // warm up the JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  const ms = median(samples);
  console.log(
    `${label}: median ${ms.toFixed(3)} ms over ${runs} runs (p90 ${[...samples].sort((a, b) => a - b)[Math.floor(runs * 0.9)]!.toFixed(3)} ms) ${ms < 1 ? "✓ under 1 ms" : "✗ over 1 ms"}`,
  );
  return ms;
}

const fields = buildFields(200);
const values = Object.fromEntries(fields.map((f, i) => [f.name, valueFor(f, i)]));
const calculations = buildCalculations();

const check = validateSubmission(fields, values);
if (!check.ok)
  throw new Error(`Benchmark submission should be valid: ${JSON.stringify(check.issues.slice(0, 3))}`);
const calc = runCalculations(calculations, values, { baselineValues: { f_1: 80 } });
if (Object.keys(calc.errors).length > 0)
  throw new Error(`Benchmark calculations should succeed: ${JSON.stringify(calc.errors)}`);

const a = bench("validateSubmission, 200 fields", 2000, () => validateSubmission(fields, values));
const b = bench("runCalculations, 20 calculations", 2000, () =>
  runCalculations(calculations, values, { baselineValues: { f_1: 80 } }),
);
process.exit(a < 1 && b < 1 ? 0 : 1);
