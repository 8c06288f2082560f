// npm run db:migrate — applies the committed migrations (the server also does this at start).
import { closeDb, getHandle } from "@/db/client";

async function main() {
  const handle = await getHandle();
  console.log(
    `Migrations applied (${handle.driver === "pg" ? "PostgreSQL via DATABASE_URL" : "embedded PGlite"}).`,
  );
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
