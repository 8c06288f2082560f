import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { MAX_UPLOAD_FILE_BYTES } from "@/lib/schemas/uploads";
import { ApiError } from "./errors";

/** JSON bodies of every API call; file uploads get their own, larger limit (the shared file limit). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_FILE_BYTES;

const formatLimit = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export const payloadTooLarge = (limit: number) =>
  new ApiError("payload_too_large", messageRef("api.common.bodyTooLarge", { limit: formatLimit(limit) }));

/**
 * Reads a request body, counting bytes as they arrive and stopping at `limit` (413): a body
 * without Content-Length (chunked) is never buffered past the limit. A declared Content-Length
 * above the limit is refused before anything is read. Either way the stream is cancelled, so the
 * rest is not read into memory.
 */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await req.body?.cancel().catch(() => {});
    throw payloadTooLarge(limit);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel("request body over the limit").catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A UTF-8 text body within `limit` bytes; malformed UTF-8 is a 422, not a silent replacement. */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const bytes = await readBodyBytes(req, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("validation", [
      { loc: ["body"], msg: messageRef("api.common.bodyInvalidUtf8"), type: "utf8_invalid" },
    ]);
  }
}
