/**
 * Text a person reads comes from the catalogues (messages/<locale>/, docs/decisions/0021), never
 * from a literal in JSX: text between tags, a string in braces between tags, and the attributes
 * people read or hear (aria-label, title, placeholder, alt, label...). Strings without a letter
 * (punctuation, "·", "—", numbers) pass; so does a lone reference to data (`{patient.code}`).
 */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "alt",
  "label",
  "placeholder",
  "title",
]);
const LETTER = /\p{L}/u;

function literalText(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((q) => q.value.cooked ?? "").join(" ");
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "User-facing text comes from the message catalogues" },
    messages: {
      text: "Text a person reads comes from the catalogue (useTranslations / getTranslations): {{text}}",
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: "text", data: { text: JSON.stringify(text.trim().slice(0, 40)) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== "JSXElement" && node.parent.type !== "JSXFragment") return;
        const text = literalText(node.expression);
        if (text !== null && LETTER.test(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const value = node.value?.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== null && LETTER.test(text)) report(node, text);
      },
    };
  },
};

const plugin = { rules: { "no-literal-ui-text": rule } };
export default plugin;
