/**
 * The S3-compatible store: its configuration and request signing, then put, get and delete against
 * a real S3-protocol server started by the test (s3rver, which checks the signatures).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3FileStorage, s3ConfigFromEnv } from "@/lib/server/storage/s3-storage";
import { startS3, type TestS3 } from "../../support/s3-server";

const ENV = {
  S3_BUCKET: "registry-files",
  S3_ENDPOINT: "http://127.0.0.1:9000/",
  S3_REGION: "eu-central-1",
  S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
  S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  S3_PREFIX: "uploads/",
};

describe("S3 file storage", () => {
  it("is off without a bucket, and refuses half a configuration", () => {
    expect(s3ConfigFromEnv({ ...ENV, S3_BUCKET: undefined })).toBeNull();
    expect(() => s3ConfigFromEnv({ ...ENV, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      "S3_BUCKET is set but S3_SECRET_ACCESS_KEY is not",
    );
  });

  it("signs path-style object requests with SigV4 for the configured region and service s3", async () => {
    const storage = new S3FileStorage(s3ConfigFromEnv(ENV)!);
    const key = "AbCdEfGhIjKlMnOpQrStUvWx";
    const request = await storage.sign("GET", key, {}, "20260101T000000Z");
    expect(request.url).toBe(`http://127.0.0.1:9000/registry-files/uploads/${key}`);
    expect(request.method).toBe("GET");
    const auth = request.headers.get("authorization")!;
    expect(auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260101\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers.get("x-amz-date")).toBe("20260101T000000Z");
    // The same request signed twice gives the same signature; another key gives another one.
    const again = await storage.sign("GET", key, {}, "20260101T000000Z");
    expect(again.headers.get("authorization")).toBe(auth);
    const other = await storage.sign("GET", "ZZZZZZZZZZZZZZZZZZZZZZZZ", {}, "20260101T000000Z");
    expect(other.headers.get("authorization")).not.toBe(auth);
  });

  it("never builds an object URL from a key that could leave its prefix", () => {
    const storage = new S3FileStorage(s3ConfigFromEnv(ENV)!);
    expect(() => storage.objectUrl("../../other-bucket/secret")).toThrow("Invalid storage key");
  });
});

describe("S3 file storage against a real S3-protocol server (s3rver)", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.close();
  });

  it("puts, gets and deletes an object with signed requests", async () => {
    const storage = new S3FileStorage(s3.config);
    const key = randomBytes(24).toString("base64url");
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 0xff, 0x0d, 0x0a]);
    await storage.put(key, bytes, "application/pdf");
    expect(await storage.get(key)).toEqual(bytes);
    // Path-style under the prefix: the object is where the app says.
    const listed = await fetch(await storage.sign("GET", key));
    expect(new Uint8Array(await listed.arrayBuffer())).toEqual(bytes);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is gone is not an error (a retried release).
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("answers null for a key that holds nothing, and fails loudly with an unknown access key", async () => {
    const storage = new S3FileStorage(s3.config);
    expect(await storage.get(randomBytes(24).toString("base64url"))).toBeNull();
    const wrong = new S3FileStorage({ ...s3.config, accessKeyId: "NOT-A-KEY" });
    await expect(
      wrong.put(randomBytes(24).toString("base64url"), new Uint8Array([1]), "text/plain"),
    ).rejects.toThrow("S3 PUT failed with 403");
  });
});
