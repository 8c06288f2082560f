/**
 * The Page Builder's view of the block tree (pure): rows, their columns, the 'Available Blocks'
 * (top-level blocks in no row) and where a block can be moved.
 */
import {
  BLOCK_TYPE_LABELS,
  LAYOUT_SPANS,
  layoutOf,
  type ContentBlock,
  type Layout,
} from "@/lib/schemas/contents";

export type Placement = { parentId: number | null; columnIndex: number | null };

export const rowsOf = (tree: ContentBlock[]) => tree.filter((block) => block.type === "layout_row");
export const availableBlocks = (tree: ContentBlock[]) => tree.filter((block) => block.type !== "layout_row");

/** Every block but the rows, top-level ones first, then row by row (the List View). */
export function contentBlocksOnly(tree: ContentBlock[]): ContentBlock[] {
  return [...availableBlocks(tree), ...rowsOf(tree).flatMap((row) => row.children)];
}

export function columnsOf(row: ContentBlock): { span: number; blocks: ContentBlock[] }[] {
  const spans: readonly number[] = LAYOUT_SPANS[layoutOf(row)];
  return spans.map((span, index) => ({
    span,
    blocks: row.children.filter((child) => (child.column_index ?? 0) === index),
  }));
}

/** Droppable ids of dnd-kit: a column of a row, or the Available Blocks sidebar. */
export const AVAILABLE_DROP_ID = "available";
export const columnDropId = (rowId: number, columnIndex: number) => `column:${rowId}:${columnIndex}`;

export function placementOfDropId(id: string): Placement | null {
  if (id === AVAILABLE_DROP_ID) return { parentId: null, columnIndex: null };
  const match = /^column:(\d+):(\d+)$/.exec(id);
  return match ? { parentId: Number(match[1]), columnIndex: Number(match[2]) } : null;
}

/** A move target: the sidebar (no row), or a row's column (both counted from 1). */
export type MoveTarget = { id: string; label: string; row: number | null; column: number | null };

/**
 * The move targets offered to keyboard users, as "Row 2 · Column 1" and "Available Blocks"; the
 * screen words them from `row` and `column` in the reader's language (docs/decisions/0021).
 */
export function moveTargets(tree: ContentBlock[]): MoveTarget[] {
  const targets: MoveTarget[] = [
    { id: AVAILABLE_DROP_ID, label: "Available Blocks", row: null, column: null },
  ];
  rowsOf(tree).forEach((row, rowIndex) => {
    const spans: readonly number[] = LAYOUT_SPANS[layoutOf(row)];
    spans.forEach((_, columnIndex) =>
      targets.push({
        id: columnDropId(row.id, columnIndex),
        label: `Row ${rowIndex + 1} · Column ${columnIndex + 1}`,
        row: rowIndex + 1,
        column: columnIndex + 1,
      }),
    );
  });
  return targets;
}

export const placementId = (block: Pick<ContentBlock, "parent_id" | "column_index">) =>
  block.parent_id === null ? AVAILABLE_DROP_ID : columnDropId(block.parent_id, block.column_index ?? 0);

/**
 * The sibling ids after moving one a step up (-1) or down (+1), for the reorder call; null when it
 * is already first or last.
 */
export function steppedIds(siblings: readonly ContentBlock[], id: number, step: -1 | 1): number[] | null {
  const ids = siblings.map((block) => block.id);
  const index = ids.indexOf(id);
  const other = index + step;
  if (index < 0 || other < 0 || other >= ids.length) return null;
  [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  return ids;
}

export const blockLabel = (block: ContentBlock) => block.title || BLOCK_TYPE_LABELS[block.type];

/** Grid classes must be literal for Tailwind to emit them. */
export const SPAN_CLASS: Record<number, string> = {
  12: "md:col-span-12",
  8: "md:col-span-8",
  6: "md:col-span-6",
  4: "md:col-span-4",
};

export type { Layout };
