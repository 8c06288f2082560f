/**
 * File names that fit where they go. Pure, shared by uploads (the stored name) and downloads (the
 * name a Content-Disposition offers).
 *
 * File systems count a name's length in bytes (ext4, APFS, NTFS via UTF-16 all stop near 255), so
 * the limit is 255 UTF-8 bytes, not 255 characters: a name of 255 accented or CJK characters would
 * still be refused by the disk it is saved to. When a name is too long the middle of its stem goes,
 * never its extension (a `.pdf` that lost its extension no longer opens as a PDF), and the cut
 * falls between characters, never inside one (a cut surrogate pair or UTF-8 sequence is a broken
 * name).
 */

export const MAX_FILE_NAME_BYTES = 255;
/** What stands for the cut part of a long stem. */
const CUT_MARK = "…";
const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/**
 * The `.ext` a name ends with, dot included (letters and digits, as the upload allowlist reads it:
 * lib/server/uploads/file-types.ts), or "" when it has none. Longer than 16 it is text, not a type.
 */
export function fileExtension(name: string): string {
  const match = /\.[A-Za-z0-9]{1,16}$/.exec(name);
  return match && match.index > 0 ? match[0] : "";
}

/** The longest run of whole characters from the start of `text` within `budget` UTF-8 bytes. */
function headWithin(text: string, budget: number): string {
  let out = "";
  let used = 0;
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > budget) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * `name` unchanged when it fits in `maxBytes` UTF-8 bytes; otherwise its stem cut (whole
 * characters, with `…` where the cut is) and its extension kept.
 */
export function fitFileName(name: string, maxBytes = MAX_FILE_NAME_BYTES): string {
  if (byteLength(name) <= maxBytes) return name;
  const extension = fileExtension(name);
  const stem = name.slice(0, name.length - extension.length);
  const budget = maxBytes - byteLength(extension) - byteLength(CUT_MARK);
  return `${headWithin(stem, budget).trimEnd()}${CUT_MARK}${extension}`;
}
