/**
 * The one engine for regular expressions a study supplies (a field's `validation.pattern`): RE2
 * (re2js), which matches in time linear in the value's length whatever the pattern, in the browser
 * and on the server alike. JavaScript's own RegExp backtracks: `^(a+)+$` on 31 × 'a' + '!' held the
 * event loop for 21 s. Patterns RE2 cannot compile (lookaround, backreferences, possessive
 * repetition, `\u` escapes: write `\x{00e9}`) are refused by the study config rules with the reason,
 * never ignored (decision 0017). Pure.
 *
 * Linear is not yet cheap: when RE2's DFA gives up on a pattern with many states it runs its NFA,
 * whose cost is (value length) × (compiled program size). Counted repetitions inflate the program
 * (`(?:a?){1000}a{1000}` compiles to 3,002 instructions and took 0.35 s on a 10,000-character
 * value), so the program is capped too; real patterns stay far below the cap (the demo's
 * `^[A-Z]{2}-[0-9]{6}$` is 13 instructions, a full e-mail pattern about 130).
 */
import { RE2JS } from "re2js";
import { messageRef } from "@/lib/i18n/message-ref";

/** Largest compiled program accepted (RE2 instructions); ~0.1 s worst case on 10,000 characters. */
export const MAX_PATTERN_PROGRAM = 1000;

/** Catalogue references (decision 0021); the counts go in as text, read as written. */
export const PATTERN_MESSAGES = {
  unsupported: (reason: string) => messageRef("api.studyConfig.patternUnsupported", { reason }),
  tooComplex: (size: number) =>
    messageRef("api.studyConfig.patternTooComplex", { size: String(size), max: String(MAX_PATTERN_PROGRAM) }),
} as const;

export type StudyPattern = { ok: true; test: (value: string) => boolean } | { ok: false; error: string };

type CompiledProgram = { prog?: { numInst?: () => number } };

function programSize(compiled: RE2JS): number {
  // re2js types its program as `any`; a missing count would let any pattern through, so it fails.
  const size = (compiled.re2() as CompiledProgram).prog?.numInst?.();
  if (typeof size !== "number") throw new Error("re2js no longer reports the program size");
  return size;
}

function compile(source: string): StudyPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "invalid";
    return { ok: false, error: PATTERN_MESSAGES.unsupported(reason) };
  }
  const size = programSize(compiled);
  if (size > MAX_PATTERN_PROGRAM) return { ok: false, error: PATTERN_MESSAGES.tooComplex(size) };
  // test() searches anywhere in the value, as RegExp.prototype.test did: anchors are the pattern's.
  return { ok: true, test: (value) => compiled.test(value) };
}

// Compiled patterns by source: a study has few, and each write checks them again.
const cache = new Map<string, StudyPattern>();
const MAX_CACHED = 500;

export function compileStudyPattern(source: string): StudyPattern {
  let found = cache.get(source);
  if (!found) {
    if (cache.size >= MAX_CACHED) cache.clear();
    found = compile(source);
    cache.set(source, found);
  }
  return found;
}

/** Why a pattern cannot be used, or null when it can. */
export function studyPatternProblem(source: string): string | null {
  const compiled = compileStudyPattern(source);
  return compiled.ok ? null : compiled.error;
}
