/**
 * A real S3-protocol server for tests (s3rver): listens on a free local port, checks SigV4
 * signatures against its fixed credentials, keeps objects in a temporary directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "@/lib/server/storage/s3-storage";

export const S3_TEST_BUCKET = "registry-test-files";

export type TestS3 = { config: S3Config; close(): Promise<void> };

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    config: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: S3_TEST_BUCKET,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      prefix: "uploads/",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
