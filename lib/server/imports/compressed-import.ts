import "server-only";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { UnreadableBytes } from "./csv-records";

/**
 * A gzip-compressed import file (`.csv.gz`, docs/decisions/0037): the study's own csv-long export
 * of a large registry is bigger than the upload limit (about 36 MB per 100,000 rows), and it
 * compresses about ten to one. The file is kept as it was sent (its SHA-256 is of those bytes) and
 * decompressed as the job reads it, so it is never held whole either way.
 *
 * The format is the content's, not the name's: gzip's magic bytes 1f 8b start the file. Text never
 * starts so (0x8b is no UTF-8 lead byte), so a plain CSV is never taken for gzip.
 */

/**
 * What a compressed file may grow to: ten times the upload limit. A small file that expands
 * without end (a "zip bomb") stops there with an issue instead of running for hours.
 */
export const MAX_EXPANDED_IMPORT_BYTES = 2000 * 1024 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b] as const;

export function isGzip(firstBytes: Uint8Array): boolean {
  return firstBytes[0] === GZIP_MAGIC[0] && firstBytes[1] === GZIP_MAGIC[1];
}

/**
 * The file's bytes as text bytes: a plain file's as they are, a gzip file's decompressed. A damaged
 * or cut-short gzip file, or one that expands past `maxExpandedBytes`, ends the bytes with
 * UnreadableBytes (an issue of the file, not a failure of the job).
 */
export async function* decompressedIfGzip(
  chunks: AsyncIterable<Buffer>,
  maxExpandedBytes = MAX_EXPANDED_IMPORT_BYTES,
): AsyncGenerator<Buffer> {
  // The first two bytes tell; a source may hand them over one at a time.
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < GZIP_MAGIC.length) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  const all = (async function* () {
    yield* head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  if (!isGzip(Buffer.concat(head))) {
    yield* all;
    return;
  }
  // pipeline destroys the gunzip stream with the source's error or its own, which ends the loop.
  const expanded = pipeline(Readable.from(all), createGunzip(), () => {});
  let bytes = 0;
  try {
    for await (const chunk of expanded as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxExpandedBytes)
        throw new UnreadableBytes("expandedTooLarge", { max: String(maxExpandedBytes / 1024 / 1024) });
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UnreadableBytes) throw error;
    if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) throw new UnreadableBytes("gzipBroken");
    throw error;
  } finally {
    expanded.destroy();
  }
}
