import "server-only";
import { getDb, getHandle } from "@/db/client";
import { env } from "@/lib/env";
import { requestAuditCheckpoint } from "../audit/checkpointer";
import { auditKeyGuard } from "../audit/key-guard";
import { resumeOrphanedImports, startImportSweeps } from "../imports/import-runner";
import { startUploadSweeps } from "../uploads/upload-sweep";
import { ensureFirstAdmin } from "./first-admin";
import { seedDemoData } from "./demo-seed";

/** Runs once when the server starts: migrations (inside getDb), first admin, demo data. */
export async function startup(): Promise<void> {
  const db = await getDb();
  // Before any audited write: a server whose audit key is not the trail's must not start (a
  // second instance without AUDIT_HMAC_KEY would break the chain for good). The error says why.
  await auditKeyGuard(db);
  // A signed checkpoint of the audit chain head at every start (in the background: the first one
  // after an upgrade checks the whole trail).
  requestAuditCheckpoint(db, "start-up");
  // Files uploaded in a dialog closed without saving: swept now and hourly, stopped by closeDb.
  startUploadSweeps(db);
  // Import jobs a stopped server left behind resume after their last written batch (decision 0037):
  // on the embedded database every one (this process holds it alone), else those whose heartbeat
  // stopped, now and at each sweep.
  const sole = (await getHandle()).driver === "pglite";
  const resumed = await resumeOrphanedImports(db, { sole });
  if (resumed.length > 0) console.log(`Resumed import jobs: ${resumed.join(", ")}`);
  startImportSweeps(db);
  const admin = await ensureFirstAdmin(db);
  if (admin) {
    const lines = [
      "First start: a superadmin account was created.",
      `  Email:    ${admin.email}`,
      admin.generated ? `  Password: ${admin.password}` : "  Password: the value of ADMIN_PASSWORD",
      admin.generated ? "This password is shown only once: sign in and keep it safe." : "",
    ].filter(Boolean);
    const width = Math.max(...lines.map((l) => l.length)) + 4;
    console.log(["=".repeat(width), ...lines.map((l) => `  ${l}`), "=".repeat(width)].join("\n"));
  }
  if (env().SEED_DEMO === "1") {
    const seeded = await seedDemoData(db);
    if (seeded)
      console.log(
        `Demo data: study "${seeded.code}" with ${seeded.patients} patients and ${seeded.visits} visits.`,
      );
  }
}
