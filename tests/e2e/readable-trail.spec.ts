import { expect, test, type Page } from "@playwright/test";
import { screenshots } from "./screenshots";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * The readable clinical trail (docs/decisions/0026): a clinician corrects a baseline PASI from 20
 * to 18 with a reason on the patient page; the Patient Audit Trail then reads 'Visit 1 (Baseline):
 * PASI 20 → 18' with the reason and the follow-up visits' recalculated values beneath it, and the
 * admin Audit Logs page reads the same row the same way. Screenshots at 1440 and 390 px.
 */
const shot = screenshots("/tmp/trail-shots").atCurrentWidth;
const REASON = "Baseline PASI re-read from the source document";

type Visit = { id: number; visit_number: number; visit_type: string; version: number; is_locked: boolean };

/** A demo patient whose visit 1 is an unlocked baseline with follow-ups, its PASI set to 20 first. */
async function demoBaseline(page: Page): Promise<{ patientId: number; visit: Visit }> {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const list = (await (await page.request.get(`/api/patients?study_id=${study.id}&page_size=20`)).json()) as {
    items: { id: number }[];
  };
  for (const patient of list.items) {
    const visits = (await (await page.request.get(`/api/visits/patient/${patient.id}`)).json()) as Visit[];
    const first = visits.find((v) => v.visit_number === 1);
    if (!first || first.visit_type !== "baseline" || first.is_locked || visits.length < 2) continue;
    if (visits.some((v) => v.is_locked)) continue;
    const set = await page.request.put(`/api/visits/${first.id}`, {
      headers: { origin },
      data: { version: first.version, reason: "Set up for the trail check", data_fields: { pasi_score: 20 } },
    });
    expect(set.status(), await set.text()).toBe(200);
    return { patientId: patient.id, visit: (await set.json()) as Visit };
  }
  throw new Error("no demo patient with an unlocked baseline and follow-ups");
}

/** The e2e superadmin signed in; argon2 on a shared, loaded machine may take longer than 5 s. */
async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 60_000 });
}

test.describe.configure({ timeout: 240_000 });

test("the patient trail and the admin Audit Logs read 'Visit 1 (Baseline): PASI 20 → 18' with the reason", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const { patientId } = await demoBaseline(page);

  // The correction through the patient page, with a reason.
  await page.goto(`/psoriasis/patients/${patientId}`);
  const row = page.getByTestId("visit-row-1");
  await row.getByRole("button", { name: "Edit visit 1" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Visit 1" });
  await expect(edit.locator("#field-pasi_score")).toHaveValue("20");
  await edit.locator("#field-pasi_score").fill("18");
  await edit.getByRole("button", { name: "Continue" }).click();
  await edit.getByLabel("Reason for change *").fill(REASON);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visit 1 updated" })).toBeVisible();

  // The Patient Audit Trail: one entry, the visit by number and type, the reason, recalculations.
  const trail = page.locator("details", { hasText: "Patient Audit Trail" });
  await trail.locator("summary").click();
  const entry = trail.getByTestId("audit-entry").first();
  await expect(entry.getByTestId("trail-summary")).toHaveText("Visit 1 (Baseline): PASI 20 → 18");
  await expect(entry).toContainText(`Reason: ${REASON}`);
  await expect(entry).not.toContainText("#");
  const recalculations = entry.getByTestId("trail-recalculation");
  await expect(
    recalculations.filter({ hasText: /Recalculated: Visit 2 \(.+\): PASI improvement \(%\)/ }),
  ).toHaveCount(1);
  // The follow-ups' recalculation rows are not entries of their own.
  await expect(trail.getByTestId("audit-entry").filter({ hasText: "Recalculated after" })).toHaveCount(0);
  await entry.scrollIntoViewIfNeeded();
  await shot(page, "patient-trail");
  await page.setViewportSize({ width: 390, height: 844 });
  await entry.scrollIntoViewIfNeeded();
  await shot(page, "patient-trail");

  // The admin Audit Logs page: the same row read the same way; a recalculation names its cause.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin/audit-logs");
  await page.getByLabel("Patient ID").fill(String(patientId));
  await page.getByLabel("Action").selectOption("update");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  const adminRow = page.getByTestId("audit-row").filter({ hasText: "Visit 1 (Baseline): PASI 20 → 18" });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText(REASON);
  await expect(
    page
      .getByTestId("audit-row")
      .filter({ hasText: "Recalculated after a change to Visit 1 (Baseline)" })
      .first(),
  ).toBeVisible();
  await shot(page, "admin-audit-logs");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(adminRow).toContainText("Visit 1 (Baseline): PASI 20 → 18");
  await shot(page, "admin-audit-logs");
});
