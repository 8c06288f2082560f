/**
 * Which visit type a REDCap event stands for (docs/decisions/0037). Pure. REDCap names an event
 * in its flat export by its unique event name: the event's label in lower case, spaces as `_`,
 * other characters dropped, cut to 18 characters, then `_arm_{n}` (`Week 12` → `week_12_arm_1`).
 *
 * An event maps to, in order: the caller's explicit map (event name → visit type code); the visit
 * type whose code is the name without its arm (any case); the visit type whose label REDCap would
 * have named so. Anything else maps to nothing, and the reader reports every row of it.
 */
import type { StudyConfig } from "@/lib/schemas/study-config";

const ARM_SUFFIX = /_arm_\d+$/;
const REDCAP_EVENT_NAME_LENGTH = 18;

/** The event name REDCap derives from an event label, without the arm. */
export function redcapEventSlug(label: string): string {
  return label
    .toLowerCase()
    .replaceAll(" ", "_")
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, REDCAP_EVENT_NAME_LENGTH);
}

export type EventResolver = (event: string) => string | null;

export function eventResolver(
  config: StudyConfig,
  eventMap: Readonly<Record<string, string>> = {},
): EventResolver {
  const codes = new Set(config.visit_types.map((type) => type.code));
  const byCode = new Map(config.visit_types.map((type) => [type.code.toLowerCase(), type.code]));
  const byLabel = new Map<string, string>();
  for (const type of config.visit_types) {
    const slug = redcapEventSlug(type.label);
    if (!byLabel.has(slug)) byLabel.set(slug, type.code);
  }
  return (event) => {
    if (Object.hasOwn(eventMap, event)) {
      const code = eventMap[event]!;
      return codes.has(code) ? code : null;
    }
    const name = event.replace(ARM_SUFFIX, "").toLowerCase();
    return byCode.get(name) ?? byLabel.get(name) ?? null;
  };
}
