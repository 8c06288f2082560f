/** The upload sweep against a real S3-protocol server (s3rver) as the store, set up as deployed. */
import { describeUploadSweep } from "./upload-sweep-cases";
import { serveFilesFromS3 } from "./upload-fixtures";

const bucket = await serveFilesFromS3();
describeUploadSweep("S3", (key) => bucket.get(key));
