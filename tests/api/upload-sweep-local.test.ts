/** The upload sweep against the local store (DATA_DIR/uploads), the default without S3_BUCKET. */
import { expect } from "vitest";
import { fileStorage } from "@/lib/server/storage/file-storage";
import { describeUploadSweep } from "./upload-sweep-cases";

describeUploadSweep("local directory", (key) => {
  expect(fileStorage().description).toMatch(/^local directory /);
  return fileStorage().get(key);
});
