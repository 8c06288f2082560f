/**
 * One rule for short identifiers people type and others read back (patient codes, medical group
 * codes, therapy-switch field names; study, visit type and category codes and field names already
 * allow only [a-z0-9_]): no control characters (C0, DEL, C1), no invisible format characters
 * (zero-width spaces and joiners, bidirectional overrides and isolates, the BOM, soft hyphens) and
 * no line or paragraph separators. Such characters make two codes that look the same differ, hide
 * text in exports and reports, or reorder what a reader sees. Pure; browser and server alike.
 */
import type { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The first control or invisible character of `value` and its 1-based position, or null. */
export function invisibleCharacter(value: string): { codePoint: string; position: number } | null {
  let position = 0;
  for (const character of value) {
    position += 1;
    if (INVISIBLE.test(character)) {
      const hex = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      return { codePoint: `U+${hex}`, position };
    }
  }
  return null;
}

/** `label`: a label's message reference (docs/decisions/0021) or a name kept as it is. */
export const invisibleCharacterMessage = (label: string, found: { codePoint: string; position: number }) =>
  messageRef("api.common.invisibleCharacter", {
    label,
    codePoint: found.codePoint,
    position: String(found.position),
  });

/** A zod check for `.superRefine`: refuses an identifier with a control or invisible character. */
export const visibleIdentifier =
  (label: string) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const found = invisibleCharacter(value);
    if (found) ctx.addIssue({ code: "custom", message: invisibleCharacterMessage(label, found) });
  };
