import "server-only";
import { AsyncDeflate, Zip, ZipPassThrough } from "fflate";

/**
 * A zip archive written as it goes, by fflate (docs/decisions/0016): local headers with data
 * descriptors, then the central directory, so a large entry never sits in memory. Each entry is
 * deflated in a worker thread (fflate's AsyncDeflate), never on the request thread; every call
 * returns the archive bytes that are ready once the worker has taken in the pushed chunk, so the
 * caller (the export stream) sends them and asks for the next batch only then: backpressure reaches
 * the deflater. No zip64 (fflate writes none): an archive or entry past 4 GiB is refused loudly
 * rather than written corrupt. `terminate()` stops the worker (a cancelled download).
 */
export class ZipStream {
  private readonly zip: Zip;
  private ready: Uint8Array[] = [];
  private written = 0;
  private failure: Error | null = null;
  private entry: WorkerEntry | null = null;
  private archiveDone = deferred();

  constructor() {
    this.zip = new Zip((error, chunk, final) => {
      if (error) return this.fail(error);
      this.ready.push(chunk);
      this.written += chunk.length;
      if (final) this.archiveDone.resolve();
    });
  }

  /** Starts an entry; returns its local header. */
  begin(name: string, modified: Date): Uint8Array {
    if (this.entry) throw new Error("zip: the previous entry is still open");
    const entry = new WorkerEntry(name, modified, (error) => this.fail(error));
    this.entry = entry;
    this.zip.add(entry);
    return this.take();
  }

  /** Deflates one chunk of the open entry; resolves with the archive bytes ready by then. */
  async write(data: Uint8Array): Promise<Uint8Array> {
    const entry = this.openEntry();
    if (data.length > 0) {
      if (entry.size + data.length > MAX_32 || this.written + data.length > MAX_32) throw tooLarge();
      // fflate hands the chunk's buffer to the worker (transferred): give it a copy of its own.
      await entry.deflate(data.slice());
    }
    return this.take();
  }

  /** Closes the open entry: its last deflate block and its data descriptor. */
  async end(): Promise<Uint8Array> {
    const entry = this.openEntry();
    await entry.close();
    this.entry = null;
    if (this.written > MAX_32) throw tooLarge();
    return this.take();
  }

  /** A whole small entry (README, dictionary, scripts). */
  async file(name: string, modified: Date, text: string): Promise<Uint8Array> {
    const parts = [this.begin(name, modified), await this.write(new TextEncoder().encode(text))];
    parts.push(await this.end());
    return concat(parts);
  }

  /** The central directory and its end record: the archive's last bytes. */
  async finish(): Promise<Uint8Array> {
    if (this.entry) throw new Error("zip: an entry is still open");
    this.zip.end();
    // Resolved by the archive's last chunk, rejected by any failure (fail()).
    await this.archiveDone.promise;
    if (this.written > MAX_32) throw tooLarge();
    return this.take();
  }

  /** Stops the worker of the open entry, if any (the download was cancelled or failed). */
  terminate(): void {
    this.entry?.terminate();
    this.entry = null;
    this.zip.terminate();
  }

  private openEntry(): WorkerEntry {
    if (this.failure) throw this.failure;
    if (!this.entry) throw new Error("zip: no entry is open");
    return this.entry;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.archiveDone.reject(error);
  }

  private take(): Uint8Array {
    if (this.failure) throw this.failure;
    const bytes = concat(this.ready);
    this.ready = [];
    return bytes;
  }
}

const MAX_32 = 0xffffffff;

const tooLarge = () =>
  new Error("zip: the archive would exceed 4 GiB (zip64 is not supported); export the plain CSV");

/**
 * One deflated entry whose deflater runs in a worker. fflate's own AsyncZipDeflate hides the
 * deflater's drain event; this is the same ZipPassThrough subclass with the drain kept, so a push
 * can be awaited until the worker has taken the chunk in.
 */
class WorkerEntry extends ZipPassThrough {
  private readonly deflater: AsyncDeflate;
  private drained = deferred();
  private closed = deferred();

  constructor(name: string, modified: Date, onError: (error: Error) => void) {
    super(name);
    this.mtime = modified;
    this.compression = 8;
    this.deflater = new AsyncDeflate({ level: 6 }, (error, chunk, final) => {
      if (error) {
        this.drained.reject(error);
        this.closed.reject(error);
        onError(error);
        return;
      }
      this.ondata(null, chunk, final);
      if (final) this.closed.resolve();
    });
    this.deflater.ondrain = () => {
      if (this.deflater.queuedSize === 0) this.drained.resolve();
    };
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.deflater.push(chunk, final);
  }

  async deflate(chunk: Uint8Array): Promise<void> {
    this.drained = deferred();
    this.push(chunk);
    await this.drained.promise;
  }

  /** The final (empty) chunk; resolves once the worker sent the entry's last bytes. */
  async close(): Promise<void> {
    this.push(new Uint8Array(0), true);
    await this.closed.promise;
  }

  /** Stops the worker; whoever still waits on it is told so (nothing else would ever answer). */
  terminate(): void {
    this.deflater.terminate();
    const stopped = new Error("zip: the deflater was stopped");
    this.drained.reject(stopped);
    this.closed.reject(stopped);
  }
}

type Deferred = { promise: Promise<void>; resolve(): void; reject(error: Error): void };

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A failure is also reported to whoever awaits; this only keeps an unawaited one quiet.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  return Buffer.concat(parts);
}
