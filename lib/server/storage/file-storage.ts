import "server-only";
import { env } from "@/lib/env";
import { LocalFileStorage, localUploadDir } from "./local-storage";
import { S3FileStorage, s3ConfigFromEnv } from "./s3-storage";

/**
 * Where uploaded bytes live. The database row (`uploads`) is the only index: keys are random and
 * never derived from user input, so a key cannot name another file or leave the store.
 */
export interface FileStorage {
  /** Stores the bytes under a new key; fails rather than overwrite an existing one. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Shown in logs and docs: which store is in use. */
  readonly description: string;
}

const holder = globalThis as unknown as { __registryFileStorage?: FileStorage };

/** The S3-compatible store when S3_BUCKET is configured, else the local DATA_DIR/uploads. */
export function fileStorage(): FileStorage {
  if (holder.__registryFileStorage) return holder.__registryFileStorage;
  const config = s3ConfigFromEnv(env());
  holder.__registryFileStorage = config
    ? new S3FileStorage(config)
    : new LocalFileStorage(localUploadDir(env().DATA_DIR));
  return holder.__registryFileStorage;
}
