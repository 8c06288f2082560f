import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { seriousViolations } from "./axe";

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

test("the study editor tabs and the study area have no serious accessibility violations", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/);
  await page
    .getByRole("listitem")
    .filter({ hasText: "Psoriasis Registry" })
    .getByRole("link", { name: "Edit Config" })
    .click();
  const tabs = page.getByRole("tablist", { name: "Study configuration" });
  for (const tab of [
    "Basic Info",
    "Visit Types",
    "Categories",
    "Therapy Switch",
    "Calculations",
    "UI Settings",
    "Version History",
  ]) {
    await tabs.getByRole("tab", { name: tab }).click();
    if (tab === "Version History")
      await expect(page.getByRole("listitem", { name: "Version 1" })).toBeVisible();
    expect(await seriousViolations(page), tab).toEqual([]);
  }
  // Arrow keys move between the editor tabs.
  await tabs.getByRole("tab", { name: "UI Settings" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Dashboard KPIs" })).toBeFocused();
  await expect(tabs.getByRole("tab", { name: "Dashboard KPIs" })).toHaveAttribute("aria-selected", "true");

  await page.goto("/psoriasis");
  await expect(page.getByTestId("study-header")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
