import "server-only";
import busboy from "busboy";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { env } from "@/lib/env";
import { messageRef } from "@/lib/i18n/message-ref";
import { MAX_IMPORT_FILE_BYTES } from "@/lib/schemas/import-jobs";
import { payloadTooLarge } from "../api/body-limit";
import { ApiError } from "../api/errors";
import { cleanFileName } from "../uploads/multipart-file";

/**
 * Import files (docs/decisions/0037-bulk-import.md): streamed from the request to a file of the
 * server's import directory while their SHA-256 is computed, never held in memory (a file may be
 * 200 MB), and read back as a stream by the job, as often as it needs (a preview, then an apply, a
 * resumed apply after a restart).
 */
const KEY = /^[a-f0-9]{32}$/;

const holder = globalThis as unknown as { __registryImportDir?: string };

/** DATA_DIR/imports; with DATA_DIR=memory:// (tests) a directory of this process under the temp dir. */
export function importDir(): string {
  const dataDir = env().DATA_DIR;
  if (!dataDir.startsWith("memory://")) return path.resolve(dataDir, "imports");
  holder.__registryImportDir ??= path.join(tmpdir(), `registry-imports-${process.pid}`);
  return holder.__registryImportDir;
}

function fileOf(key: string): string {
  if (!KEY.test(key)) throw new Error("Invalid import file key");
  return path.join(importDir(), key);
}

export function openImportFile(key: string): Readable {
  return createReadStream(fileOf(key));
}

export async function importFileSize(key: string): Promise<number | null> {
  try {
    return (await fs.stat(fileOf(key))).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export type ReceivedImport = {
  fields: Record<string, string>;
  file: { key: string; name: string; bytes: number; sha256: string } | null;
};

/**
 * The multipart body of `POST /api/studies/{id}/imports`: its text fields and its one `file` part,
 * written to the import directory as it arrives. Past MAX_IMPORT_FILE_BYTES the upload is refused
 * (413) and what was written is removed.
 */
export async function receiveImportUpload(req: Request): Promise<ReceivedImport> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !req.body) {
    await req.body?.cancel().catch(() => {});
    throw new ApiError("unsupported_media_type", messageRef("api.imports.notMultipart"));
  }
  await fs.mkdir(importDir(), { recursive: true, mode: 0o700 });
  const fields: Record<string, string> = {};
  let file: ReceivedImport["file"] = null;
  const written: string[] = [];
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: MAX_IMPORT_FILE_BYTES },
    });
  } catch {
    await req.body.cancel().catch(() => {});
    throw new ApiError("bad_request", messageRef("api.imports.notMultipart"));
  }
  const files: Promise<void>[] = [];
  let tooLarge = false;
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || file) {
      stream.resume();
      return;
    }
    const key = randomBytes(16).toString("hex");
    const target = fileOf(key);
    written.push(target);
    const hash = createHash("sha256");
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    stream.on("limit", () => {
      tooLarge = true;
    });
    const entry = { key, name: cleanFileName(info.filename ?? "") || "import.csv", bytes: 0, sha256: "" };
    file = entry;
    files.push(
      pipeline(stream, createWriteStream(target, { flags: "wx", mode: 0o600 })).then(() => {
        entry.bytes = bytes;
        entry.sha256 = hash.digest("hex");
      }),
    );
  });
  try {
    await pipeline(Readable.fromWeb(req.body as WebReadableStream<Uint8Array>), parser);
    await Promise.all(files);
  } catch {
    await Promise.all(written.map((target) => fs.rm(target, { force: true })));
    throw new ApiError("bad_request", messageRef("api.imports.uploadBroken"));
  }
  if (tooLarge) {
    await Promise.all(written.map((target) => fs.rm(target, { force: true })));
    throw payloadTooLarge(MAX_IMPORT_FILE_BYTES);
  }
  return { fields, file };
}

/** Removes a file no job needs any more (a refused start). */
export async function removeImportFile(key: string): Promise<void> {
  await fs.rm(fileOf(key), { force: true });
}
