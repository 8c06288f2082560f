import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Queryable, Tx } from "@/db/client";
import { contentBlocks, studies, uploads } from "@/db/schema";
import { logError } from "../api/log";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { auditedTransaction } from "../audit/audit-writer";
import { fileStorage } from "../storage/file-storage";

/**
 * Uploads live as long as something points at them (docs/decisions/0014). A file is named by its
 * download address `/api/files/{uuid}` in a content block (an attachment's `file_url`, or a link in
 * rich text) or in a study's configuration (the logo). When a change drops such an address — a
 * block deleted, an attachment's file replaced, a logo replaced — the service that made it calls
 * `releaseUploads` after its commit; every upload that is then named nowhere, in any study, is
 * deleted: its row with an audit entry in one transaction, then its bytes.
 *
 * An upload that was never named (a dialog closed after uploading) is deleted by the sweep
 * (`upload-sweep.ts`), through the same locked check.
 */

const FILE_ADDRESS = /\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;

/** The uploads a stored value names anywhere in it (settings, HTML, a study's config). */
export function uploadIdsIn(value: unknown): Set<string> {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return new Set([...text.matchAll(FILE_ADDRESS)].map((match) => match[1]!));
}

/** The uploads `before` named that `after` no longer does. */
export function droppedUploadIds(before: unknown, after: unknown): string[] {
  const kept = uploadIdsIn(after);
  return [...uploadIdsIn(before)].filter((id) => !kept.has(id));
}

/**
 * Holds an attachment's upload until the transaction ends (FOR SHARE), so a release running at
 * the same moment waits and then sees the new reference; false when there is no such upload in
 * this study (or of no study).
 */
export async function holdUpload(tx: Tx, id: string, studyId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, id), or(eq(uploads.studyId, studyId), isNull(uploads.studyId))))
    .for("share");
  return rows.length > 0;
}

/**
 * True when any content block or study (its live configuration) still names the upload. Decides
 * only under the row's FOR UPDATE lock; read without it, it is a hint (the sweep's first pass).
 */
export async function isReferenced(tx: Queryable, id: string): Promise<boolean> {
  const address = `/api/files/${id}`;
  const names = (column: AnyPgColumn) => sql`strpos(${column}::text, ${address}) > 0`;
  const inBlocks = await tx
    .select({ id: contentBlocks.id })
    .from(contentBlocks)
    .where(or(names(contentBlocks.settings), names(contentBlocks.content)))
    .limit(1);
  if (inBlocks.length > 0) return true;
  const inStudies = await tx.select({ id: studies.id }).from(studies).where(names(studies.config)).limit(1);
  return inStudies.length > 0;
}

export type RemovedUpload = { id: string; storageKey: string };

/**
 * Deletes each of `ids` that nothing names any more, in one audited transaction: the row with an
 * audit entry (`delete` of entity `upload`, with `reason`). The row is locked (FOR UPDATE) before
 * the check, so a block saved at the same moment that names it (holding it FOR SHARE, see
 * `holdUpload`) either waits for the delete and is refused, or commits first and keeps the file.
 * Returns the deleted files; their bytes are the caller's to remove, after this commit.
 */
export async function deleteUnreferencedUploads(
  db: Db,
  ids: readonly string[],
  audited: { actor: Actor | null; meta: RequestMeta | null; reason: string },
): Promise<RemovedUpload[]> {
  if (ids.length === 0) return [];
  return auditedTransaction(db, async (tx, audit) => {
    const rows = await tx
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [...ids]))
      .for("update");
    const gone: RemovedUpload[] = [];
    for (const row of rows) {
      if (await isReferenced(tx, row.id)) continue;
      await tx.delete(uploads).where(eq(uploads.id, row.id));
      audit({
        action: "delete",
        entityType: "upload",
        entityId: row.id,
        studyId: row.studyId,
        actor: audited.actor ? { userId: audited.actor.userId, email: audited.actor.email } : null,
        meta: audited.meta,
        reason: audited.reason,
        oldValues: { file_name: row.fileName, content_type: row.contentType, file_size: row.fileSize },
      });
      gone.push({ id: row.id, storageKey: row.storageKey });
    }
    return gone;
  });
}

/**
 * Removes the bytes of files whose rows are gone (committed). A store that fails leaves an
 * unreachable object, logged with its key; the others are still removed.
 */
export async function removeUploadBytes(files: readonly RemovedUpload[]): Promise<void> {
  const storage = fileStorage();
  for (const file of files) {
    await storage
      .delete(file.storageKey)
      .catch((error: unknown) =>
        logError(`Upload ${file.id} was deleted but its bytes (key ${file.storageKey}) could not be`, error),
      );
  }
}

/**
 * After a commit that dropped references to `ids`: deletes each of them that nothing names any
 * more (`deleteUnreferencedUploads`), then their bytes. A failure here never undoes the change
 * that released the file: it is logged.
 */
export async function releaseUploads(
  db: Db,
  ids: readonly string[],
  actor: Actor,
  meta: RequestMeta,
): Promise<void> {
  if (ids.length === 0) return;
  let removed: RemovedUpload[] = [];
  try {
    removed = await deleteUnreferencedUploads(db, ids, { actor, meta, reason: "no longer referenced" });
  } catch (error) {
    logError(`Could not release uploads ${ids.join(", ")} (the files stay)`, error);
    return;
  }
  await removeUploadBytes(removed);
}
