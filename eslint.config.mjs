import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import registry from "./eslint-rules/no-literal-ui-text.mjs";

/**
 * Screens whose words still live in their JSX: each comes off this list when its text moves into
 * the catalogues (docs/decisions/0021). Everything else fails lint on a literal a person reads.
 */
const NOT_YET_TRANSLATED = [
  "app/admin/studies/new/page.tsx",
  "app/not-found.tsx",
  "components/admin-users/access-denied.tsx",
  "components/admin-users/change-password-form.tsx",
  "components/admin-users/user-dialog.tsx",
  "components/admin-users/users-page.tsx",
  "components/audit-logs/audit-log-filters.tsx",
  "components/audit-logs/audit-log-table.tsx",
  "components/audit-logs/audit-logs-page.tsx",
  "components/audit-logs/audit-pagination.tsx",
  "components/audit-logs/audit-statistics.tsx",
  "components/audit-logs/chain-verification.tsx",
  "components/audit-logs/view-changes.tsx",
  "components/contents/block-form-dialog.tsx",
  "components/contents/block-settings-fields.tsx",
  "components/contents/builder-block.tsx",
  "components/contents/content-list-view.tsx",
  "components/contents/content-page.tsx",
  "components/contents/page-builder.tsx",
  "components/contents/rich-text-editor.tsx",
  "components/field-templates/create-template-dialog.tsx",
  "components/field-templates/field-templates-page.tsx",
  "components/forms/array-field-input.tsx",
  "components/forms/calculated-values.tsx",
  "components/forms/dynamic-form.tsx",
  "components/forms/field-input.tsx",
  "components/layout/audit-trail-banner.tsx",
  "components/layout/unexpected-error.tsx",
  "components/medical-groups/medical-groups-page.tsx",
  "components/patient-detail/audit-trail.tsx",
  "components/patient-detail/edit-patient-dialog.tsx",
  "components/patient-detail/patient-detail.tsx",
  "components/patient-detail/reason-dialog.tsx",
  "components/patient-detail/stale-notice.tsx",
  "components/patient-detail/trend-chart.tsx",
  "components/patients/add-patient-dialog.tsx",
  "components/patients/patient-list.tsx",
  "components/studies/study-list.tsx",
  "components/study-area/study-dashboard.tsx",
  "components/study-area/study-nav.tsx",
  "components/study-area/study-not-found.tsx",
  "components/study-area/study-unreadable.tsx",
  "components/study-editor/basic-info-tab.tsx",
  "components/study-editor/calculations/calculation-dialog.tsx",
  "components/study-editor/calculations/calculations-editor.tsx",
  "components/study-editor/calculations/formula-fields.tsx",
  "components/study-editor/calculations/try-it-panel.tsx",
  "components/study-editor/categories/categories-editor.tsx",
  "components/study-editor/categories/category-dialog.tsx",
  "components/study-editor/categories/category-item.tsx",
  "components/study-editor/compatibility-issue-list.tsx",
  "components/study-editor/data-dictionary/data-dictionary-bar.tsx",
  "components/study-editor/data-dictionary/dictionary-import-dialog.tsx",
  "components/study-editor/data-dictionary/dictionary-preview.tsx",
  "components/study-editor/data-fields/add-field-dialog.tsx",
  "components/study-editor/data-fields/array-schema-editor.tsx",
  "components/study-editor/data-fields/conditions-editor.tsx",
  "components/study-editor/data-fields/data-fields-editor.tsx",
  "components/study-editor/data-fields/field-card.tsx",
  "components/study-editor/data-fields/field-nav.tsx",
  "components/study-editor/data-fields/save-template-dialog.tsx",
  "components/study-editor/data-fields/template-library-dialog.tsx",
  "components/study-editor/editor-tab-panel.tsx",
  "components/study-editor/form-preview.tsx",
  "components/study-editor/json-preview.tsx",
  "components/study-editor/kept-draft.tsx",
  "components/study-editor/study-editor.tsx",
  "components/study-editor/study-load-error.tsx",
  "components/study-editor/therapy-switch/switch-field-dialog.tsx",
  "components/study-editor/therapy-switch/switch-preview.tsx",
  "components/study-editor/therapy-switch/therapy-switch-editor.tsx",
  "components/study-editor/ui-settings/advanced-panel.tsx",
  "components/study-editor/ui-settings/branding-panel.tsx",
  "components/study-editor/ui-settings/colors-panel.tsx",
  "components/study-editor/ui-settings/settings-fields.tsx",
  "components/study-editor/ui-settings/typography-panel.tsx",
  "components/study-editor/ui-settings/ui-settings-editor.tsx",
  "components/study-editor/version-history/amendment-dialog.tsx",
  "components/study-editor/version-history/compatibility-dialog.tsx",
  "components/study-editor/version-history/reject-dialog.tsx",
  "components/study-editor/version-history/version-history-tab.tsx",
  "components/study-editor/visit-types/visit-type-dialog.tsx",
  "components/study-editor/visit-types/visit-types-editor.tsx",
  "components/study-export/export-page.tsx",
  "components/team/study-team-page.tsx",
  "components/ui/dialog.tsx",
  "components/ui/form-dialog.tsx",
  "components/visits/add-visit-dialog.tsx",
  "components/visits/edit-visit-dialog.tsx",
  "components/visits/therapy-switch-form.tsx",
  "components/visits/therapy-switch-prompt.tsx",
  "components/visits/visit-history.tsx",
  "components/visits/visit-version-dialog.tsx",
];

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
