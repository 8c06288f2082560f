import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the login page and the studies page have no serious accessibility violations", async ({ page }) => {
  await page.goto("/login");
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: tab to the fields, type, submit with Enter.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/studies$/);
  expect(await seriousViolations(page)).toEqual([]);
});
