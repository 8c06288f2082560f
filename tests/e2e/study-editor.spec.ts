import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { signInAsAdmin } from "./sign-in-as-admin";

const SHOTS = "tests/e2e/screenshots";
const STATE_SHOTS = "/tmp/studies-shots";

/** Screenshots at 1440 and 390 px wide; nothing in the page content may reach past the viewport. */
async function shootBothWidths(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${STATE_SHOTS}/${name}-${width}.png`, fullPage: true });
    // What these screens add lives in <main>; the header's own width is the layout's.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("main, main *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
    );
    expect(overflowing, `${name} is wider than ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function openStudyEditor(page: Page, name: string) {
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await card.getByRole("link", { name: "Edit Config" }).click();
  await expect(page.getByRole("heading", { name: `Edit Study: ${name}` })).toBeVisible();
}

async function createStudyByApi(page: Page, name: string) {
  const tokens = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const created = await page.request.post("/api/studies", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { code: `e2e_${Date.now() % 1_000_000}`, name, disease: "Lupus" },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; code: string };
}
const CODE = `derm_${Date.now() % 100000}`;
const PRIMARY = "#b91c1c"; // rgb(185, 28, 28)

const editorTab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Study configuration" }).getByRole("tab", { name });

test("an admin creates, reopens and themes a study; the study area shows it in that colour", async ({
  page,
}) => {
  page.on("dialog", (dialog) => dialog.accept());
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Psoriasis Registry" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studies-list.png`, fullPage: true });

  await page.getByRole("link", { name: "+ New Study" }).click();
  await expect(page.getByRole("heading", { name: "Create New Study" })).toBeVisible();
  await expect(editorTab(page, "Version History")).toHaveCount(0);

  // Saving empty shows the rules' messages and stays.
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Please fix the highlighted errors before saving.")).toBeVisible();

  await page.getByLabel("Study Code").fill(CODE);
  await page.getByLabel("Study Name").fill("Dermatology Outcomes");
  await page.getByLabel("Disease").fill("Atopic dermatitis");
  await page.screenshot({ path: `${SHOTS}/editor-basic-info.png`, fullPage: true });

  // Two visit types from the rheumatology template: apply it, keep Baseline and Month 1.
  await editorTab(page, "Visit Types").click();
  await page.getByLabel("Schedule template").selectOption("rheumatology");
  await page.getByRole("button", { name: "Apply Template" }).click();
  for (const label of ["Month 3", "Month 6", "Month 12", "Flare", "Unscheduled"]) {
    await page.getByRole("button", { name: `Delete ${label}`, exact: true }).click();
  }
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Baseline");
  await expect(rows.nth(1)).toContainText("Month 1");
  await page.screenshot({ path: `${SHOTS}/editor-visit-types.png`, fullPage: true });

  // Two categories, one per entity.
  await editorTab(page, "Categories").click();
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("dialog").getByLabel("Code").fill("Demographics");
  await page.getByRole("dialog").getByLabel("Label").fill("Demographics");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await page.getByRole("tab", { name: /Visit Categories/ }).click();
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("dialog").getByLabel("Code").fill("efficacy");
  await page.getByRole("dialog").getByLabel("Label").fill("Efficacy");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("tab", { name: "Visit Categories (1)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Patient Categories (1)" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Live form preview" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-categories.png`, fullPage: true });

  await page.getByText("JSON configuration preview").click();
  await expect(page.getByTestId("config-json")).toContainText('"code": "demographics"');

  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page).toHaveURL(/\/admin\/studies\?created=\d+$/);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Dermatology Outcomes" }) });
  await expect(card).toContainText(CODE);
  await expect(card.getByText("Active")).toBeVisible();
  // The new study is confirmed and its card marked.
  await expect(
    page.getByRole("status").filter({ hasText: 'Study "Dermatology Outcomes" created.' }),
  ).toBeVisible();
  await expect(card).toHaveAttribute("aria-current", "true");
  await expect(card).toBeInViewport();
  await shootBothWidths(page, "list-study-created");

  // Reopen, reorder the visit types, change the primary colour, save.
  await card.getByRole("link", { name: "Edit Config" }).click();
  await expect(page.getByRole("heading", { name: "Edit Study: Dermatology Outcomes" })).toBeVisible();
  await expect(page.getByLabel("Study Code")).toBeDisabled();
  await editorTab(page, "Visit Types").click();
  await page.getByRole("button", { name: "Move Month 1 up" }).click();
  await expect(rows.nth(0)).toContainText("Month 1");
  await expect(rows.nth(0)).toContainText("1");

  await editorTab(page, "UI Settings").click();
  await page.getByLabel("Primary Color hex value").fill(PRIMARY);
  await page.screenshot({ path: `${SHOTS}/editor-ui-settings.png`, fullPage: true });
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();

  // The Data Fields tab is a real editor now (its journey is data-fields.spec.ts).
  await editorTab(page, "Data Fields").click();
  await expect(page.getByRole("heading", { name: "Data Fields", exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-data-fields.png`, fullPage: true });
  // Therapy Switch, Calculations and Version History are real editors now (their journey
  // is protocol-versions.spec.ts).
  for (const [tab, shot] of [
    ["Therapy Switch", "editor-therapy-switch"],
    ["Calculations", "editor-calculations"],
    ["Version History", "editor-version-history"],
  ] as const) {
    await editorTab(page, tab).click();
    await expect(page.getByRole("heading", { name: tab, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  }
  await editorTab(page, "Dashboard KPIs").click();
  await expect(page.getByText("Configurable dashboard KPIs are coming in the next phase.")).toBeVisible();

  // The study area in the new colour.
  await page.goto(`/${CODE}`);
  const header = page.getByTestId("study-header");
  await expect(header).toContainText("Dermatology Outcomes");
  await expect(header).toContainText("Atopic dermatitis");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCSS("color", "rgb(185, 28, 28)");
  await expect(header.getByRole("link", { name: "Admin" })).toBeVisible();
  // The dashboard replaced the overview (decision 0009): a study without patients shows zeros, themed.
  await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCSS("color", "rgb(185, 28, 28)");
  await expect(page.getByRole("listitem", { name: "Total Patients" })).toContainText("0");
  await expect(page.getByRole("listitem", { name: "PASI75 Achievement" })).toContainText("0 of 0 patients");
  await page.screenshot({ path: `${SHOTS}/study-area.png`, fullPage: true });
});

test("an inactive study and an unknown code show 'Study Not Found'", async ({ page, request }) => {
  const tokens = await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const created = await request.post("/api/studies", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { code: `closed_${Date.now() % 100000}`, name: "Closed Study", disease: "Lupus", is_active: false },
  });
  expect(created.status()).toBe(201);
  const { code } = await created.json();
  await signInAsAdmin(page);
  for (const path of [`/${code}`, "/no_such_study"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Study Not Found" })).toBeVisible();
    await expect(
      page.getByText("The study you are looking for does not exist or is not active."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the admin area" })).toHaveAttribute(
      "href",
      "/admin/studies",
    );
  }
  await page.screenshot({ path: `${SHOTS}/study-not-found.png`, fullPage: true });
});

test("leaving the editor with unsaved changes asks first", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "+ New Study" }).click();
  await page.getByLabel("Study Name").fill("Draft");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    return dialog.dismiss();
  });
  await page.getByRole("link", { name: "Cancel" }).click();
  expect(asked).toBe("You have unsaved changes. Leave without saving?");
  await expect(page).toHaveURL(/\/admin\/studies\/new$/);
});

test("a study subdomain opens that study's area", async ({ page, baseURL }) => {
  const sub = baseURL!.replace("://localhost", "://psoriasis.localhost");
  // Cookies are per host: sign in on the subdomain itself.
  await page.goto(`${sub}/login`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The landing is "/", and a study subdomain's "/" is its study area (decision 0029).
  await expect(page).toHaveURL(`${sub}/`);
  await expect(page.getByTestId("study-header")).toContainText("Psoriasis Registry");
  await page.goto(`${sub}/`);
  await expect(page.getByTestId("study-header")).toContainText("Psoriasis Registry");
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/psoriasis");
});

test("the live preview renders the demo study's forms and shows the entered data", async ({ page }) => {
  await signInAsAdmin(page);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Psoriasis Registry" }) });
  await card.getByRole("link", { name: "Edit Config" }).click();
  await editorTab(page, "Categories").click();
  const preview = page.getByRole("complementary", { name: "Live form preview" });
  await preview.getByLabel(/Hospital record number/i).fill("HRN-1");
  await preview.getByText("Debug data").click();
  await expect(preview.getByTestId("preview-debug")).toContainText('"hospital_record_number": "HRN-1"');
  await preview.getByRole("tab", { name: "Visit Form" }).click();
  await expect(preview.getByLabel(/^PASI/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-live-preview.png`, fullPage: true });
  await preview.getByRole("button", { name: "Reset Data" }).click();
  await expect(preview.getByTestId("preview-debug")).toHaveText("{}");
});

test("a save based on an old version is refused, explained, and Reload keeps the draft to copy from", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const study = await createStudyByApi(page, "Conflict Study");
  await page.goto(`/admin/studies/${study.id}/edit`);
  await expect(page.getByRole("heading", { name: "Edit Study: Conflict Study" })).toBeVisible();

  // A second admin session saves first.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAsAdmin(otherPage);
  await otherPage.goto(`/admin/studies/${study.id}/edit`);
  await otherPage.getByLabel("Study Name").fill("Renamed by the other admin");
  await otherPage.getByRole("button", { name: "Save Study" }).click();
  await expect(otherPage.getByText("Study saved successfully!")).toBeVisible();
  await other.close();

  await page.getByLabel("Disease").fill("My disease edit");
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(
    page.getByText(
      "Error saving study: This study was changed by someone else since you opened it (version 1, now 2). Reload to see their changes.",
    ),
  ).toBeVisible();
  await shootBothWidths(page, "editor-stale-write");

  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Edit Study: Renamed by the other admin" })).toBeVisible();
  await expect(page.getByLabel("Disease")).toHaveValue("Lupus");
  await expect(page.getByLabel("Draft (read only)")).toHaveValue(/"disease": "My disease edit"/);
  await shootBothWidths(page, "editor-after-reload-kept-draft");

  // Saving now, on the fresh version, works.
  await page.getByLabel("Disease").fill("My disease edit");
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();
});

test("a session that ends while editing keeps the draft through sign-in", async ({ page, context }) => {
  await signInAsAdmin(page);
  await openStudyEditor(page, "Psoriasis Registry");
  const url = page.url();
  await page.getByLabel("Description").fill("Draft written before the session ended");
  await context.clearCookies();
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByText("Your unsaved changes were restored.")).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue("Draft written before the session ended");
  await shootBothWidths(page, "editor-draft-restored");
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(page.getByLabel("Description")).not.toHaveValue("Draft written before the session ended");
  await expect(page.getByText("Your unsaved changes were restored.")).toHaveCount(0);
});

test("a taken code is marked on the code field, not only in the banner", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "+ New Study" }).click();
  await page.getByLabel("Study Code").fill("psoriasis");
  await page.getByLabel("Study Name").fill("Second psoriasis study");
  await page.getByLabel("Disease").fill("Psoriasis");
  await page.getByRole("button", { name: "Save Study" }).click();
  const code = page.getByLabel("Study Code");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription("A study with this code already exists");
  await expect(code).toHaveAttribute("maxlength", "50");
  await shootBothWidths(page, "editor-code-taken");
});

test("an unreadable stored configuration is shown as such, with nothing to save over it", async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The server's real 409 is covered by tests/api/studies-integrity.test.ts; here only its screen.
  await page.route(/\/api\/studies\/\d+$/, (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({
        detail:
          'The stored configuration of study "psoriasis" cannot be read (data_fields › 2 › name: Field name must start with a lowercase letter and contain only lowercase letters, numbers, and underscores). It has not been changed, and no save may overwrite it by accident: to repair it, replace it with a complete valid configuration (PUT /api/studies/1 with "config" and "version": 1).',
      }),
    }),
  );
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Psoriasis Registry" }) });
  await card.getByRole("link", { name: "Edit Config" }).click();
  await expect(page.getByText("This study's configuration cannot be read.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Study" })).toHaveCount(0);
  await shootBothWidths(page, "editor-unreadable-config");
});
