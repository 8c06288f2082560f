import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Only lib/env.ts reads the environment (DESIGN.md).
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through lib/env.ts only.",
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: [
      "lib/env.ts",
      "scripts/**",
      "tests/**",
      "playwright.config.ts",
      "vitest.config.mts",
      "instrumentation.ts",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Server log lines go through lib/server/api/log.ts: they carry the request id and never print
    // query parameters (issue 7). The start-up banner prints the first admin's password once.
    files: ["lib/server/**", "db/**", "app/**", "proxy.ts"],
    ignores: ["lib/server/api/log.ts", "lib/server/bootstrap/startup.ts"],
    rules: { "no-console": "error" },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "db/migrations/**",
    "test-results/**",
  ]),
]);
