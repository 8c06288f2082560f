import "server-only";
import type { DOMPurify } from "dompurify";
import { newPurifier } from "./purifier";

let purifier: DOMPurify | undefined;

/**
 * An uploaded SVG logo through DOMPurify's SVG profile (no script, event handlers, foreignObject,
 * external references). Returns the cleaned document, or null when nothing usable remains: the
 * upload is then refused.
 */
export function sanitizeSvg(text: string): string | null {
  purifier ??= newPurifier();
  const clean = purifier.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Links and <use> could fetch other documents; a logo needs neither.
    FORBID_TAGS: ["use", "a", "image", "foreignObject", "style"],
    FORBID_ATTR: ["href", "xlink:href", "style"],
  });
  if (!/^<svg[\s>]/i.test(clean.trim())) return null;
  return clean.includes('xmlns="http://www.w3.org/2000/svg"')
    ? clean
    : clean.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
}
