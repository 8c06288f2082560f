import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { studies, uploads } from "@/db/schema";
import { fileUrlOf, type UploadResponse } from "@/lib/schemas/contents";
import { fieldError, forbidden, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { isSuperuser, type Permission } from "../auth/policy";
import { requireStudyPermission } from "../auth/study-access";
import { auditedTransaction } from "../audit/audit-writer";
import { logError } from "../api/log";
import { fileStorage } from "../storage/file-storage";
import { prepareUpload, type UploadPurpose } from "./file-types";
import { readMultipartFile } from "./multipart-file";

const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

async function requireStudy(db: Db, actor: Actor, studyId: number, permission: Permission) {
  const [study] = await db.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).limit(1);
  if (!study) throw notFound(messageRef("api.studies.notFound"));
  await requireStudyPermission(db, actor, studyId, permission);
}

/**
 * Checks, stores and records one uploaded file. Authorization comes first, so a refused caller's
 * body is never read. The bytes go to the store under a random key before the row is written;
 * if the row cannot be written the stored bytes are removed again.
 */
async function storeUpload(
  db: Db,
  actor: Actor,
  req: Request,
  purpose: UploadPurpose,
  studyId: number | null,
  meta: RequestMeta,
): Promise<UploadResponse> {
  const { fileName, bytes } = await readMultipartFile(req);
  const prepared = prepareUpload(purpose, fileName, bytes);
  if (!prepared.ok) throw fieldError(["body", "file"], prepared.reason, "file_type");
  const storage = fileStorage();
  const storageKey = randomBytes(24).toString("base64url");
  await storage.put(storageKey, prepared.bytes, prepared.contentType);
  try {
    return await auditedTransaction(db, async (tx, audit) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          storageKey,
          fileName,
          contentType: prepared.contentType,
          fileSize: prepared.bytes.byteLength,
          studyId,
          uploadedBy: actor.userId,
        })
        .returning();
      audit({
        action: "create",
        entityType: "upload",
        entityId: row!.id,
        studyId,
        actor: who(actor),
        meta,
        newValues: { purpose, file_name: fileName, content_type: row!.contentType, file_size: row!.fileSize },
      });
      return {
        id: row!.id,
        file_url: fileUrlOf(row!.id),
        file_name: row!.fileName,
        file_size: row!.fileSize,
        content_type: row!.contentType,
      };
    });
  } catch (error) {
    await storage
      .delete(storageKey)
      .catch((cleanup) => logError("Could not remove an orphan upload", cleanup));
    throw error;
  }
}

/** POST /api/upload: content attachments, by those who edit the study's homepage (superusers). */
export async function uploadAttachment(
  db: Db,
  actor: Actor,
  req: Request,
  studyId: number | undefined,
  meta: RequestMeta,
): Promise<UploadResponse> {
  if (studyId !== undefined) await requireStudy(db, actor, studyId, "content.edit");
  else if (!isSuperuser(actor)) throw forbidden();
  return storeUpload(db, actor, req, "attachment", studyId ?? null, meta);
}

/** POST /api/studies/{id}/logo: an image for the study's branding, by those who configure it. */
export async function uploadStudyLogo(
  db: Db,
  actor: Actor,
  req: Request,
  studyId: number,
  meta: RequestMeta,
): Promise<UploadResponse> {
  await requireStudy(db, actor, studyId, "study.configure");
  return storeUpload(db, actor, req, "logo", studyId, meta);
}
