/**
 * Reads a zip archive with readers independent of the writer (fflate): yauzl for the entries, a
 * CRC-32 written here from the definition (ISO 3309, as PKWARE's APPNOTE uses it) checked against
 * the central directory, and Debian's `unzip -t`, which checks every CRC and the structure itself.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import yauzl from "yauzl";

const UNZIP_MISSING = "zip reader: `unzip` not found: install Debian's unzip (apt-get install -y unzip)";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type ZipEntry = { name: string; bytes: Buffer; text: string; crc32: number };

/** Every entry, in archive order, inflated; rejects on a CRC or size that does not match its data. */
export function readZip(archive: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            const bytes = Buffer.concat(chunks);
            const actual = crc32(bytes);
            if (actual !== entry.crc32)
              return reject(
                new Error(`${entry.fileName}: CRC ${actual} but the directory says ${entry.crc32}`),
              );
            entries.push({ name: entry.fileName, bytes, text: bytes.toString("utf8"), crc32: actual });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** `unzip -t`'s verdict on the archive (every entry's CRC and the structure); throws when it complains. */
export function testWithUnzip(archive: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "zip-test-"));
  try {
    const file = path.join(dir, "archive.zip");
    writeFileSync(file, archive);
    const run = spawnSync("unzip", ["-t", file], { encoding: "utf8", timeout: 60_000 });
    if (run.error) throw new Error(UNZIP_MISSING);
    if (run.status !== 0) throw new Error(`unzip -t failed (${run.status}): ${run.stdout}${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
