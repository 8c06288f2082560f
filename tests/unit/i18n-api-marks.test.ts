/**
 * The browser recognizes two refusals by their words (a stale write, a breaking save), in either
 * language: each catalogue's message must keep the mark the recognizer looks for (docs/decisions/0021).
 */
import { describe, expect, it } from "vitest";
import { isBreakingSaveDetail, PROTOCOL_VERSION_MESSAGES } from "@/lib/schemas/protocol-versions";
import { isStaleWriteDetail, staleWriteMessage } from "@/lib/schemas/versioning";
import { wordsIn } from "@/tests/support/words-in";

describe.each(["en", "it"] as const)("refusals recognized in %s", (locale) => {
  const words = wordsIn(locale);

  it("a stale write, whatever the record", () => {
    for (const entity of ["user", "role assignment", "medical group", "visit", "patient", "study"]) {
      const detail = words(staleWriteMessage(entity, 2, 3));
      expect(detail).not.toContain("i18n:");
      expect(isStaleWriteDetail(detail), detail).toBe(true);
    }
    expect(isStaleWriteDetail(words(PROTOCOL_VERSION_MESSAGES.versionNotFound))).toBe(false);
  });

  it("a breaking save", () => {
    const detail = words(PROTOCOL_VERSION_MESSAGES.breakingSave(2));
    expect(isBreakingSaveDetail(detail), detail).toBe(true);
    expect(isBreakingSaveDetail(words(PROTOCOL_VERSION_MESSAGES.versionNotFound))).toBe(false);
  });
});

it("the stale-write words in Italian agree with the record", () => {
  expect(wordsIn("it")(staleWriteMessage("visit", 2, 3))).toBe(
    "Questa visita è stata modificata da qualcun altro da quando l'hai aperto (versione 2, ora 3). Ricarica per vedere le sue modifiche.",
  );
  expect(wordsIn("en")(staleWriteMessage("patient", 2, 3))).toBe(
    "This patient was changed by someone else since you opened it (version 2, now 3). Reload to see their changes.",
  );
});
