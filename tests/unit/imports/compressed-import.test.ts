/**
 * A gzip-compressed import file (docs/decisions/0037): told by its content, decompressed as it is
 * read, in any chunking; a damaged, cut-short or endlessly expanding file ends with its issue.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decompressedIfGzip, isGzip } from "@/lib/server/imports/compressed-import";
import { UnreadableBytes } from "@/lib/server/imports/csv-records";

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield Buffer.from(bytes.subarray(at, at + size));
}

async function read(bytes: Uint8Array, size: number, max?: number): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of decompressedIfGzip(chunked(bytes, size), max)) parts.push(part);
  return Buffer.concat(parts).toString("utf8");
}

const text = "patient_code,visit_number\r\n" + Array.from({ length: 2000 }, (_, n) => `P${n},1\r\n`).join("");

describe("a compressed import file", () => {
  it("is told by its first two bytes, not its name", () => {
    expect(isGzip(gzipSync("a"))).toBe(true);
    expect(isGzip(Buffer.from("patient_code"))).toBe(false);
    expect(isGzip(Buffer.from([0x1f]))).toBe(false);
  });

  it("is decompressed in any chunking, down to one byte at a time", async () => {
    const compressed = gzipSync(text);
    for (const size of [1, 2, 7, 65_536]) expect(await read(compressed, size)).toBe(text);
  });

  it("a plain file passes unchanged, however it is cut", async () => {
    const plain = Buffer.from(text);
    for (const size of [1, 3, 65_536]) expect(await read(plain, size)).toBe(text);
    expect(await read(Buffer.alloc(0), 1)).toBe("");
  });

  it("a file cut short or damaged ends with gzipBroken", async () => {
    const compressed = gzipSync(text);
    const damaged = Buffer.from(compressed);
    damaged.fill(0x55, 20, 40);
    for (const bytes of [compressed.subarray(0, compressed.length - 10), damaged])
      await expect(read(bytes, 100)).rejects.toMatchObject({ code: "gzipBroken" });
  });

  it("stops a file that expands past the limit, with the limit in MB", async () => {
    const bomb = gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x41));
    expect(bomb.length).toBeLessThan(10_000);
    const reading = read(bomb, 4096, 2 * 1024 * 1024);
    await expect(reading).rejects.toBeInstanceOf(UnreadableBytes);
    await expect(reading).rejects.toMatchObject({ code: "expandedTooLarge", values: { max: "2" } });
  });
});
