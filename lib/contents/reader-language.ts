/**
 * Homepage blocks by the reader's language (pure; decision 0022). A block or layout row with no
 * language is for every reader; one with `it` or `en` only for readers of that language, and a
 * block in a row follows both its own language and its row's. When the reader's language has no
 * language-specific block while the other language has some, the other language's blocks are
 * shown instead, so a missing translation never empties a page.
 */
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import type { ContentBlock } from "@/lib/schemas/contents";

const fits = (language: Locale | null, reader: Locale) => language === null || language === reader;

/** The languages some block or row of the tree is written for. */
function languagesIn(tree: ContentBlock[]): Set<Locale> {
  const found = new Set<Locale>();
  for (const block of tree)
    for (const one of [block, ...block.children]) if (one.language) found.add(one.language);
  return found;
}

/** The language whose blocks a reader of `reader` is shown: theirs, else the other one if only it has blocks. */
export function shownLanguage(tree: ContentBlock[], reader: Locale): Locale {
  const found = languagesIn(tree);
  if (found.has(reader)) return reader;
  return LOCALES.find((language) => found.has(language)) ?? reader;
}

/** The blocks (and, inside rows, the row's blocks) a reader of `reader` sees. */
export function blocksForReader(tree: ContentBlock[], reader: Locale): ContentBlock[] {
  const language = shownLanguage(tree, reader);
  return tree
    .filter((block) => fits(block.language, language))
    .map((block) => ({
      ...block,
      children: block.children.filter((child) => fits(child.language, language)),
    }));
}

/**
 * The `lang` a block's wrapper needs on a page in `pageLanguage`: its own language where that is
 * not the page's (a block shown as the fallback), so screen readers read it in its language.
 */
export const langAttribute = (block: Pick<ContentBlock, "language">, pageLanguage: Locale) =>
  block.language && block.language !== pageLanguage ? block.language : undefined;
