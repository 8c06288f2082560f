import "server-only";
import type { Config, DOMPurify } from "dompurify";
import { newPurifier } from "./purifier";

/**
 * The rich text a block may store (tiptap's StarterKit output): structure and emphasis, links to
 * http(s) and mailto only. No style, class, id, event handler, form, media, SVG or MathML.
 */
const CONFIG: Config = {
  ALLOWED_TAGS: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "h1",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "hr",
  ],
  ALLOWED_ATTR: ["href"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  USE_PROFILES: undefined,
};

/** Deeper markup is flattened to its text: nothing legitimate nests this far, mXSS tricks do. */
export const MAX_HTML_DEPTH = 32;

let purifier: DOMPurify | undefined;

function instance(): DOMPurify {
  if (purifier) return purifier;
  const p = newPurifier();
  p.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A") {
      // An anchor whose href was refused stays as plain text markup, never a link to nowhere.
      if (!node.getAttribute("href")) node.removeAttribute("href");
      else node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
  purifier = p;
  return p;
}

function flattenDeep(root: Element, doc: Document): void {
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    for (const child of Array.from(node.children)) {
      if (depth + 1 > MAX_HTML_DEPTH) child.replaceWith(doc.createTextNode(child.textContent ?? ""));
      else stack.push([child, depth + 1]);
    }
  }
}

/**
 * Every HTML the server stores goes through here. Two passes: the second parses what the first
 * serialised, so markup that would mutate on re-parsing (mXSS) is cleaned as the browser will read it.
 */
export function sanitizeHtml(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const result = purify(html);
  if (html.length > MAX_REMEMBERED_LENGTH) return result;
  cleaned.set(html, result);
  // Bounded: the oldest input is forgotten first.
  if (cleaned.size > MAX_REMEMBERED) cleaned.delete(cleaned.keys().next().value!);
  return result;
}

/**
 * Inputs already cleaned, with their result: blocks are sanitized again each time they are read
 * (content-queries.ts), and a study's dashboard reads the same few every time.
 */
const cleaned = new Map<string, string>();
const MAX_REMEMBERED = 500;
/** Larger texts are cleaned each time: the memory stays under 500 × 64 K characters. */
const MAX_REMEMBERED_LENGTH = 64 * 1024;

function purify(html: string): string {
  const p = instance();
  const dom = p.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as Element;
  flattenDeep(dom, dom.ownerDocument);
  const once = p.sanitize(dom.innerHTML, CONFIG);
  return p.sanitize(once, CONFIG).trim();
}
