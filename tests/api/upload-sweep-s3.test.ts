/** The upload sweep against a real S3-protocol server (s3rver) as the store, set up as deployed. */
import { afterAll } from "vitest";
import { S3FileStorage } from "@/lib/server/storage/s3-storage";
import { startS3 } from "../support/s3-server";
import { describeUploadSweep } from "./upload-sweep-cases";

// The store is chosen from the settings when first used: set them before anything reads them.
const s3 = await startS3();
process.env.S3_BUCKET = s3.config.bucket;
process.env.S3_ENDPOINT = s3.config.endpoint;
process.env.S3_REGION = s3.config.region;
process.env.S3_ACCESS_KEY_ID = s3.config.accessKeyId;
process.env.S3_SECRET_ACCESS_KEY = s3.config.secretAccessKey;
process.env.S3_PREFIX = s3.config.prefix;
afterAll(() => s3.close());

const bucket = new S3FileStorage(s3.config);
describeUploadSweep("S3", (key) => bucket.get(key));
