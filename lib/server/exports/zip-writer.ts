import "server-only";
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A zip archive written as it goes (PKWARE APPNOTE: local headers with data descriptors, then the
 * central directory), so a large entry never sits in memory: each chunk is deflated on its own with
 * a sync flush (a run of non-final deflate blocks: concatenated, they are one valid stream) and the
 * entry is closed with an empty final block. No zip64: an archive or entry past 4 GiB is refused
 * loudly rather than written corrupt.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private current: OpenEntry | null = null;

  /** Starts an entry; returns the bytes of its local header. */
  begin(name: string, modified: Date): Uint8Array {
    if (this.current) throw new Error("zip: the previous entry is still open");
    const nameBytes = Buffer.from(name, "utf8");
    const { time, date } = dosDateTime(modified);
    this.current = { name: nameBytes, time, date, offset: this.offset, crc: 0, size: 0, compressed: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0808, 6); // bit 3: sizes in the data descriptor; bit 11: UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // crc and sizes (14–25) stay 0: they follow the data.
    header.writeUInt16LE(nameBytes.length, 26);
    return this.emit(Buffer.concat([header, nameBytes]));
  }

  /** Deflates one chunk of the open entry. */
  write(data: Uint8Array): Uint8Array {
    const entry = this.openEntry();
    if (data.length === 0) return new Uint8Array(0);
    entry.crc = crc32(data, entry.crc);
    entry.size += data.length;
    const deflated = deflateRawSync(data, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
    entry.compressed += deflated.length;
    return this.emit(deflated);
  }

  /** Closes the open entry: the final deflate block and the data descriptor. */
  end(): Uint8Array {
    const entry = this.openEntry();
    const last = deflateRawSync(Buffer.alloc(0));
    entry.compressed += last.length;
    if (entry.size > MAX_32 || entry.compressed > MAX_32 || this.offset > MAX_32)
      throw new Error("zip: the archive would exceed 4 GiB (zip64 is not supported); export the plain CSV");
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.entries.push(entry);
    this.current = null;
    return this.emit(Buffer.concat([last, descriptor]));
  }

  /** A whole small entry (README, dictionary, scripts). */
  file(name: string, modified: Date, text: string): Uint8Array {
    return Buffer.concat([this.begin(name, modified), this.write(Buffer.from(text, "utf8")), this.end()]);
  }

  /** The central directory and its end record: the archive's last bytes. */
  finish(): Uint8Array {
    if (this.current) throw new Error("zip: an entry is still open");
    const start = this.offset;
    const records = this.entries.map((entry) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(0x031e, 4); // made by: Unix, spec 3.0
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(entry.time, 12);
      record.writeUInt16LE(entry.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      record.writeUInt32LE(entry.offset, 42);
      return Buffer.concat([record, entry.name]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    return this.emit(Buffer.concat([directory, end]));
  }

  private openEntry(): OpenEntry {
    if (!this.current) throw new Error("zip: no entry is open");
    return this.current;
  }

  private emit(bytes: Buffer): Uint8Array {
    this.offset += bytes.length;
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  }
}

const MAX_32 = 0xffffffff;

type CentralEntry = {
  name: Buffer;
  time: number;
  date: number;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
};
type OpenEntry = CentralEntry;

/** MS-DOS date and time (local fields read as UTC: the archive says when, not where). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
