import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * Every page that exists, at a phone width and a desktop width: nothing may scroll sideways, and a
 * screenshot of each is kept for a person to look at.
 */
const SHOTS = "/tmp/ui-shots";
mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

const EDITOR_TABS = [
  "Basic Info",
  "Visit Types",
  "Categories",
  "Data Fields",
  "Therapy Switch",
  "Calculations",
  "UI Settings",
  "Dashboard KPIs",
  "Version History",
] as const;
const UI_SECTIONS = ["Colors", "Typography", "Layout", "Branding", "Advanced"] as const;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The page is no wider than the window, and its screenshot is kept under `name`. */
async function check(page: Page, width: number, name: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} is ${scrollWidth}px wide at ${width}px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
}

async function psoriasisId(page: Page): Promise<number> {
  const href = await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Psoriasis Registry" }) })
    .getByRole("link", { name: "Edit Config" })
    .getAttribute("href");
  const id = Number(/\/admin\/studies\/(\d+)\/edit/.exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

for (const { name: size, width, height } of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`the login page does not scroll sideways (${size})`, async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      await check(page, width, "login");
    });

    test(`the admin pages do not scroll sideways and Logout is reachable (${size})`, async ({ page }) => {
      await signInAsAdmin(page);
      await expect(page.getByRole("heading", { name: "Psoriasis Registry" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
      await check(page, width, "studies-list");

      const id = await psoriasisId(page);

      await page.goto("/admin/studies/new");
      await expect(page.getByRole("heading", { name: "Create New Study" })).toBeVisible();
      await check(page, width, "study-new");

      await page.goto(`/admin/studies/${id}`);
      await expect(page.getByRole("heading", { name: /^Edit Study:/ })).toBeVisible();
      await check(page, width, "study-alias");

      const tabs = page.getByRole("tablist", { name: "Study configuration" });
      for (const tab of EDITOR_TABS) {
        await tabs.getByRole("tab", { name: tab }).click();
        await expect(tabs.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
        await check(page, width, `edit-${slug(tab)}`);
        if (tab === "Visit Types") {
          // Every row's buttons are on screen without scrolling anything sideways.
          for (const action of ["Move Baseline down", "Edit Baseline", "Delete Baseline"]) {
            await expect(page.getByRole("button", { name: action, exact: true })).toBeInViewport();
          }
          await page.getByRole("button", { name: "Edit Baseline", exact: true }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
          await check(page, width, "edit-visit-type-dialog");
          await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
        }
        if (tab === "Categories") {
          await page.getByText("JSON configuration preview").click();
          await check(page, width, "edit-json-preview");
          await page.getByText("JSON configuration preview").click();
        }
        if (tab === "UI Settings") {
          const sections = page.getByRole("tablist", { name: "UI settings sections" });
          for (const section of UI_SECTIONS) {
            await sections.getByRole("tab", { name: section }).click();
            await check(page, width, `edit-ui-${slug(section)}`);
          }
        }
      }
    });

    test(`the study area and 'Study Not Found' do not scroll sideways (${size})`, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/psoriasis");
      await expect(page.getByTestId("study-header")).toContainText("Psoriasis Registry");
      await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
      await check(page, width, "study-area");

      await page.goto("/no_such_study");
      await expect(page.getByRole("heading", { name: "Study Not Found" })).toBeVisible();
      await check(page, width, "study-not-found");
    });

    test(`missing pages and failed loads do not scroll sideways (${size})`, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/admin/studies/999999/edit");
      await expect(page.getByRole("heading", { name: "Study not found" })).toBeVisible();
      await check(page, width, "editor-study-not-found");

      // Id 0 passes the address check of proxy.ts but not the page's: Next's not-found screen.
      await page.goto("/admin/studies/0/edit");
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await check(page, width, "page-not-found");

      await page.route("**/api/studies", (route) =>
        route.fulfill({ status: 500, json: { detail: "Internal server error" } }),
      );
      await page.goto("/admin/studies");
      await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
      await check(page, width, "studies-list-error");
    });
  });
}
