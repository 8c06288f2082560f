/**
 * Ordering shared by the visit type and category editors. Reordering swaps the `order` values of
 * two neighbours (spec §2) rather than renumbering, so a move changes exactly two entries and the
 * saved document (and its audit diff) shows only what the user moved.
 */
export type Direction = "up" | "down";

type Ordered = { order?: number };

const sortKey = (order: number | undefined) =>
  typeof order === "number" && Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;

/** Lower order first; entries without an order last; ties keep their position in the list. */
export function sortByOrder<T extends Ordered>(items: readonly T[]): T[] {
  return items
    .map((item, position) => ({ item, position }))
    .sort((a, b) => {
      const ka = sortKey(a.item.order);
      const kb = sortKey(b.item.order);
      // Infinity - Infinity is NaN, so compare explicitly.
      if (ka !== kb) return ka < kb ? -1 : 1;
      return a.position - b.position;
    })
    .map(({ item }) => item);
}

/** One past the highest order, so a new entry goes last; 1 for an empty list. */
export function nextOrder(items: readonly Ordered[]): number {
  const orders = items.map((item) => item.order).filter((o): o is number => Number.isFinite(o));
  return orders.length ? Math.floor(Math.max(...orders)) + 1 : 1;
}

/**
 * Moves the entry at `index` of an already sorted list one step, by swapping its order value with
 * its neighbour's, and returns the list sorted again. Returns null when there is no neighbour.
 * When orders are missing or duplicated a swap would change nothing, so the list is first numbered
 * 1..n in the order the user sees.
 */
export function swapWithNeighbour<T extends Ordered>(
  sorted: readonly T[],
  index: number,
  direction: Direction,
): T[] | null {
  const otherIndex = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || otherIndex < 0 || index >= sorted.length || otherIndex >= sorted.length) return null;
  const orders = sorted.map((item) => item.order);
  const usable =
    orders.every((o) => typeof o === "number" && Number.isFinite(o)) &&
    new Set(orders).size === orders.length;
  const base = usable ? [...sorted] : sorted.map((item, i) => ({ ...item, order: i + 1 }));
  const moving = base[index];
  const other = base[otherIndex];
  if (!moving || !other) return null;
  base[index] = { ...moving, order: other.order };
  base[otherIndex] = { ...other, order: moving.order };
  return sortByOrder(base);
}
