import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import registry from "./eslint-rules/no-literal-ui-text.mjs";

/**
 * Screens whose words still live in their JSX: each comes off this list when its text moves into
 * the catalogues (docs/decisions/0021). Everything else fails lint on a literal a person reads.
 */
const NOT_YET_TRANSLATED = [];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Only lib/env.ts reads the environment.
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
      // The server entry reads PORT like `next start` and marks the process for lib/env.ts.
      "server.mjs",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Server log lines go through lib/server/api/log.ts: they carry the request id and never print
    // query parameters. The start-up banner prints the first admin's password once.
    files: ["lib/server/**", "db/**", "app/**", "proxy.ts"],
    ignores: ["lib/server/api/log.ts", "lib/server/bootstrap/startup.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Clinical data has one door (decision 0004): the patient scope is applied by
    // lib/server/clinical/, so its tables are imported nowhere else (db/ defines them, the demo seed
    // and the scale bench write them through SQL, tests inspect them).
    files: ["**/*.{ts,tsx,mts,mjs,js}"],
    ignores: [
      "lib/server/clinical/**",
      "db/**",
      "lib/server/bootstrap/**",
      "tests/**",
      "scripts/bench-scale*",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/db/schema",
              importNames: ["patients", "visits", "therapyLines", "patientFigureTotals"],
              message:
                "Read and write clinical data through lib/server/clinical/ (it applies the patient scope).",
            },
          ],
          patterns: [
            {
              group: [
                "**/db/schema/patients",
                "**/db/schema/visits",
                "@/db/schema/patients",
                "@/db/schema/visits",
                "**/db/schema/patient-figure-totals",
                "@/db/schema/patient-figure-totals",
              ],
              message:
                "Read and write clinical data through lib/server/clinical/ (it applies the patient scope).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: NOT_YET_TRANSLATED,
    plugins: { registry },
    rules: { "registry/no-literal-ui-text": "error" },
  },
  {
    // API error details are message references, put into the caller's words (docs/decisions/0021).
    files: ["lib/server/**/*.ts"],
    plugins: { registry },
    rules: { "registry/no-literal-detail": "error" },
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
