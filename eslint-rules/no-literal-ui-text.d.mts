import type { Rule } from "eslint";

declare const plugin: {
  rules: { "no-literal-ui-text": Rule.RuleModule; "no-literal-detail": Rule.RuleModule };
};
export default plugin;
