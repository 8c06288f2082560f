import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FileStorage } from "./file-storage";

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** DATA_DIR/uploads; with DATA_DIR=memory:// (tests) a fresh directory of this process under the temp dir. */
export function localUploadDir(dataDir: string): string {
  if (dataDir.startsWith("memory://"))
    return path.join(tmpdir(), `registry-uploads-${process.pid}-${randomBytes(4).toString("hex")}`);
  return path.resolve(dataDir, "uploads");
}

/** Files in one directory, one file per key, readable by the server's user only. */
export class LocalFileStorage implements FileStorage {
  readonly description: string;

  constructor(private readonly dir: string) {
    this.description = `local directory ${dir}`;
  }

  private file(key: string): string {
    // Keys are ours (random), but a malformed one must never become a path outside the directory.
    if (!KEY.test(key)) throw new Error("Invalid storage key");
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.writeFile(this.file(key), bytes, { flag: "wx", mode: 0o600 });
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await fs.readFile(this.file(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}
