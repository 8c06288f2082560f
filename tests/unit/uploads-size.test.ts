import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_FILE_BYTES as SERVER_LIMIT } from "@/lib/server/uploads/multipart-file";
import {
  formatFileSize,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILE_SIZE_TEXT,
  uploadSizeProblem,
} from "@/lib/schemas/uploads";
import { wordsIn } from "@/tests/support/words-in";

describe("the shared upload size rule", () => {
  it("is the server's limit, said '10 MB'", () => {
    expect(SERVER_LIMIT).toBe(MAX_UPLOAD_FILE_BYTES);
    expect(MAX_UPLOAD_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_UPLOAD_FILE_SIZE_TEXT).toBe("10 MB");
  });

  it("accepts a file at the limit and refuses one byte more", () => {
    expect(uploadSizeProblem({ name: "a.pdf", size: MAX_UPLOAD_FILE_BYTES })).toBeNull();
    const inEnglish = (problem: string | null) => wordsIn("en")(problem ?? "");
    expect(inEnglish(uploadSizeProblem({ name: "a.pdf", size: MAX_UPLOAD_FILE_BYTES + 1 }))).toBe(
      '"a.pdf" is larger than 10 MB, the largest file that can be uploaded.',
    );
    expect(inEnglish(uploadSizeProblem({ name: "b.zip", size: 25 * 1024 * 1024 }))).toBe(
      '"b.zip" (25 MB) is larger than 10 MB, the largest file that can be uploaded.',
    );
    expect(wordsIn("it")(uploadSizeProblem({ name: "b.zip", size: 25 * 1024 * 1024 })!)).toBe(
      '"b.zip" (25 MB) supera 10 MB, la dimensione massima di un file caricabile.',
    );
  });

  it("says sizes in words", () => {
    const sizes = [0, 820, 1024, 14_541, 1024 * 1024, 12.44 * 1024 * 1024];
    expect(sizes.map((bytes) => formatFileSize(bytes))).toEqual([
      "0 B",
      "820 B",
      "1 KB",
      "14.2 KB",
      "1 MB",
      "12.4 MB",
    ]);
    // In the reader's number format (decision 0021).
    expect(sizes.map((bytes) => formatFileSize(bytes, "it"))).toEqual([
      "0 B",
      "820 B",
      "1 KB",
      "14,2 KB",
      "1 MB",
      "12,4 MB",
    ]);
    expect(formatFileSize(1000.4 * 1024, "en")).toBe("1,000.4 KB");
  });

  it("writes an oversize file's size in the reader's language where the message is put into words", () => {
    const problem = uploadSizeProblem({ name: "c.pdf", size: 12.44 * 1024 * 1024 })!;
    expect(wordsIn("en")(problem)).toBe(
      '"c.pdf" (12.4 MB) is larger than 10 MB, the largest file that can be uploaded.',
    );
    expect(wordsIn("it")(problem)).toBe(
      '"c.pdf" (12,4 MB) supera 10 MB, la dimensione massima di un file caricabile.',
    );
  });
});
