import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * The visit schedule's screens (decision 0025) on the demo study, whose visit types have offsets
 * and windows: the dashboard's overdue visits, the patients list's next-visit column and sort, the
 * patient page's schedule, and the Visit Types dialog — at 1440 and 390 px, never scrolling sideways.
 */
const SHOTS = "/tmp/schedule-shots";

async function shootBoth(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} is ${scrollWidth}px wide at ${width}px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("dashboard, patients list, patient page and editor show the visit schedule", async ({ page }) => {
  test.setTimeout(90_000);
  // The first sign-in also waits for the demo study's seeding: a loaded machine needs more than 5 s.
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 60_000 });

  await page.goto("/psoriasis");
  const overdue = page.getByRole("region", { name: "Overdue visits" });
  await expect(overdue).toBeVisible();
  await expect(overdue.getByTestId("overdue-total")).toBeVisible();
  await shootBoth(page, "dashboard");

  await page.goto("/psoriasis/patients");
  const header = page.getByRole("columnheader", { name: /Next visit due/ });
  await expect(header).toHaveAttribute("aria-sort", "none");
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await shootBoth(page, "patients-by-next-visit");

  // The first overdue patient of the dashboard, opened from its link.
  await page.goto("/psoriasis");
  await expect(overdue.getByRole("list").or(overdue.getByText("No visit is overdue."))).toBeVisible();
  const first = overdue.getByRole("link").first();
  const hasOverdue = (await first.count()) > 0;
  if (hasOverdue) await first.click();
  else {
    await page.goto("/psoriasis/patients");
    await page.getByRole("link", { name: /View/ }).first().click();
  }
  const schedule = page.getByRole("region", { name: "Visit schedule" });
  await expect(schedule).toBeVisible();
  await expect(schedule.locator("[data-status]").first()).toBeVisible();
  if (hasOverdue) await expect(schedule.getByText("Overdue").first()).toBeVisible();
  await schedule.scrollIntoViewIfNeeded();
  await shootBoth(page, "patient-schedule");

  await page.goto("/admin/studies/new");
  await page
    .getByRole("tablist", { name: "Study configuration" })
    .getByRole("tab", { name: "Visit Types" })
    .click();
  await page.getByLabel("Schedule template").selectOption("psoriasis");
  await page.getByRole("button", { name: "Apply Template" }).click();
  await page.getByRole("button", { name: "Add Visit Type" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Visit Type" });
  await dialog.getByLabel("Code").fill("week_40");
  await dialog.getByLabel("Label").first().fill("Week 40");
  await dialog.getByLabel("Day offset").fill("280");
  await dialog.getByLabel("Window before (days)").fill("14");
  await dialog.getByLabel("Window after (days)").fill("14");
  await shootBoth(page, "visit-type-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "Day 280 (−14/+14)" })).toBeVisible();
  await shootBoth(page, "visit-types-list");
});
