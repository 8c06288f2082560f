import "server-only";
import { AwsClient } from "aws4fetch";
import type { Env } from "@/lib/env";
import type { FileStorage } from "./file-storage";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
};

/** The S3 settings of lib/env.ts, or null when S3_BUCKET is unset; half a configuration is an error. */
export function s3ConfigFromEnv(
  e: Pick<
    Env,
    "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PREFIX"
  >,
): S3Config | null {
  if (!e.S3_BUCKET) return null;
  const missing = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !e[k]);
  if (missing.length > 0) throw new Error(`S3_BUCKET is set but ${missing.join(", ")} is not`);
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ""),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    prefix: e.S3_PREFIX,
  };
}

/**
 * An S3-compatible object store (AWS S3, MinIO, Ceph, R2…) through signed fetch calls (SigV4 by
 * aws4fetch), path-style: `{endpoint}/{bucket}/{prefix}{key}`. Objects are private; the app reads
 * them back and serves them through its own authenticated route.
 */
export class S3FileStorage implements FileStorage {
  readonly description: string;
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: "s3",
      region: config.region,
      retries: 2,
    });
    this.description = `S3 bucket ${config.bucket} at ${config.endpoint}`;
  }

  objectUrl(key: string): string {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(key)) throw new Error("Invalid storage key");
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${this.config.prefix}${key}`;
  }

  /** The signed request for an operation (exposed so its shape can be tested without a network). */
  sign(method: "PUT" | "GET" | "DELETE", key: string, init: RequestInit = {}, datetime?: string) {
    return this.client.sign(this.objectUrl(key), {
      ...init,
      method,
      aws: { service: "s3", region: this.config.region, ...(datetime ? { datetime } : {}) },
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    // If-None-Match: * refuses an overwrite on stores that support conditional writes.
    const request = await this.sign("PUT", key, {
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "content-type": contentType, "if-none-match": "*" },
    });
    const response = await fetch(request);
    if (!response.ok) throw new Error(`S3 PUT failed with ${response.status}`);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const response = await fetch(await this.sign("GET", key));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`S3 GET failed with ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await fetch(await this.sign("DELETE", key));
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE failed with ${response.status}`);
  }
}
