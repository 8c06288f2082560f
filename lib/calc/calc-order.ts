/**
 * Dependencies between calculations and the order to run them in: a calculation that reads another
 * one's result runs after it. Cycles are found with Tarjan's strongly connected components so every
 * calculation on a cycle can be reported. Pure: no I/O.
 */
import type { Calculation } from "@/lib/schemas/study-config";

/** What ordering reads of a calculation: never its words, so either form of the document will do. */
type Formulated = Pick<Calculation, "name" | "formula">;
import { expressionDependencies } from "./expression";

/** Field (or calculation) names a calculation reads from the current values. */
export function calculationDependencies(calc: Formulated): string[] {
  // Optional chaining: stored configs are validated, but this must not throw on one that was not.
  const formula = calc?.formula;
  switch (formula?.type) {
    case "improvement_percentage":
      return [formula.current_field]; // the baseline is read from another visit
    case "threshold":
      return [formula.field];
    case "sum":
    case "average":
      return Array.isArray(formula.fields) ? [...new Set(formula.fields)] : [];
    case "custom_expression":
      return expressionDependencies(formula.expression);
    default:
      return [];
  }
}

export type CalculationGraph = {
  /** For each calculation (by config index), the indexes of the calculations it reads. */
  edges: number[][];
  /** Indexes of calculations that lie on a cycle (a self-reference counts). */
  cyclic: Set<number>;
  /** For each cyclic calculation, the names along its shortest cycle, starting and ending with it. */
  cycles: Map<number, string[]>;
  order: number[];
};

/** A binary min-heap of numbers: keeps the stable ordering O(n log n) for long configs. */
class MinHeap {
  private readonly items: number[] = [];

  push(value: number): void {
    const items = this.items;
    items.push(value);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if ((items[parent] ?? 0) <= value) break;
      items[i] = items[parent] ?? 0;
      items[parent] = value;
      i = parent;
    }
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let i = 0; ;) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let smallest = i;
      if (left < items.length && (items[left] ?? 0) < (items[smallest] ?? 0)) smallest = left;
      if (right < items.length && (items[right] ?? 0) < (items[smallest] ?? 0)) smallest = right;
      if (smallest === i) return top;
      [items[i], items[smallest]] = [items[smallest] ?? 0, items[i] ?? 0];
      i = smallest;
    }
  }
}

/**
 * Tarjan's algorithm with an explicit stack of [node, next edge] frames, so that a long chain of
 * calculations cannot overflow the JS call stack.
 */
function strongComponents(edges: number[][]): number[][] {
  const discovered: number[] = edges.map(() => -1);
  const lowLink: number[] = edges.map(() => 0);
  const onStack: boolean[] = edges.map(() => false);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const discover = (node: number) => {
    discovered[node] = lowLink[node] = counter++;
    stack.push(node);
    onStack[node] = true;
  };
  const lower = (node: number, value: number) => {
    lowLink[node] = Math.min(lowLink[node] ?? value, value);
  };
  for (let root = 0; root < edges.length; root++) {
    if (discovered[root] !== -1) continue;
    discover(root);
    const frames: [node: number, nextEdge: number][] = [[root, 0]];
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const [node, nextEdge] = frame;
      const next = edges[node]?.[nextEdge];
      if (next !== undefined) {
        frame[1] = nextEdge + 1;
        if (discovered[next] === -1) {
          discover(next);
          frames.push([next, 0]);
        } else if (onStack[next]) {
          lower(node, discovered[next] ?? 0);
        }
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) lower(parent[0], lowLink[node] ?? 0);
      if (lowLink[node] !== discovered[node]) continue;
      const component: number[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack[member] = false;
        component.push(member);
        if (member === node) break;
      }
      components.push(component.sort((a, b) => a - b));
    }
  }
  return components;
}

/** Breadth-first search for the shortest way from `start` back to itself inside its component. */
function shortestCycle(start: number, edges: number[][], within: Set<number>): number[] {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] ?? start;
    for (const next of edges[node] ?? []) {
      if (next === start) {
        const path: number[] = [];
        for (
          let step: number | undefined = node;
          step !== undefined && step !== start;
          step = previous.get(step)
        ) {
          path.push(step);
        }
        return [start, ...path.reverse(), start];
      }
      if (within.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export function buildCalculationGraph(calcs: readonly Formulated[]): CalculationGraph {
  const byName = new Map<string, number[]>();
  calcs.forEach((calc, index) => byName.set(calc?.name, [...(byName.get(calc?.name) ?? []), index]));
  const edges = calcs.map((calc) => [
    ...new Set(calculationDependencies(calc).flatMap((name) => byName.get(name) ?? [])),
  ]);

  const components = strongComponents(edges);
  const componentOf = new Map<number, number>();
  components.forEach((members, id) => members.forEach((member) => componentOf.set(member, id)));
  const cyclic = new Set<number>();
  const cycles = new Map<number, string[]>();
  for (const members of components) {
    const isCycle = members.length > 1 || (edges[members[0] ?? 0] ?? []).includes(members[0] ?? -1);
    if (!isCycle) continue;
    const within = new Set(members);
    for (const member of members) {
      cyclic.add(member);
      cycles.set(
        member,
        shortestCycle(member, edges, within).map((index) => calcs[index]?.name ?? ""),
      );
    }
  }

  // Stable topological order of the components (Kahn's algorithm): among those whose inputs are
  // done, the one holding the earliest calculation in the config goes first; members of a cycle
  // keep config order. A component is keyed by its first member, its smallest config index.
  const waiting = components.map(() => 0);
  const dependents = components.map((): number[] => []);
  components.forEach((members, id) => {
    const inputs = new Set(
      members.flatMap((member) => edges[member] ?? []).map((dep) => componentOf.get(dep)),
    );
    for (const input of inputs) {
      if (input === undefined || input === id) continue;
      waiting[id] = (waiting[id] ?? 0) + 1;
      dependents[input]?.push(id);
    }
  });
  const ready = new MinHeap();
  components.forEach((members, id) => {
    if (waiting[id] === 0) ready.push(members[0] ?? 0);
  });
  const order: number[] = [];
  for (let first = ready.pop(); first !== undefined; first = ready.pop()) {
    const id = componentOf.get(first) ?? 0;
    for (const member of components[id] ?? []) order.push(member);
    for (const dependent of dependents[id] ?? []) {
      waiting[dependent] = (waiting[dependent] ?? 0) - 1;
      if (waiting[dependent] === 0) ready.push(components[dependent]?.[0] ?? 0);
    }
  }
  return { edges, cyclic, cycles, order };
}

/**
 * Calculations in dependency order (config order where dependencies allow). `cycle` names the
 * first cycle found, e.g. ['a', 'b', 'a']; calculations on or after a cycle are still listed.
 */
export function orderCalculations<C extends Formulated>(
  calcs: C[],
): { ordered: C[]; cycle: string[] | null } {
  const graph = buildCalculationGraph(calcs);
  const ordered = graph.order.flatMap((index) => (calcs[index] ? [calcs[index]] : []));
  const firstCyclic = [...graph.cyclic].sort((a, b) => a - b)[0];
  return { ordered, cycle: firstCyclic === undefined ? null : (graph.cycles.get(firstCyclic) ?? null) };
}
