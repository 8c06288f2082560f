import path from "node:path";
import { defineConfig } from "vitest/config";

// Fixed fast-check seed for every project (tests/support/fast-check-seed.ts).
const SEED = "tests/support/fast-check-seed.ts";
// Property and fuzz tests run thousands of cases: 5 s (vitest's default) is too tight on a busy
// machine. Bounded numRuns keep them well below this.
const UNIT_TIMEOUT_MS = 20_000;

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          exclude: ["tests/unit/components/**"],
          environment: "node",
          setupFiles: [SEED],
          testTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "components",
          include: ["tests/unit/components/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: [SEED, "tests/support/setup-dom.ts"],
          testTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          setupFiles: [SEED, "tests/api/setup-database.ts"],
          // Each file gets its own fresh database; PGlite start-up and argon2 need the headroom.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
