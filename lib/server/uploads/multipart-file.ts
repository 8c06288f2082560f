import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { fitFileName } from "@/lib/file-name";
import { MAX_UPLOAD_FILE_BYTES } from "@/lib/schemas/uploads";
import { payloadTooLarge, readBodyBytes } from "../api/body-limit";
import { ApiError, fieldError } from "../api/errors";

/**
 * The largest file, counted exactly; the body may exceed it by the multipart framing. One shared
 * constant: the browser refuses a larger file with the same number before uploading it.
 */
export { MAX_UPLOAD_FILE_BYTES };
/** Boundaries, part headers and a long file name: far less than this. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadedFile = { fileName: string; bytes: Uint8Array };

/** Path parts, control characters and surrounding blanks removed; at most 255 UTF-8 bytes, extension kept. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/g, "").trim();
  return fitFileName(cleaned);
}

/**
 * The `file` part of a multipart/form-data body. The body is counted while it streams in and
 * refused at the limit (413) before it is parsed; the file itself must then be at most 10 MB.
 */
export async function readMultipartFile(req: Request): Promise<UploadedFile> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await req.body?.cancel().catch(() => {});
    throw new ApiError("unsupported_media_type", messageRef("api.uploads.notMultipart"));
  }
  const limit = MAX_UPLOAD_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;
  const bytes = await readBodyBytes(req, limit);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw fieldError(["body"], messageRef("api.uploads.multipartInvalid"), "multipart_invalid");
  }
  const file = form.get("file");
  if (!(file instanceof File))
    throw fieldError(["body", "file"], messageRef("api.uploads.fileRequired"), "missing");
  if (file.size > MAX_UPLOAD_FILE_BYTES) throw payloadTooLarge(MAX_UPLOAD_FILE_BYTES);
  const fileName = cleanFileName(file.name);
  if (fileName === "") throw fieldError(["body", "file"], messageRef("api.uploads.fileNoName"), "missing");
  return { fileName, bytes: new Uint8Array(await file.arrayBuffer()) };
}
