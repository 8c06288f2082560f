import type { StudyConfig } from "@/lib/schemas/study-config";

type VersionLike = {
  status: string;
  approved_at: string | null;
  created_at: string;
};

/** When a version took effect: its approval, or its recording for one that became active at once. */
const tookEffect = (version: VersionLike) => Date.parse(version.approved_at ?? version.created_at);

/**
 * The protocol version in force at an instant (an audit row's UTC timestamp): of the versions that
 * ever were in force (active or superseded; drafts and rejected ones never were), the last one to
 * take effect at or before it. null before the study's first version (its design phase).
 */
export function versionInForceAt<T extends VersionLike>(versions: readonly T[], at: string): T | null {
  const instant = Date.parse(at);
  if (Number.isNaN(instant)) return null;
  let found: T | null = null;
  for (const version of versions) {
    if (version.status !== "active" && version.status !== "superseded") continue;
    const from = tookEffect(version);
    if (from <= instant && (found === null || from > tookEffect(found))) found = version;
  }
  return found;
}

/** The labels a configuration gives its fields, calculations and therapy-switch fields, by name. */
export function fieldLabelsOf(
  config: Pick<StudyConfig, "data_fields" | "calculations" | "therapy_switch_config"> | undefined,
) {
  const labels = new Map<string, string>();
  if (!config) return labels;
  for (const f of config.data_fields ?? []) labels.set(f.name, f.label);
  for (const c of config.calculations ?? []) labels.set(c.name, c.label);
  for (const s of config.therapy_switch_config?.switch_fields ?? []) labels.set(s.name, s.label);
  return labels;
}
