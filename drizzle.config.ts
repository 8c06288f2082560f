import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and applied at start (db/migrate.ts) on both drivers.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
