import "server-only";
import { configForMessages } from "@/lib/i18n/study-config-language";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { ApiError } from "../api/errors";
import { readStoredConfig } from "./stored-config";

/**
 * A clinical request's reading of the configuration: a bilingual study text is a reference, put
 * into the reader's words with the message that quotes it (decision 0022).
 */
export type ClinicalConfig = { ok: true; config: StudyConfig } | { ok: false; error: ApiError };

/**
 * Parsed study configurations by (study id, version). Validating a configuration document with zod
 * costs more than the query of a clinical request that uses it (≈1 ms for the demo study's 19 KB), and
 * a configuration changes rarely, so each version is read and validated once per process.
 *
 * Sound because a configuration never changes without its version: every save bumps it, and the
 * database bumps it for any other write of `studies.config` (trigger `studies_config_bumps_version`,
 * migration 0006). Each request still reads the current version from the database, so a save by
 * another instance is seen at once. An unreadable document is cached as such (its 409 names the
 * version it was read at).
 */
const MAX_STUDIES = 200;
const cache = new Map<number, { version: number; stored: ClinicalConfig }>();

type ConfigRow = { id: number; code: string; version: number; config: unknown };

/** The cached parse of this version, if any. */
export function cachedConfig(studyId: number, version: number): ClinicalConfig | undefined {
  const entry = cache.get(studyId);
  return entry?.version === version ? entry.stored : undefined;
}

/** Validates a freshly read row and remembers the result for its version. */
export function parseAndCacheConfig(row: ConfigRow): ClinicalConfig {
  const read = readStoredConfig({ ...row, config: row.config as Record<string, unknown> });
  const stored: ClinicalConfig = read.ok ? { ok: true, config: configForMessages(read.config) } : read;
  cache.delete(row.id);
  // Oldest first in insertion order: dropping the first entry bounds the memory of many studies.
  if (cache.size >= MAX_STUDIES) cache.delete(cache.keys().next().value!);
  cache.set(row.id, { version: row.version, stored });
  return stored;
}
