import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in-as-admin";

/** Disabled looks, the tab in the address, refused colours, Retry, 404. */
const SHOTS = "/tmp/ui-shots";
mkdirSync(SHOTS, { recursive: true });

async function psoriasisEditUrl(page: Page): Promise<string> {
  const href = await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Psoriasis Registry" }) })
    .getByRole("link", { name: "Edit Config" })
    .getAttribute("href");
  expect(href).toMatch(/^\/admin\/studies\/\d+\/edit$/);
  return href!;
}

const editorTab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Study configuration" }).getByRole("tab", { name });

const look = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor, cursor: style.cursor };
  });

test("disabled controls look disabled: the locked code field, the first ↑ and the last ↓", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto(await psoriasisEditUrl(page));
  const code = await look(page.getByLabel("Study Code"));
  const name = await look(page.getByLabel("Study Name"));
  await expect(page.getByLabel("Study Code")).toBeDisabled();
  expect(code.cursor).toBe("not-allowed");
  expect(code.background).not.toBe(name.background);
  expect(code.color).not.toBe(name.color);
  await page.screenshot({ path: `${SHOTS}/disabled-code-field.png` });

  await editorTab(page, "Visit Types").click();
  const firstUp = page.getByRole("button", { name: "Move Baseline up" });
  const firstDown = page.getByRole("button", { name: "Move Baseline down" });
  const lastDown = page.getByRole("button", { name: "Move Unscheduled down" });
  await expect(firstUp).toBeDisabled();
  await expect(lastDown).toBeDisabled();
  const [up, down, last] = [await look(firstUp), await look(firstDown), await look(lastDown)];
  expect(up.cursor).toBe("not-allowed");
  expect(last.cursor).toBe("not-allowed");
  expect(up.color).not.toBe(down.color);
  expect(up.background).not.toBe(down.background);
  await page.locator("table").screenshot({ path: `${SHOTS}/disabled-move-buttons.png` });
});

test("the selected editor tab is kept in the address and restored on reload", async ({ page }) => {
  await signInAsAdmin(page);
  const url = await psoriasisEditUrl(page);
  await page.goto(url);
  await editorTab(page, "Visit Types").click();
  await expect(page).toHaveURL(/\?tab=visit-types$/);
  await page.reload();
  await expect(editorTab(page, "Visit Types")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Add Visit Type" })).toBeVisible();

  await page.goto(`${url}?tab=ui-settings`);
  await expect(editorTab(page, "UI Settings")).toHaveAttribute("aria-selected", "true");
  await editorTab(page, "Basic Info").click();
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  // A tab the create screen does not have opens Basic Info.
  await page.goto("/admin/studies/new?tab=version-history");
  await expect(editorTab(page, "Basic Info")).toHaveAttribute("aria-selected", "true");
});

test("an invalid hex colour stays on its field and the study is not saved with it", async ({ page }) => {
  page.on("dialog", (dialog) => dialog.accept());
  await signInAsAdmin(page);
  const url = await psoriasisEditUrl(page);
  const id = /\/(\d+)\/edit$/.exec(url)![1];
  const before = await (await page.request.get(`/api/studies/${id}`)).json();
  await page.goto(`${url}?tab=ui-settings`);
  const hex = page.getByLabel("Primary Color hex value");
  await hex.fill("#12zz45");
  await expect(page.getByText("Colour must be a hex value such as #1d4ed8")).toBeVisible();
  await page.getByRole("tab", { name: "Typography" }).click();
  await page.getByRole("tab", { name: "Colors" }).click();
  await expect(hex).toHaveValue("#12zz45");
  await expect(hex).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Please fix the highlighted errors before saving.")).toBeVisible();
  await expect(page.getByText("Study saved successfully!")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/invalid-colour.png`, fullPage: true });
  const after = await (await page.request.get(`/api/studies/${id}`)).json();
  expect(after.config.ui_settings).toEqual(before.config.ui_settings);
});

test("the editor for a missing study says so and links back to the list", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/studies/999999/edit");
  await expect(page.getByRole("heading", { name: "Study not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to studies" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/);
});

test("failed loads offer Retry: the studies list and the editor", async ({ page }) => {
  await signInAsAdmin(page);
  const url = await psoriasisEditUrl(page);

  let failing = true;
  await page.route(/\/api\/studies(\/\d+)?$/, (route) =>
    failing ? route.fulfill({ status: 503, json: { detail: "Database unavailable" } }) : route.continue(),
  );
  await page.goto("/admin/studies");
  await expect(page.getByText("Error loading studies: Database unavailable")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studies-list-retry.png` });
  failing = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Psoriasis Registry" })).toBeVisible();

  failing = true;
  await page.goto(url);
  await expect(page.getByText("Error loading study: Database unavailable")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-retry.png` });
  failing = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Edit Study: Psoriasis Registry" })).toBeVisible();
});

test("a visit type without a code says 'Code is required'; a taken order says 'Order must be unique'", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/studies/new?tab=visit-types");
  await page.getByLabel("Schedule template").selectOption("psoriasis");
  await page.getByRole("button", { name: "Apply Template" }).click();
  await page.getByRole("button", { name: "Add Visit Type" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill("Week 8");
  await dialog.getByLabel("Order").fill("2");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Code is required")).toBeVisible();
  await expect(dialog.getByText("Order must be unique")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/visit-type-errors.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Deleting from the keyboard leaves focus on the next entry's Delete.
  page.on("dialog", (confirm) => confirm.accept());
  await page.getByRole("button", { name: "Delete Week 4", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Delete Week 12", exact: true })).toBeFocused();
});
