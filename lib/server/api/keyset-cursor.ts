import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { fieldError } from "./errors";

/**
 * The opaque `next_cursor` of a keyset-paged list (decision 0019): the last row's sort key and id,
 * and the list's own terms (sort, order) so that a cursor is never replayed on another ordering.
 * Anything else is refused as a 422 on `cursor`, never a 500.
 */
type Cursor = { t: Record<string, string>; k: string; i: number };

export type KeysetPosition = { key: string; id: number };

export function writeKeysetCursor(terms: Record<string, string>, last: KeysetPosition): string {
  const cursor: Cursor = { t: terms, k: last.key, i: last.id };
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function readKeysetCursor(
  text: string,
  terms: Record<string, string>,
  isKey: (key: string) => boolean,
): KeysetPosition {
  const refuse = () => fieldError(["query", "cursor"], messageRef("api.patients.cursorInvalid"));
  let cursor: Partial<Cursor>;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Cursor>;
  } catch {
    throw refuse();
  }
  const sameTerms =
    typeof cursor?.t === "object" &&
    cursor.t !== null &&
    Object.keys(cursor.t).length === Object.keys(terms).length &&
    Object.entries(terms).every(([name, value]) => cursor.t![name] === value);
  const valid =
    sameTerms &&
    typeof cursor.k === "string" &&
    cursor.k.length <= 100 &&
    Number.isSafeInteger(cursor.i) &&
    isKey(cursor.k);
  if (!valid) throw refuse();
  return { key: cursor.k!, id: cursor.i! };
}
