import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";

/**
 * Missing-data codes in the real UI (docs/decisions/0023): a visit's PASI answered with "ND" through
 * the control beside the field, saved, and shown in the visit history as "ND · Not done", never a
 * number. Screenshots at 1440 and 390 px go to /tmp/missing-shots/ for a person to look at.
 */
const shot = screenshots("/tmp/missing-shots").atCurrentWidth;

async function demoPatient(page: Page): Promise<{ id: number; next: number; lastDate: string }> {
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const list = (await (await page.request.get(`/api/patients?study_id=${study.id}&page_size=5`)).json()) as {
    items: { id: number }[];
  };
  const id = list.items[1]!.id;
  const visits = (await (await page.request.get(`/api/visits/patient/${id}`)).json()) as {
    visit_number: number;
    visit_date: string;
  }[];
  // The new visits take the latest visit's date: in date order with their numbers, never in the
  // future, so no plausibility warning stands in the way (decision 0024).
  const lastDate = visits
    .map((v) => v.visit_date)
    .sort()
    .at(-1)!;
  return { id, next: Math.max(0, ...visits.map((v) => v.visit_number)) + 1, lastDate };
}

test.describe.configure({ timeout: 120_000 });

/** As signInAsAdmin, with room for the first sign-in of a fresh server on a busy machine. */
async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 30_000 });
}

for (const width of [1440, 390]) {
  test(`a visit field answered with a missing-data code shows as its code (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const patient = await demoPatient(page);
    const number = patient.next + (width === 390 ? 1 : 0);
    await page.goto(`/psoriasis/patients/${patient.id}`);
    await page.getByRole("button", { name: "+ Add Visit" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Visit" });
    await dialog.getByLabel("Visit Number *").fill(String(number));
    await dialog.getByLabel("Visit Date *").fill(patient.lastDate);
    await dialog.getByLabel("Visit Type *").selectOption("week_52");
    const prompt = dialog.getByRole("button", { name: "Yes" });
    if (await prompt.count()) await prompt.first().click();
    await dialog.locator("#field-current_therapy").selectOption("adalimumab");
    await dialog.locator("#field-pasi_score").fill("9");
    // The control beside PASI: choosing a code clears and disables the input.
    await dialog
      .locator("button[aria-describedby='field-pasi_score-label']", { hasText: "Missing…" })
      .click();
    await dialog.locator("select[aria-describedby='field-pasi_score-label']").selectOption("ND");
    await expect(dialog.locator("#field-pasi_score")).toBeDisabled();
    await expect(dialog.locator("#field-pasi_score")).toHaveValue("");
    await expect(dialog.getByTestId("missing-pasi_score")).toContainText("ND · Not done");
    // A section holding a required field starts open (decision 0027).
    if (!(await dialog.locator("#field-adverse_event").isVisible()))
      await dialog.locator("summary", { hasText: "Safety" }).click();
    await dialog.locator("#field-adverse_event").getByLabel("No").check();
    await shot(page, "add-visit-with-code");
    await dialog.getByRole("button", { name: "Save Visit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Visit created successfully!" })).toBeVisible();
    // Below md each visit is a card with the table's own cells (decision 0029).
    const row = page.getByTestId(width === 390 ? `visit-card-${number}` : `visit-row-${number}`);
    // The code in the narrow cell, its label for readers and as the tooltip.
    await expect(row.locator("[data-missing-code='ND']")).toHaveAttribute("title", "ND · Not done");
    await row.scrollIntoViewIfNeeded();
    await shot(page, "visit-history-with-code");
    // Stored as a code beside the values, never as a number.
    const visits = (await (await page.request.get(`/api/visits/patient/${patient.id}`)).json()) as {
      visit_number: number;
      data_fields: Record<string, unknown>;
      missing: Record<string, string>;
    }[];
    const saved = visits.find((v) => v.visit_number === number)!;
    expect(saved.missing).toEqual({ pasi_score: "ND" });
    expect(saved.data_fields).not.toHaveProperty("pasi_score");
  });
}
