// npm run audit:verify — walks the audit hash chain and names the first broken row.
// With the embedded database, stop the server first (PGlite allows one process) or use DATABASE_URL.
import { closeDb, getDb } from "@/db/client";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";

async function main() {
  const report = await verifyAuditChain(await getDb());
  await closeDb();
  if (report.ok) {
    console.log(`Audit trail intact: ${report.checked} rows verified.`);
    return 0;
  }
  console.error(
    `Audit trail BROKEN at row id ${report.brokenRowId}: ${report.problem}. ` +
      `${report.checked} rows before it verified.`,
  );
  return 1;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
