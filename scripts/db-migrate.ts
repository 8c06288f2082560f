// npm run db:migrate — applies the committed migrations (the server also does this at start), as
// MIGRATION_DATABASE_URL's role when set (docs/database-roles.md), else as DATABASE_URL's.
import { closeDb, getHandle } from "@/db/client";

async function main() {
  const handle = await getHandle();
  console.log(
    `Migrations applied (${handle.driver === "pg" ? `PostgreSQL via ${handle.migratedBy}` : "embedded PGlite"}).`,
  );
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
