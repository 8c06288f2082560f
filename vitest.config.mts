import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Fixed fast-check seed for every project (tests/support/fast-check-seed.ts).
const SEED = "tests/support/fast-check-seed.ts";
// Property and fuzz tests are bounded by their run count (every fc.assert states numRuns, on a fixed
// seed), never by a clock: the same cases run on a quiet machine and a busy one. This timeout is
// only a backstop against a hang, far above what those runs take even on a loaded machine, so load
// alone never fails a test (decision 0017).
const UNIT_TIMEOUT_MS = 300_000;

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Every core: Vitest's own default is one fewer, which on a 2-core CI machine runs one test
    // file at a time. The API files wait on PostgreSQL for much of their time, so two at once
    // measured 2 min 58 s against 4 min 26 s for the API project alone; three were no faster.
    maxWorkers: availableParallelism(),
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
