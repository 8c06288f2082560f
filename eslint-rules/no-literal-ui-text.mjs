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

/** Where each error helper takes its message (lib/server/api/errors.ts). */
const DETAIL_ARGUMENT = {
  notFound: 0,
  forbidden: 0,
  conflict: 0,
  unauthorized: 0,
  badRequest: 0,
  rateLimited: 0,
  fieldError: 1,
  validationError: 0,
};

/**
 * An API error's detail is a message reference (`messageRef("api.…")`), put into the caller's
 * words by the route wrapper (docs/decisions/0021): a sentence written in place, in a helper's
 * message argument, in `new ApiError(code, …)` or in an issue's `msg`, fails.
 */
/** @type {import("eslint").Rule.RuleModule} */
const detailRule = {
  meta: {
    type: "problem",
    docs: { description: "API error details are message references, not literal sentences" },
    messages: {
      detail:
        'An API error\'s detail is messageRef("api.…") with its words in messages/<locale>/api.json: {{text}}',
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (!node) return;
      if (node.type === "ArrayExpression") return node.elements.forEach(check);
      if (node.type === "ObjectExpression") {
        const msg = node.properties.find(
          (p) => p.type === "Property" && !p.computed && (p.key.name ?? p.key.value) === "msg",
        );
        return check(msg?.value);
      }
      if (node.type === "ConditionalExpression") return [node.consequent, node.alternate].forEach(check);
      if (node.type === "LogicalExpression") return [node.left, node.right].forEach(check);
      if (node.type === "BinaryExpression" && node.operator === "+")
        return [node.left, node.right].forEach(check);
      const text = literalText(node);
      if (text !== null && LETTER.test(text))
        context.report({
          node,
          messageId: "detail",
          data: { text: JSON.stringify(text.trim().slice(0, 40)) },
        });
    };
    // The helpers are imported functions: `log.notFound(...)` is someone else's method.
    const nameOf = (callee) => (callee.type === "Identifier" ? callee.name : null);
    return {
      CallExpression(node) {
        const name = nameOf(node.callee);
        if (name && Object.hasOwn(DETAIL_ARGUMENT, name)) check(node.arguments[DETAIL_ARGUMENT[name]]);
      },
      NewExpression(node) {
        if (nameOf(node.callee) === "ApiError") check(node.arguments[1]);
      },
    };
  },
};

const plugin = { rules: { "no-literal-ui-text": rule, "no-literal-detail": detailRule } };
export default plugin;
