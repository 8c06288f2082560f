/**
 * XML 1.0 text for the ODM writer (decision 0016). One function serves attributes and element text, so
 * a value can move between the two without a second rule.
 *
 * - `& < > " '` become entity references.
 * - Tab, LF and CR become character references: an XML parser normalises raw whitespace inside
 *   attribute values to spaces (and CR LF to LF in text), so a textarea answer carried in
 *   `ItemData/@Value` would not survive the round trip otherwise.
 * - Characters XML 1.0 cannot carry at all (C0 controls other than tab/LF/CR, lone surrogates,
 *   U+FFFE, U+FFFF) become U+FFFD: not even a character reference may name them, and one of them
 *   would make the whole file unreadable. The API refuses NUL and lone surrogates on the way in;
 *   this is the last line for anything older or written around it.
 */

/** Replacement for each ASCII code unit that needs one; undefined where the character is fine. */
const ASCII_REPLACEMENTS: (string | undefined)[] = (() => {
  const table: (string | undefined)[] = new Array(128).fill(undefined);
  for (let code = 0; code < 0x20; code++) table[code] = "\uFFFD";
  table[0x09] = "&#9;";
  table[0x0a] = "&#10;";
  table[0x0d] = "&#13;";
  table[0x26] = "&amp;";
  table[0x3c] = "&lt;";
  table[0x3e] = "&gt;";
  table[0x22] = "&quot;";
  table[0x27] = "&apos;";
  return table;
})();

/**
 * Anything that may need work. Surrogates are in the class because a lone one must be found; a
 * valid pair (an emoji) only costs the slow path's scan, which leaves it as it is.
 */
const NEEDS_WORK = /[\u0000-\u001f&<>"'\ud800-\udfff\ufffe\uffff]/;

/** Escapes `text` for an XML 1.0 attribute value or element content (see the module comment). */
export function escapeXml(text: string): string {
  // The common case (codes, numbers, plain words) leaves without allocating.
  if (!NEEDS_WORK.test(text)) return text;
  let out = "";
  let copiedUpTo = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string | undefined;
    if (code < 0x80) {
      replacement = ASCII_REPLACEMENTS[code];
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++; // a valid pair: keep both halves
        continue;
      }
      replacement = "\uFFFD";
    } else if ((code >= 0xdc00 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) {
      replacement = "\uFFFD";
    }
    if (replacement !== undefined) {
      out += text.slice(copiedUpTo, i) + replacement;
      copiedUpTo = i + 1;
    }
  }
  return out + text.slice(copiedUpTo);
}
