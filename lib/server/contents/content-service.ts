import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { blocksForReader } from "@/lib/contents/reader-language";
import type { Locale } from "@/lib/i18n/locales";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { contentBlocks } from "@/db/schema";
import {
  checkBlock,
  CONTENT_MESSAGES,
  type ContentBlock,
  type ContentBlockCreateBody,
  type ContentBlockType,
  type ContentBlockUpdateBody,
  type ContentReorderBody,
} from "@/lib/schemas/contents";
import { fieldError, notFound, validationError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { requireStudyPermission } from "../auth/study-access";
import { auditedTransaction } from "../audit/audit-writer";
import { sanitizeHtml } from "../sanitize/sanitize-html";
import { droppedUploadIds, holdUpload, releaseUploads, uploadIdsIn } from "../uploads/upload-references";
import { changedValues } from "../audit/changed-values";
import {
  blockTree,
  checkPlacement,
  findBlock,
  nextOrder,
  studyBlocks,
  studyExists,
  toBlock,
  type BlockRow,
} from "./content-queries";

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });
const ENTITY = "content_block";

/** Settings after the per-type rules, with every HTML in them sanitized. */
function cleanSettings(type: ContentBlockType, title: string | null | undefined, settings: unknown) {
  const checked = checkBlock(type, title, settings);
  if (!checked.ok) throw validationError(checked.issues);
  const result = { ...checked.settings };
  if (Array.isArray(result.columns)) {
    result.columns = (result.columns as { content: string }[])
      .map((column) => ({ content: sanitizeHtml(column.content) }))
      .filter((column) => column.content !== "");
  }
  return result;
}

/**
 * An attachment must name an upload of this study (or of no study) that exists; it is held until
 * the transaction ends, so a release running at the same moment cannot delete it under the block.
 */
async function holdAttachment(
  tx: Tx,
  studyId: number,
  type: ContentBlockType,
  settings: Record<string, unknown>,
) {
  if (type !== "attachment") return;
  const [id] = uploadIdsIn(settings.file_url);
  if (!id || !(await holdUpload(tx, id, studyId)))
    throw fieldError(["body", "settings", "file_url"], CONTENT_MESSAGES.attachmentRequired);
}

/** What of a block can name an upload: its settings and its rich text. */
const namedFiles = (row: Pick<BlockRow, "settings" | "content">) => [row.settings, row.content];

const cleanContent = (content: { html?: string } | undefined) =>
  content?.html === undefined ? {} : { html: sanitizeHtml(content.html) };

/** What the trail keeps of a block: its answer without id and children. */
function auditedValues(row: BlockRow): Record<string, unknown> {
  const { id: _id, children: _children, ...values } = toBlock(row);
  return values;
}

/**
 * Anyone who may read the study reads its visible blocks; those who may edit them (superusers,
 * spec §6) also get the hidden ones when they ask (include_hidden). A hidden row hides its blocks.
 * With a reader's language, only the blocks for that reader (blocksForReader, decision 0022);
 * without, every block whatever its language (the content screens).
 */
export async function listContents(
  db: Db,
  actor: Actor,
  studyId: number,
  includeHidden: boolean,
  readerLanguage?: Locale,
): Promise<ContentBlock[]> {
  await studyExists(db, studyId);
  const access = await requireStudyPermission(db, actor, studyId, "study.read");
  const showHidden = includeHidden && access.permissions.has("content.edit");
  const rows = await studyBlocks(db, studyId);
  const tree = blockTree(rows);
  const shown = showHidden
    ? tree
    : tree
        .filter((block) => block.is_visible)
        .map((block) => ({ ...block, children: block.children.filter((child) => child.is_visible) }));
  return readerLanguage ? blocksForReader(shown, readerLanguage) : shown;
}

/** One block, as the list would show it to this caller (a hidden one, or one in a hidden row, is 404). */
export async function getContent(db: Db, actor: Actor, studyId: number, contentId: number) {
  const tree = await listContents(db, actor, studyId, true);
  const found = tree.flatMap((block) => [block, ...block.children]).find((block) => block.id === contentId);
  if (!found) throw notFound(CONTENT_MESSAGES.notFound);
  return found;
}

export async function createContent(
  db: Db,
  actor: Actor,
  studyId: number,
  input: ContentBlockCreateBody,
  meta: RequestMeta,
): Promise<ContentBlock> {
  return auditedTransaction(db, async (tx, audit) => {
    await studyExists(tx, studyId);
    await requireStudyPermission(tx, actor, studyId, "content.edit");
    const settings = cleanSettings(input.type, input.title, input.settings);
    await holdAttachment(tx, studyId, input.type, settings);
    const place = await checkPlacement(
      tx,
      studyId,
      input.type,
      input.parent_id ?? null,
      input.column_index ?? null,
    );
    const order = input.order ?? (await nextOrder(tx, studyId, place.parentId, place.columnIndex));
    const [row] = await tx
      .insert(contentBlocks)
      .values({
        studyId,
        type: input.type,
        title: input.title?.trim() || null,
        content: cleanContent(input.content),
        settings,
        isVisible: input.is_visible ?? true,
        order,
        parentId: place.parentId,
        columnIndex: place.columnIndex,
        language: input.language ?? null,
      })
      .returning();
    audit({
      action: "create",
      entityType: ENTITY,
      entityId: row!.id,
      studyId,
      actor: who(actor),
      meta,
      newValues: auditedValues(row!),
    });
    return toBlock(row!);
  });
}

/**
 * PATCH: only the fields sent change; a block moved to another column goes last there (spec §4).
 * A file the block no longer names is deleted after the commit when nothing else names it.
 */
export async function updateContent(
  db: Db,
  actor: Actor,
  studyId: number,
  contentId: number,
  input: ContentBlockUpdateBody,
  meta: RequestMeta,
): Promise<ContentBlock> {
  let dropped: string[] = [];
  const block = await auditedTransaction(db, async (tx, audit) => {
    await studyExists(tx, studyId);
    await requireStudyPermission(tx, actor, studyId, "content.edit");
    const row = await findBlock(tx, studyId, contentId, true);
    const type = row.type as ContentBlockType;
    const title = input.title === undefined ? row.title : input.title?.trim() || null;
    const settings =
      input.settings !== undefined || input.title !== undefined
        ? cleanSettings(type, title, input.settings ?? row.settings)
        : row.settings;
    if (settings !== row.settings) await holdAttachment(tx, studyId, type, settings);
    const moving = input.parent_id !== undefined || input.column_index !== undefined;
    const place = moving
      ? await checkPlacement(
          tx,
          studyId,
          type,
          input.parent_id === undefined ? row.parentId : input.parent_id,
          input.column_index === undefined ? row.columnIndex : input.column_index,
        )
      : { parentId: row.parentId, columnIndex: row.columnIndex };
    const placeChanged = place.parentId !== row.parentId || place.columnIndex !== row.columnIndex;
    const order =
      input.order ??
      (placeChanged ? await nextOrder(tx, studyId, place.parentId, place.columnIndex) : row.order);
    const [updated] = await tx
      .update(contentBlocks)
      .set({
        title,
        content: input.content === undefined ? row.content : cleanContent(input.content),
        settings,
        isVisible: input.is_visible ?? row.isVisible,
        order,
        parentId: place.parentId,
        columnIndex: place.columnIndex,
        language: input.language === undefined ? row.language : input.language,
        updatedAt: new Date(),
      })
      .where(eq(contentBlocks.id, row.id))
      .returning();
    const { oldValues, newValues } = changedValues(auditedValues(row), auditedValues(updated!));
    audit({
      action: "update",
      entityType: ENTITY,
      entityId: row.id,
      studyId,
      actor: who(actor),
      meta,
      oldValues,
      newValues,
    });
    dropped = droppedUploadIds(namedFiles(row), namedFiles(updated!));
    return toBlock(updated!);
  });
  await releaseUploads(db, dropped, actor, meta);
  return block;
}

/**
 * Deleting a row deletes its blocks first, then the row (spec §4). Files only these blocks named
 * are deleted after the commit (releaseUploads).
 */
export async function deleteContent(
  db: Db,
  actor: Actor,
  studyId: number,
  contentId: number,
  meta: RequestMeta,
): Promise<void> {
  const removedRows = await auditedTransaction(db, async (tx, audit) => {
    await studyExists(tx, studyId);
    await requireStudyPermission(tx, actor, studyId, "content.edit");
    const row = await findBlock(tx, studyId, contentId, true);
    const children = await tx
      .delete(contentBlocks)
      .where(and(eq(contentBlocks.studyId, studyId), eq(contentBlocks.parentId, row.id)))
      .returning();
    await tx.delete(contentBlocks).where(eq(contentBlocks.id, row.id));
    for (const removed of [...children, row]) {
      audit({
        action: "delete",
        entityType: ENTITY,
        entityId: removed.id,
        studyId,
        actor: who(actor),
        meta,
        oldValues: auditedValues(removed),
      });
    }
    return [...children, row];
  });
  await releaseUploads(db, droppedUploadIds(removedRows.map(namedFiles), null), actor, meta);
}

/** The listed blocks take the orders 0, 1, 2… in the order given. */
export async function reorderContents(
  db: Db,
  actor: Actor,
  studyId: number,
  input: ContentReorderBody,
  meta: RequestMeta,
): Promise<void> {
  const ids = input.content_ids;
  if (new Set(ids).size !== ids.length)
    throw fieldError(["body", "content_ids"], messageRef("api.contents.idsRepeat"));
  await auditedTransaction(db, async (tx, audit) => {
    await studyExists(tx, studyId);
    await requireStudyPermission(tx, actor, studyId, "content.edit");
    const rows = await tx
      .select({ id: contentBlocks.id, order: contentBlocks.order })
      .from(contentBlocks)
      .where(and(eq(contentBlocks.studyId, studyId), inArray(contentBlocks.id, ids)))
      .for("update");
    if (rows.length !== ids.length) throw fieldError(["body", "content_ids"], CONTENT_MESSAGES.notFound);
    const before = new Map(rows.map((r) => [r.id, r.order]));
    for (const [index, id] of ids.entries()) {
      if (before.get(id) === index) continue;
      await tx
        .update(contentBlocks)
        .set({ order: index, updatedAt: new Date() })
        .where(eq(contentBlocks.id, id));
    }
    audit({
      action: "update",
      entityType: ENTITY,
      entityId: null,
      studyId,
      actor: who(actor),
      meta,
      reason: "reorder",
      oldValues: { order: Object.fromEntries(ids.map((id) => [id, before.get(id)])) },
      newValues: { order: Object.fromEntries(ids.map((id, index) => [id, index])) },
    });
  });
}
