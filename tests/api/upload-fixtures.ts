/** What the upload tests share: file bytes that pass the type checks, a multipart post, S3 as store. */
import { afterAll, expect } from "vitest";
import type { UploadResponse } from "@/lib/schemas/contents";
import { S3FileStorage } from "@/lib/server/storage/s3-storage";
import { startS3 } from "../support/s3-server";
import { BASE } from "./helpers";

export const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n");
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Posts `bytes` as the multipart `file` of an upload route; the upload must be accepted (201). */
export async function postFile(
  handler: Handler,
  url: string,
  headers: HeadersInit,
  file: { name: string; bytes: Uint8Array },
  params: Record<string, string> = {},
): Promise<UploadResponse> {
  const form = new FormData();
  form.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const res = await handler(new Request(`${BASE}${url}`, { method: "POST", headers, body: form }), {
    params: Promise.resolve(params),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as UploadResponse;
}

/**
 * Makes a real S3-protocol server (s3rver) the app's store, configured as deployed, and returns a
 * client of it. The store is chosen from the settings when first used: call this at the top of the
 * test file, before anything reads them.
 */
export async function serveFilesFromS3(): Promise<S3FileStorage> {
  const s3 = await startS3();
  process.env.S3_BUCKET = s3.config.bucket;
  process.env.S3_ENDPOINT = s3.config.endpoint;
  process.env.S3_REGION = s3.config.region;
  process.env.S3_ACCESS_KEY_ID = s3.config.accessKeyId;
  process.env.S3_SECRET_ACCESS_KEY = s3.config.secretAccessKey;
  process.env.S3_PREFIX = s3.config.prefix;
  afterAll(() => s3.close());
  return new S3FileStorage(s3.config);
}
