import { createHmac } from "node:crypto";
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { canonicalJson } from "@/lib/server/audit/hash-chain";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * A running server that finds its trail contradicted by a signed checkpoint (docs/decisions/0018):
 * health says so, every admin page shows the banner, clinical writes answer 503 with a detail. The
 * embedded database allows one process, so the contradiction is a checkpoint signed with the
 * server's own key (DATA_DIR/audit-key) that counts rows the table does not hold, as if they had
 * been deleted. Re-appending the genuine newest checkpoint repairs it for the specs that follow.
 * Also the Audit Logs page's Security view. Screenshots at 1280 and 390 px.
 */
const shot = screenshots("/tmp/audit-shots").atBothWidths;
const dataDir = process.env.E2E_DATA_DIR!;
const logFile = path.join(dataDir, "audit-checkpoints.log");

function checkpointKey(): { key: Buffer; keyId: string } {
  const secret = readFileSync(path.join(dataDir, "audit-key"), "utf8").trim();
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest();
  return {
    key: derive("audit-checkpoint-v1"),
    keyId: derive("audit-key-id-v1").toString("hex").slice(0, 16),
  };
}

function newestCheckpointLine(): string {
  const lines = readFileSync(logFile, "utf8").split("\n").filter(Boolean);
  return lines.at(-1)!;
}

async function health(page: Page) {
  return (await (await page.request.get("/api/health")).json()) as { status: string; audit_trail: string };
}

async function editDemoPatient(page: Page) {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const list = (await (await page.request.get(`/api/patients?study_id=${study.id}&page_size=1`)).json()) as {
    items: { id: number; version: number }[];
  };
  const patient = list.items[0]!;
  const current = (await (await page.request.get(`/api/patients/${patient.id}`)).json()) as {
    version: number;
  };
  return page.request.put(`/api/patients/${patient.id}`, {
    headers: { origin },
    data: { version: current.version, reason: "e2e correction", height_cm: 170 + (current.version % 10) },
  });
}

test.describe.configure({ timeout: 120_000 });

test("security view, then a contradicted checkpoint: health, banner, 503, and repair", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/audit-logs");
  await page.getByRole("button", { name: "Security: refused accesses" }).click();
  await expect(page.getByLabel("Action")).toHaveValue("access_denied");
  await shot(page, "security-view");

  await expect.poll(() => health(page).then((h) => h.audit_trail), { timeout: 20_000 }).toBe("intact");
  const genuine = newestCheckpointLine();
  const newest = JSON.parse(genuine) as Record<string, unknown> & { rows: number; signature: string };
  const { key, keyId } = checkpointKey();
  const { signature: _signature, ...body } = { ...newest, rows: newest.rows + 1000, keyId };
  const forged = { ...body, signature: createHmac("sha256", key).update(canonicalJson(body)).digest("hex") };
  appendFileSync(logFile, `${JSON.stringify(forged)}\n`);

  // The next audited commit is followed by a check within 5 s.
  expect((await editDemoPatient(page)).status()).toBe(200);
  await expect
    .poll(() => health(page), { timeout: 30_000 })
    .toEqual({ status: "degraded", audit_trail: "broken" });

  await page.goto("/admin/studies");
  const banner = page.getByTestId("audit-trail-banner");
  await expect(banner).toContainText("The audit trail is broken");
  await expect(banner).toContainText("counted");
  await shot(page, "broken-trail-banner");

  const refused = await editDemoPatient(page);
  expect(refused.status()).toBe(503);
  expect(((await refused.json()) as { detail: string }).detail).toContain("The audit trail is broken");

  // Repair for the specs that follow: the genuine checkpoint is the newest again; the next audited
  // commit (a chain verification start) is followed by a check that passes.
  appendFileSync(logFile, `${genuine}\n`);
  const origin = new URL(page.url()).origin;
  expect((await page.request.post("/api/admin/audit-logs/verify", { headers: { origin } })).status()).toBe(
    202,
  );
  await expect.poll(() => health(page), { timeout: 30_000 }).toEqual({ status: "ok", audit_trail: "intact" });
  await page.reload();
  await expect(page.getByTestId("audit-trail-banner")).toHaveCount(0);
});
