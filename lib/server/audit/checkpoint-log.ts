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
  reason: z.enum(["start-up", "commits", "verify"]),
  signature: z.string(),
});

export type Checkpoint = z.infer<typeof CheckpointSchema>;
export type UnsignedCheckpoint = Omit<Checkpoint, "signature" | "v" | "keyId">;

export type LogLine =
  { line: number; checkpoint: Checkpoint; signatureValid: boolean } | { line: number; problem: string };

export interface CheckpointLog {
  /** Where it is, for people. */
  readonly location: string;
  append(checkpoint: Checkpoint): Promise<void>;
  read(): Promise<LogLine[]>;
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

function parseLines(text: string, key: AuditKey): LogLine[] {
  // Only lines ended by a newline count: a crash can leave the last one half written.
  const complete = text.split("\n").slice(0, -1);
  return complete.flatMap((raw, index): LogLine[] => {
    if (raw.trim() === "") return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [{ line: index + 1, problem: "is not JSON" }];
    }
    const result = CheckpointSchema.safeParse(parsed);
    if (!result.success) return [{ line: index + 1, problem: "is not a checkpoint" }];
    return [
      {
        line: index + 1,
        checkpoint: result.data,
        signatureValid: checkpointSignatureValid(result.data, key),
      },
    ];
  });
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
    async read() {
      try {
        return parseLines(await fs.promises.readFile(file, "utf8"), key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
  };
}

/** For `DATA_DIR=memory://`: the database lives in this process, and so do its checkpoints. */
export function memoryCheckpointLog(key: AuditKey): CheckpointLog {
  let text = "";
  return {
    location: "memory (DATA_DIR=memory://)",
    async append(checkpoint) {
      text += `${JSON.stringify(checkpoint)}\n`;
    },
    async read() {
      return parseLines(text, key);
    },
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

/** The checkpoints of one database whose signature holds under the current key, oldest first. */
export function trustedCheckpoints(lines: LogLine[], database: string): Checkpoint[] {
  return lines.flatMap((l) =>
    "checkpoint" in l && l.signatureValid && l.checkpoint.database === database ? [l.checkpoint] : [],
  );
}
