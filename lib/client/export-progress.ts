/**
 * Counting the records of a study export while it downloads (decision 0016), from the bytes alone. A CSV
 * record ends at a line feed outside quotes: text inside a cell leaves exactly as stored, line
 * breaks included (lib/exports/cell-values.ts), and RFC 4180 quotes every such cell. An ODM
 * subject ends in `</SubjectData>`. A zip's data file is its first entry, deflated: the bytes
 * after its local header go through the browser's own inflater and are counted the same way.
 */

/**
 * CSV records across chunk boundaries: line feeds outside quotes. Works on bytes: a quote and a
 * line feed are single bytes that never occur inside a UTF-8 sequence, and a doubled quote ("")
 * inside a quoted cell toggles twice, leaving the state as it was.
 */
export class CsvRecordCounter {
  count = 0;
  private inQuotes = false;

  push(bytes: Uint8Array): void {
    let inQuotes = this.inQuotes;
    let count = this.count;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte === 0x22) inQuotes = !inQuotes;
      else if (byte === 0x0a && !inQuotes) count++;
    }
    this.inQuotes = inQuotes;
    this.count = count;
  }
}

/** Counts the occurrences of a marker across chunk boundaries. */
export class MarkerCounter {
  count = 0;
  private carry = "";
  private readonly decoder = new TextDecoder();

  constructor(private readonly marker: string) {}

  push(bytes: Uint8Array): void {
    const text = this.carry + this.decoder.decode(bytes, { stream: true });
    let at = text.indexOf(this.marker);
    let end = 0;
    while (at !== -1) {
      this.count++;
      end = at + this.marker.length;
      at = text.indexOf(this.marker, end);
    }
    // Keep just enough of the tail for a marker split between two chunks.
    this.carry = text.slice(Math.max(end, text.length - (this.marker.length - 1)));
  }
}

export type RecordCounter = {
  push(bytes: Uint8Array<ArrayBuffer>): void;
  records(): number;
  /** Resolves once every pushed byte has been counted. */
  drained(): Promise<void>;
};

/** CSV: records after the header. ODM: subjects. */
export function plainCounter(kind: "csv" | "odm"): RecordCounter {
  const counter = kind === "csv" ? new CsvRecordCounter() : new MarkerCounter("</SubjectData>");
  return {
    push: (bytes) => counter.push(bytes),
    records: () => (kind === "csv" ? Math.max(0, counter.count - 1) : counter.count),
    drained: () => Promise.resolve(),
  };
}

/**
 * A zip whose first entry is the CSV: skips the 30-byte local header and its name, then inflates
 * the entry's deflate stream as it arrives. The archive's later entries follow the stream's final
 * block; the inflater's complaint about them comes after every row was counted and is ignored.
 */
export function zipCounter(): RecordCounter {
  const csv = plainCounter("csv");
  let header = new Uint8Array(0);
  let writer: WritableStreamDefaultWriter<BufferSource> | null = null;
  let done = false;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const start = () => {
    const inflate = new DecompressionStream("deflate-raw");
    const opened = inflate.writable.getWriter();
    opened.closed.catch(() => {});
    writer = opened;
    void (async () => {
      const reader = inflate.readable.getReader();
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          csv.push(value);
        }
      } catch {
        // Bytes after the data entry's last block (the other entries): all rows are counted by now.
      } finally {
        done = true;
        finish();
      }
    })();
  };
  return {
    push(bytes) {
      if (done) return;
      if (!writer) {
        header = concat(header, bytes);
        if (header.length < 30) return;
        const dataStart = 30 + readU16(header, 26) + readU16(header, 28);
        if (header.length < dataStart) return;
        start();
        bytes = header.subarray(dataStart);
      }
      writer!.write(bytes).catch(() => {});
    },
    records: () => csv.records(),
    drained: () => {
      if (!writer) return Promise.resolve();
      // Whether the inflater already failed on the later entries or still waits for more input.
      writer.close().catch(() => {});
      return finished;
    },
  };
}

function readU16(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
