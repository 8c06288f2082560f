import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * The "Must show": on /admin/audit-logs the admin filters the trail (only the non-empty
 * filters reach the server), opens View Changes of a visit correction (old and new value side by
 * side under the study's label), exports the CSV (the header, and a reason typed as a formula
 * arrives escaped), and verifies the chain. Screenshots at 1280 and 390 px.
 */
const shot = screenshots("/tmp/audit-shots").atBothWidths;
const FORMULA_REASON = "=SUM(1+1) transcription error";

/** A demo visit's PASI corrected with a formula-looking reason, through the API (cookie session). */
async function correctDemoVisit(page: Page): Promise<number> {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const list = (await (await page.request.get(`/api/patients?study_id=${study.id}&page_size=20`)).json()) as {
    items: { id: number }[];
  };
  for (const patient of list.items) {
    const visits = (await (await page.request.get(`/api/visits/patient/${patient.id}`)).json()) as {
      id: number;
      version: number;
      is_locked: boolean;
      data_fields: Record<string, unknown>;
    }[];
    const visit = visits.find((v) => !v.is_locked && typeof v.data_fields.pasi_score === "number");
    if (!visit) continue;
    const res = await page.request.put(`/api/visits/${visit.id}`, {
      headers: { origin },
      data: { version: visit.version, reason: FORMULA_REASON, data_fields: { pasi_score: 3.5 } },
    });
    expect(res.status(), await res.text()).toBe(200);
    return visit.id;
  }
  throw new Error("no unlocked demo visit with a PASI score");
}

test.describe.configure({ timeout: 120_000 });

test("filter, View Changes, CSV export with formula cells escaped, chain verification", async ({ page }) => {
  await signInAsAdmin(page);
  const visitId = await correctDemoVisit(page);

  await page.getByRole("link", { name: "Audit Logs" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-logs$/);
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toBeVisible();
  await expect(page.getByText(/GDPR, FDA 21 CFR\s+Part 11 and ISO 13485/)).toBeVisible();
  await expect(page.getByTestId("showing")).toContainText(/Showing 1 to \d+ of \d+ results/);

  // Filter: action update on visits. Only the two filters set are sent.
  await page.getByLabel("Action").selectOption("update");
  await page.getByLabel("Entity Type").selectOption("visit");
  const request = page.waitForRequest((r) => r.url().includes("/api/admin/audit-logs?"));
  await page.getByRole("button", { name: "Apply Filters" }).click();
  const sent = new URL((await request).url()).searchParams;
  expect([...sent.keys()].sort()).toEqual(["action", "entity_type", "page", "page_size"]);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText("update");
  const row = rows.filter({ hasText: FORMULA_REASON }).first();
  await expect(row).toContainText(String(visitId));

  // View Changes: the PASI under the study's label, old and new side by side.
  await row.getByText("View Changes").click();
  const changes = row.getByRole("table");
  const pasi = changes.getByRole("row", { name: /^PASI\b/ });
  await expect(pasi.getByRole("cell").nth(1)).toHaveText("3.5");
  await expect(pasi.getByRole("cell").first()).not.toHaveText("3.5");
  // The labels are those of the protocol version in force when the row was written (the demo
  // study's first version, recorded at its seeding).
  await expect(row.getByTestId("protocol-version")).toHaveText("Protocol version 1");
  await shot(page, "view-changes");

  await page.getByRole("button", { name: "Show Statistics" }).click();
  await expect(page.getByTestId("total-entries")).toHaveText(/^[\d,]+$/);
  await expect(page.getByRole("region", { name: "Statistics" })).toContainText("Top users");

  // Export: the file the server names, its header, the formula reason escaped with a quote.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit_logs_\d{8}T\d{6}Z\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    "id,timestamp,user_id,user_email,action,entity_type,entity_id,study_id,ip_address,reason,old_values,new_values",
  );
  expect(lines.slice(1).every((l) => l === "" || /,update,visit,/.test(l))).toBe(true);
  expect(csv).toContain(`,'${FORMULA_REASON},`);
  expect(csv).not.toContain(`,${FORMULA_REASON},`);

  // The same trail for Excel in Italian: chosen beside the button, `;` between cells and a BOM.
  await page.getByLabel("Spreadsheet format").selectOption("semicolon");
  const forExcel = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to CSV" }).click();
  const excelCsv = readFileSync((await (await forExcel).path())!, "utf8");
  expect(excelCsv.split("\r\n")[0]).toBe(
    "\uFEFFid;timestamp;user_id;user_email;action;entity_type;entity_id;study_id;ip_address;reason;old_values;new_values",
  );

  // The export is in the trail itself.
  await page.getByLabel("Action").selectOption("export");
  await page.getByLabel("Entity Type").selectOption("audit_logs");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(rows.first()).toContainText("audit_logs");

  await page.getByRole("button", { name: "Verify Chain Integrity" }).click();
  await expect(page.getByTestId("chain-verification")).toContainText(/Chain intact: [\d,]+ rows checked/, {
    timeout: 60_000,
  });
  await shot(page, "audit-logs");
});
