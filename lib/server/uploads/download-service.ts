import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uploads } from "@/db/schema";
import { fitFileName } from "@/lib/file-name";
import { notFound } from "../api/errors";
import { logError } from "../api/log";
import type { Actor } from "../auth/actor";
import { requireStudyPermission } from "../auth/study-access";
import { fileStorage } from "../storage/file-storage";
import { INLINE_CONTENT_TYPES } from "./file-types";

const FILE_NOT_FOUND = messageRef("api.uploads.fileNotFound");

/**
 * RFC 6266: an ASCII fallback plus the exact UTF-8 name, fitted to what a disk accepts (a name
 * stored before uploads were fitted by bytes can be 255 characters but more bytes).
 */
export function contentDisposition(kind: "inline" | "attachment", storedName: string): string {
  const fileName = fitFileName(storedName);
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET /api/files/{id}: a file of a study to those who may read the study (others: 404, audited);
 * a file of no study to any signed-in user. Images (logos) are shown inline, everything else is a
 * download; nosniff and the API's `default-src 'none'` policy come from the route wrapper.
 */
export async function downloadFile(db: Db, actor: Actor, id: string): Promise<Response> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row) throw notFound(FILE_NOT_FOUND);
  if (row.studyId !== null) {
    await requireStudyPermission(db, actor, row.studyId, "study.read", FILE_NOT_FOUND);
  }
  const bytes = await fileStorage().get(row.storageKey);
  if (!bytes) {
    logError(`Upload ${row.id} has a row but no stored bytes`, new Error("missing object"));
    throw notFound(FILE_NOT_FOUND);
  }
  const inline = INLINE_CONTENT_TYPES.has(row.contentType);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", row.fileName),
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
