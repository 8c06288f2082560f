// npm run uploads:sweep — deletes now the uploads that no content block and no study names and
// that are older than the grace period (UPLOAD_GRACE_HOURS, default 24), each with an audit
// entry, then their bytes (docs/decisions/0014). The server does the same at start-up and hourly.
// Exit code 0 done, 2 could not sweep. With the embedded database, stop the server first (PGlite
// allows one process) or use DATABASE_URL.
import { closeDb, getDb } from "@/db/client";
import { env } from "@/lib/env";
import { sweepUnreferencedUploads } from "@/lib/server/uploads/upload-sweep";

async function main(): Promise<number> {
  const db = await getDb();
  try {
    const removed = await sweepUnreferencedUploads(db);
    const hours = env().UPLOAD_GRACE_HOURS;
    console.log(`Upload sweep: ${removed.length} file(s) older than ${hours} h and named nowhere deleted.`);
    for (const file of removed) console.log(`  ${file.id} (key ${file.storageKey})`);
    return 0;
  } finally {
    await closeDb();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
