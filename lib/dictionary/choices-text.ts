/**
 * Field options as REDCap-style choices text, and back: `code, label | code, label`. Pure.
 * A backslash escapes the next character: `\|` and `\\` anywhere, `\,` in a code (the first
 * unescaped comma ends the code, so labels may hold commas), and a space at either end of a code or
 * label (`\ `), which is otherwise trimmed. `parseChoices(formatChoices(o))` gives `o` again.
 */
import type { FieldOption } from "@/lib/schemas/study-config";
import { dictionaryMessage } from "./messages";

function escapePart(text: string, commas: boolean): string {
  let out = "";
  for (const ch of text) {
    if (ch === "\\" || ch === "|" || (commas && ch === ",")) out += `\\${ch}`;
    else out += ch;
  }
  // Keep spaces at the ends: the reader trims unescaped ones.
  const lead = /^\s+/.exec(out)?.[0] ?? "";
  const trail = out.length > lead.length ? (/\s+$/.exec(out)?.[0] ?? "") : "";
  const middle = out.slice(lead.length, out.length - trail.length);
  const esc = (s: string) => [...s].map((c) => `\\${c}`).join("");
  return esc(lead) + middle + esc(trail);
}

export function formatChoices(options: readonly FieldOption[]): string {
  return options.map((o) => `${escapePart(o.value, true)}, ${escapePart(o.label, false)}`).join(" | ");
}

type Char = { ch: string; escaped: boolean };

function chars(text: string): Char[] | string {
  const out: Char[] = [];
  const all = [...text];
  for (let i = 0; i < all.length; i++) {
    if (all[i] === "\\") {
      if (i + 1 >= all.length) return dictionaryMessage("backslashAtEnd");
      out.push({ ch: all[++i]!, escaped: true });
    } else out.push({ ch: all[i]!, escaped: false });
  }
  return out;
}

function trimmed(part: Char[]): string {
  let start = 0;
  let end = part.length;
  while (start < end && !part[start]!.escaped && /\s/.test(part[start]!.ch)) start++;
  while (end > start && !part[end - 1]!.escaped && /\s/.test(part[end - 1]!.ch)) end--;
  return part
    .slice(start, end)
    .map((c) => c.ch)
    .join("");
}

export type ChoicesParse = { ok: true; options: FieldOption[] } | { ok: false; error: string };

export function parseChoices(text: string): ChoicesParse {
  const all = chars(text);
  if (typeof all === "string") return { ok: false, error: all };
  const items: Char[][] = [[]];
  for (const c of all) {
    if (c.ch === "|" && !c.escaped) items.push([]);
    else items[items.length - 1]!.push(c);
  }
  const options: FieldOption[] = [];
  for (const [index, item] of items.entries()) {
    const comma = item.findIndex((c) => c.ch === "," && !c.escaped);
    if (comma < 0) return { ok: false, error: dictionaryMessage("choiceNeedsComma", { n: index + 1 }) };
    const value = trimmed(item.slice(0, comma));
    const label = trimmed(item.slice(comma + 1));
    options.push({ value, label });
  }
  return { ok: true, options };
}
