import { generate, parse, walk, type CssNode } from "css-tree";

/**
 * A reader of scopedCustomCss output built on css-tree's full parser (selectors parsed, not kept as
 * raw text): the selectors of every style rule outside @keyframes, one per comma-list member, and
 * the names of every at-rule. A rule whose prelude is no valid selector list is not listed: the
 * browser drops it.
 */
export type SpecSelector = { text: string; firstCompound: string; firstCombinator: string | null };

export function specSelectorsOf(css: string): { selectors: SpecSelector[]; atRules: string[] } {
  const selectors: SpecSelector[] = [];
  const atRules: string[] = [];
  const sheet = parse(css, { onParseError: () => {} });
  walk(sheet, {
    visit: "Atrule",
    enter: (node) => {
      atRules.push(node.name.toLowerCase());
    },
  });
  const visit = (node: CssNode, inKeyframes: boolean) => {
    if (node.type === "StyleSheet" || node.type === "Block") {
      node.children.forEach((child) => visit(child, inKeyframes));
    } else if (node.type === "Atrule" && node.block) {
      visit(node.block, inKeyframes || /keyframes$/i.test(node.name));
    } else if (node.type === "Rule" && !inKeyframes) {
      if (node.prelude.type === "SelectorList")
        node.prelude.children.forEach((selector) => selectors.push(describe(selector)));
      // A prelude that is no selector list: the browser drops the whole rule, nothing to check.
    }
  };
  visit(sheet, false);
  return { selectors, atRules };
}

/** A selector's text, its first compound (up to the first combinator) and that combinator. */
function describe(selector: CssNode): SpecSelector {
  const parts = selector.type === "Selector" ? selector.children.toArray() : [selector];
  const at = parts.findIndex((part) => part.type === "Combinator");
  const compound = (at === -1 ? parts : parts.slice(0, at)).map((part) => generate(part)).join("");
  const combinator = at === -1 ? null : (parts[at] as { name: string }).name;
  return { text: generate(selector), firstCompound: compound, firstCombinator: combinator };
}

/** The scope as css-tree writes it, to compare with first compounds. */
export function specScope(scope: string): string {
  return generate(parse(scope, { context: "selector" }));
}
