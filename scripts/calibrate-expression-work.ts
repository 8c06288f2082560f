// npm run calibrate:expressions — how long one work unit of the expression engine takes, per kind
// of work, and so how long the costliest kind runs before MAX_EVALUATION_WORK stops it (decision
// 0017: the budget is counted work calibrated to about 20 ms, never a clock). Each expression below
// stresses one kind of unit; it runs with an unlimited budget, and the table shows nanoseconds per
// unit and the milliseconds MAX_EVALUATION_WORK units of that kind take here. Time is this
// process's CPU time (process.cpuUsage), so other work on a shared machine disturbs it less than
// a wall clock would; run it on a quiet machine all the same.
import { evaluateCounted, MAX_EVALUATION_WORK, parseExpression } from "@/lib/calc";

const KINDS: [kind: string, expression: string][] = [
  ["nodes and small ints", "sum([1]*99999) + sum([2]*99999) + sum([3]*99999)"],
  ["big-int additions", "sum([2**4000]*20000)"],
  ["big-int multiplications", "sum([2**2000 * 3**1200]*3000)"],
  ["big-int powers", Array.from({ length: 60 }, () => "(2**63+1)**60").join("+")],
  ["list equality", "[[0] * 100000] * 20 == [[0] * 100000] * 20"],
  ["list order", "[[0] * 100000] * 20 < [[0] * 100000] * 20"],
  ["string order", "'x' * 100000 < 'x' * 100000"],
  ["string equality", "('x' * 99999 + 'a') == ('x' * 99999 + 'b')"],
  ["string search", "('ab' * 50000) in ('ab' * 49999 + 'a')"],
  ["string indexing", "('x' * 100000)[99999]"],
  ["string iteration", "min('y' * 100000)"],
  ["repr of lists", "len(str([0.1] * 20000))"],
  ["repr of strings", "len(str(['ab\\n'] * 15000))"],
  ["int parsing", "sum([int('9' * 4000)] * 1) + len(str(10 ** 1200))"],
  ["list repetition", "len([0] * 100000) + len([[0] * 100000] * 1)"],
  ["string repetition", "len('x' * 100000)"],
];

const UNLIMITED = Number.MAX_SAFE_INTEGER;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const rows: {
  kind: string;
  work: number;
  ms: number;
  nsPerUnit: number;
  msAtBudget: number;
  error: string | null;
}[] = [];
for (const [kind, source] of KINDS) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`${kind}: ${parsed.error}`);
  for (let i = 0; i < 5; i++) evaluateCounted(parsed.ast, {}, UNLIMITED); // warm up the JIT
  const samples: number[] = [];
  let last = evaluateCounted(parsed.ast, {}, UNLIMITED);
  for (let i = 0; i < 21; i++) {
    const started = process.cpuUsage();
    last = evaluateCounted(parsed.ast, {}, UNLIMITED);
    const used = process.cpuUsage(started);
    samples.push((used.user + used.system) / 1000);
  }
  const ms = median(samples);
  const nsPerUnit = (ms * 1e6) / last.work;
  rows.push({
    kind,
    work: last.work,
    ms,
    nsPerUnit,
    msAtBudget: (nsPerUnit * MAX_EVALUATION_WORK) / 1e6,
    error: last.error,
  });
}

console.log(`MAX_EVALUATION_WORK = ${MAX_EVALUATION_WORK.toLocaleString("en")} units\n`);
console.log("kind                      units     ms   ns/unit  ms at the budget  result");
for (const row of rows)
  console.log(
    `${row.kind.padEnd(24)} ${String(row.work).padStart(8)} ${row.ms.toFixed(2).padStart(6)} ${row.nsPerUnit
      .toFixed(2)
      .padStart(8)} ${row.msAtBudget.toFixed(1).padStart(17)}  ${row.error ?? "ok"}`,
  );
const worst = rows.reduce((a, b) => (b.nsPerUnit > a.nsPerUnit ? b : a));
console.log(
  `\ncostliest kind: ${worst.kind}, ${worst.nsPerUnit.toFixed(2)} ns/unit → ${worst.msAtBudget.toFixed(1)} ms at the budget`,
);
