import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";
import type { AuditKey } from "./audit-key";
import { canonicalJson } from "./hash-chain";

/**
 * A signed statement of the chain head at one moment, kept OUTSIDE the database: whoever can
 * rewrite audit_logs can neither remove the rows it vouches for nor forge a new one.
 */
const CheckpointSchema = z.object({
  v: z.literal(1),
  /** Which database it describes (see database-identity.ts): one DATA_DIR may have seen several. */
  database: z.string().min(1),
  time: z.string().datetime(),
  /** Rows in the chain up to and including lastId. */
  rows: z.number().int().nonnegative(),
  lastId: z.number().int().nonnegative(),
  lastHash: z.string(),
  /** Rows up to this id were written before the audit key existed (plain SHA-256); 0: none. */
  legacyThroughId: z.number().int().nonnegative(),
  /** The hash of that last legacy row, which pins the whole legacy prefix. */
  legacyLastHash: z.string().nullable(),
  keyId: z.string(),
  /**
   * Only after a break an operator acknowledged (docs/audit-trail-recovery.md): where the chain
   * now starts. Without it, the chain starts at the genesis hash.
   */
  start: z.object({ id: z.number().int().positive(), prevHash: z.string() }).optional(),
  reason: z.enum(["start-up", "commits", "verify", "acknowledged"]),
  signature: z.string(),
});

export type Checkpoint = z.infer<typeof CheckpointSchema>;
export type UnsignedCheckpoint = Omit<Checkpoint, "signature" | "v" | "keyId">;

export type LogLine =
  { line: number; checkpoint: Checkpoint; signatureValid: boolean } | { line: number; problem: string };

/** A checkpoint line as found by a search from the end (its line number is not known there). */
export type FoundCheckpoint = { checkpoint: Checkpoint; signatureValid: boolean };

/**
 * The log only ever grows (one line per 5 s of writes, for years): nothing here reads it whole.
 * The server needs only the newest checkpoint of its database, found from the end; verify streams
 * every line once.
 */
export interface CheckpointLog {
  /** Where it is, for people. */
  readonly location: string;
  append(checkpoint: Checkpoint): Promise<void>;
  /** Every complete line, oldest first, streamed. */
  lines(): AsyncIterable<LogLine>;
  /** The newest checkpoint line for which `match` holds, reading from the end; null if none. */
  newest(match: (found: FoundCheckpoint) => boolean): Promise<FoundCheckpoint | null>;
}

function signature(body: Omit<Checkpoint, "signature">, key: AuditKey): string {
  return createHmac("sha256", key.checkpointKey).update(canonicalJson(body)).digest("hex");
}

export function signCheckpoint(fields: UnsignedCheckpoint, key: AuditKey): Checkpoint {
  const body = { v: 1 as const, ...fields, keyId: key.keyId };
  return { ...body, signature: signature(body, key) };
}

export function checkpointSignatureValid(checkpoint: Checkpoint, key: AuditKey): boolean {
  const { signature: given, ...body } = checkpoint;
  const expected = Buffer.from(signature(body, key), "hex");
  const actual = Buffer.from(given, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function parseLine(raw: string, key: AuditKey): FoundCheckpoint | { problem: string } | null {
  if (raw === OVERLONG) return { problem: "is far too long to be a checkpoint" };
  if (raw.trim() === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { problem: "is not JSON" };
  }
  const result = CheckpointSchema.safeParse(parsed);
  if (!result.success) return { problem: "is not a checkpoint" };
  return { checkpoint: result.data, signatureValid: checkpointSignatureValid(result.data, key) };
}

const CHUNK_BYTES = 64 * 1024;
/** A checkpoint line is about 500 bytes: a longer one is garbage, kept no longer than this. */
const MAX_LINE_BYTES = 64 * 1024;
/** Stands for a line too long to be a checkpoint (it cannot occur in a real line: JSON escapes NUL). */
const OVERLONG = "\u0000";
const NEWLINE = 0x0a;

/** Complete lines (ended by a newline: a crash can leave the last one half written), oldest first. */
async function* fileLinesForward(file: string): AsyncGenerator<string> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    let carry = Buffer.alloc(0);
    let overlong = false;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return; // what is left in carry has no newline: half written
      const buffer = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      let startOfLine = 0;
      for (let i = buffer.indexOf(NEWLINE); i !== -1; i = buffer.indexOf(NEWLINE, startOfLine)) {
        yield overlong ? OVERLONG : buffer.toString("utf8", startOfLine, i);
        overlong = false;
        startOfLine = i + 1;
      }
      carry = buffer.subarray(startOfLine);
      if (carry.length > MAX_LINE_BYTES) {
        overlong = true;
        carry = Buffer.alloc(0);
      }
    }
  } finally {
    await handle.close();
  }
}

/** Complete lines, newest first, reading the file backwards one chunk at a time. */
async function* fileLinesBackward(file: string): AsyncGenerator<string> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    let position = (await handle.stat()).size;
    // The bytes after the newest newline seen so far: the start of a line is further back.
    let carry = Buffer.alloc(0);
    // Until the file's last newline is found, the bytes after it are a half-written line.
    let lastNewlineFound = false;
    let overlong = false;
    while (position > 0) {
      const length = Math.min(CHUNK_BYTES, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, position);
      const buffer = Buffer.concat([chunk, carry]);
      let endOfLine = buffer.length;
      for (
        let i = buffer.lastIndexOf(NEWLINE, length - 1);
        i !== -1;
        i = i === 0 ? -1 : buffer.lastIndexOf(NEWLINE, i - 1)
      ) {
        if (lastNewlineFound) yield overlong ? OVERLONG : buffer.toString("utf8", i + 1, endOfLine);
        overlong = false;
        lastNewlineFound = true;
        endOfLine = i;
      }
      carry = buffer.subarray(0, endOfLine);
      if (carry.length > MAX_LINE_BYTES) {
        overlong = true;
        carry = Buffer.alloc(0);
      }
    }
    if (lastNewlineFound && (overlong || carry.length > 0))
      yield overlong ? OVERLONG : carry.toString("utf8");
  } finally {
    await handle.close();
  }
}

async function* parsedLines(
  raw: AsyncIterable<string> | Iterable<string>,
  key: AuditKey,
): AsyncGenerator<LogLine> {
  let line = 0;
  for await (const text of raw) {
    line++;
    const parsed = parseLine(text, key);
    if (parsed) yield { line, ...parsed };
  }
}

async function newestMatching(
  raw: AsyncIterable<string> | Iterable<string>,
  key: AuditKey,
  match: (found: FoundCheckpoint) => boolean,
): Promise<FoundCheckpoint | null> {
  for await (const text of raw) {
    const parsed = parseLine(text, key);
    if (parsed && "checkpoint" in parsed && match(parsed)) return parsed;
  }
  return null;
}

/** `DATA_DIR/audit-checkpoints.log`: one JSON line per checkpoint, only ever appended to. */
export function fileCheckpointLog(dataDir: string, key: AuditKey): CheckpointLog {
  const file = path.resolve(dataDir, "audit-checkpoints.log");
  return {
    location: file,
    async append(checkpoint) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // One write of one short line with O_APPEND: concurrent writers never interleave.
      await fs.promises.appendFile(file, `${JSON.stringify(checkpoint)}\n`, { flag: "a" });
    },
    lines: () => parsedLines(fileLinesForward(file), key),
    newest: (match) => newestMatching(fileLinesBackward(file), key, match),
  };
}

/** For `DATA_DIR=memory://`: the database lives in this process, and so do its checkpoints. */
export function memoryCheckpointLog(key: AuditKey): CheckpointLog {
  const written: string[] = [];
  return {
    location: "memory (DATA_DIR=memory://)",
    async append(checkpoint) {
      written.push(JSON.stringify(checkpoint));
    },
    lines: () => parsedLines(written, key),
    newest: (match) => newestMatching([...written].reverse(), key, match),
  };
}

const holder = globalThis as unknown as { __registryCheckpointLog?: CheckpointLog };

/** The application's log, next to its data. */
export function defaultCheckpointLog(key: AuditKey): CheckpointLog {
  if (!holder.__registryCheckpointLog) {
    const { DATA_DIR } = env();
    holder.__registryCheckpointLog = DATA_DIR.startsWith("memory://")
      ? memoryCheckpointLog(key)
      : fileCheckpointLog(DATA_DIR, key);
  }
  return holder.__registryCheckpointLog;
}

/** The newest checkpoint of `database` whose signature holds under the log's key. */
export async function newestTrustedCheckpoint(
  log: CheckpointLog,
  database: string,
): Promise<Checkpoint | null> {
  const found = await log.newest((c) => c.signatureValid && c.checkpoint.database === database);
  return found?.checkpoint ?? null;
}
