/**
 * css-tree's parser and generator as their own entry points (the full package also ships the
 * property grammar, ~4× larger, which the custom-CSS scoper does not need in the browser). Their
 * types are the package's own.
 */
declare module "css-tree/parser" {
  import type { parse } from "css-tree";
  const parser: typeof parse;
  export default parser;
}
