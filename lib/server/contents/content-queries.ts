import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { contentBlocks, studies } from "@/db/schema";
import {
  CONTENT_MESSAGES,
  LAYOUT_SPANS,
  type ContentBlock,
  type ContentBlockType,
  type Layout,
} from "@/lib/schemas/contents";
import { fieldError, notFound } from "../api/errors";
import { sanitizeHtml } from "../sanitize/sanitize-html";

export type BlockRow = typeof contentBlocks.$inferSelect;

/**
 * The HTML a block shows, through the sanitizer on the way out too: what the service stores is
 * already clean, but a row written another way (SQL by hand, an import, an older release) must
 * not reach a page's innerHTML unsanitized. `sanitizeHtml` remembers what it has cleaned.
 */
function renderable(row: BlockRow): Pick<ContentBlock, "content" | "settings"> {
  const content =
    typeof row.content.html === "string"
      ? { ...row.content, html: sanitizeHtml(row.content.html) }
      : row.content;
  const columns = row.settings.columns;
  const settings = Array.isArray(columns)
    ? {
        ...row.settings,
        columns: columns.map((column: unknown) => {
          const html = (column as { content?: unknown } | null)?.content;
          return { content: typeof html === "string" ? sanitizeHtml(html) : "" };
        }),
      }
    : row.settings;
  return { content, settings };
}

export function toBlock(row: BlockRow, children: ContentBlock[] = []): ContentBlock {
  return {
    id: row.id,
    type: row.type as ContentBlockType,
    title: row.title,
    ...renderable(row),
    is_visible: row.isVisible,
    order: row.order,
    parent_id: row.parentId,
    column_index: row.columnIndex,
    language: row.language ?? null,
    children,
  };
}

/** Top-level blocks in order, each layout row with its blocks (by column, then order). */
export function blockTree(rows: BlockRow[]): ContentBlock[] {
  const byParent = new Map<number, BlockRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  }
  const top = rows.filter((row) => row.parentId === null);
  return top.map((row) =>
    toBlock(
      row,
      (byParent.get(row.id) ?? [])
        .sort((a, b) => (a.columnIndex ?? 0) - (b.columnIndex ?? 0) || a.order - b.order || a.id - b.id)
        .map((child) => toBlock(child)),
    ),
  );
}

export async function studyExists(tx: Queryable, studyId: number): Promise<void> {
  const [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).limit(1);
  if (!study) throw notFound(CONTENT_MESSAGES.studyNotFound);
}

export function studyBlocks(tx: Queryable, studyId: number): Promise<BlockRow[]> {
  return tx
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.studyId, studyId))
    .orderBy(asc(contentBlocks.order), asc(contentBlocks.id));
}

export async function findBlock(tx: Queryable, studyId: number, id: number, forUpdate = false) {
  const base = tx
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.id, id), eq(contentBlocks.studyId, studyId)))
    .limit(1);
  const [row] = forUpdate ? await base.for("update") : await base;
  if (!row) throw notFound(CONTENT_MESSAGES.notFound);
  return row;
}

/**
 * Where a block may sit: at the top (no parent, no column), or in a column of a layout row of the
 * same study. Rows never nest.
 */
export async function checkPlacement(
  tx: Queryable,
  studyId: number,
  type: ContentBlockType,
  parentId: number | null,
  columnIndex: number | null,
): Promise<{ parentId: number | null; columnIndex: number | null }> {
  if (parentId === null) return { parentId: null, columnIndex: null };
  if (type === "layout_row") throw fieldError(["body", "parent_id"], CONTENT_MESSAGES.rowInRow);
  const [parent] = await tx
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.id, parentId), eq(contentBlocks.studyId, studyId)))
    .limit(1);
  if (!parent || parent.type !== "layout_row")
    throw fieldError(["body", "parent_id"], CONTENT_MESSAGES.parentNotRow);
  const layout = parent.settings.layout as Layout;
  const columns = LAYOUT_SPANS[layout]?.length ?? 1;
  const column = columnIndex ?? 0;
  if (column >= columns) throw fieldError(["body", "column_index"], CONTENT_MESSAGES.columnOutOfRange);
  return { parentId, columnIndex: column };
}

/** The order that puts a block last among its siblings (spec §4: dropped blocks go last). */
export async function nextOrder(
  tx: Queryable,
  studyId: number,
  parentId: number | null,
  columnIndex: number | null,
): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`coalesce(max(${contentBlocks.order}), -1)::int + 1` })
    .from(contentBlocks)
    .where(
      and(
        eq(contentBlocks.studyId, studyId),
        parentId === null ? isNull(contentBlocks.parentId) : eq(contentBlocks.parentId, parentId),
        columnIndex === null ? isNull(contentBlocks.columnIndex) : eq(contentBlocks.columnIndex, columnIndex),
      ),
    );
  return Number(row?.value ?? 0);
}
