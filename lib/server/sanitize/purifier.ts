import "server-only";
import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";

/**
 * A DOMPurify instance of its own (hooks are per instance) over a server-side DOM. Each caller
 * (rich-text HTML, SVG logos) gets one, so their configurations and hooks never mix.
 */
export function newPurifier(): DOMPurify {
  const { window } = new JSDOM("<!doctype html><html><body></body></html>");
  return createDOMPurify(window as unknown as Window & typeof globalThis);
}
