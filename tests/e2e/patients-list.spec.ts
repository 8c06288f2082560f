import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { DashboardResponse } from "@/lib/schemas/reports";
import type { PatientListResponse } from "@/lib/schemas/patients";
import type { StudySummary } from "@/lib/schemas/studies";
import { signInAsAdmin } from "./sign-in-as-admin";

const SHOTS = "/tmp/screensa-shots";
mkdirSync(SHOTS, { recursive: true });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No sideways scroll at this width, and a full-page screenshot to look at. */
async function shoot(page: Page, name: string, fullPage = true) {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} is ${scrollWidth}px wide at ${width}px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage });
}

async function psoriasisId(page: Page): Promise<number> {
  const studies = (await (await page.request.get("/api/studies")).json()) as StudySummary[];
  const study = studies.find((s) => s.code === "psoriasis");
  expect(study).toBeDefined();
  return study!.id;
}

async function dashboardOf(page: Page, studyId: number): Promise<DashboardResponse> {
  const response = await page.request.get(`/api/reports/dashboard?study_id=${studyId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardResponse;
}

const card = (page: Page, title: string) => page.getByRole("listitem", { name: title });

/** Presses Tab until `target` has focus (proves it is reachable by keyboard). */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("a platform admin reads the dashboard, searches the patients and adds one with conditional fields", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const studyId = await psoriasisId(page);
  const before = await dashboardOf(page, studyId);
  expect(before.overview.total_patients).toBeGreaterThan(0);

  await page.goto("/psoriasis");
  await expect(card(page, "Total Patients")).toContainText(String(before.overview.total_patients));
  await expect(card(page, "Active Therapies")).toContainText(String(before.overview.active_therapies));
  await expect(card(page, "Total Visits")).toContainText(String(before.overview.total_visits));
  await expect(card(page, "PASI75 Achievement")).toContainText(
    `${before.efficacy.pasi75_rate}%${before.efficacy.pasi75_achieved} of ${before.efficacy.pasi75_total} patients`,
  );
  await expect(card(page, "Adverse Events")).toContainText(
    `${before.overview.total_adverse_events}${before.overview.serious_adverse_events} serious`,
  );
  await expect(card(page, "Therapy Lines")).toContainText(String(before.overview.total_therapy_lines));
  const demographics = page.getByRole("region", { name: "Patient Demographics" });
  await expect(demographics).toContainText(`Male${before.demographics.patients_by_sex.M ?? 0}`);
  await expect(demographics).toContainText(`Female${before.demographics.patients_by_sex.F ?? 0}`);

  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Patients" }).click();
  await expect(page).toHaveURL(/\/psoriasis\/patients$/);
  const total = before.overview.total_patients;
  await expect(page.getByText(`Showing 1 to ${Math.min(20, total)} of ${total}`)).toBeVisible();

  // Search by the prefix of the first listed code: every row shown starts with it.
  const first = (
    (await (
      await page.request.get(`/api/patients?study_id=${studyId}&page_size=1`)
    ).json()) as PatientListResponse
  ).items[0]!;
  const prefix = first.code.slice(0, first.code.length - 1);
  const matching = (
    (await (
      await page.request.get(`/api/patients?study_id=${studyId}&search=${encodeURIComponent(prefix)}`)
    ).json()) as PatientListResponse
  ).total;
  await page.getByLabel("Search by patient code").fill(prefix);
  await expect(page.getByText(`Showing 1 to ${Math.min(20, matching)} of ${matching}`)).toBeVisible();
  await expect(page.getByRole("link", { name: `View patient ${first.code}` })).toBeVisible();
  for (const code of await page.locator("tbody tr td:first-child").allTextContents())
    expect(code.startsWith(prefix)).toBe(true);
  await page.getByLabel("Search by patient code").fill("NO-SUCH-CODE");
  await expect(page.getByText("No patients found")).toBeVisible();
  await page.getByLabel("Search by patient code").fill("");
  await expect(page.getByText(`of ${total}`)).toBeVisible();

  await page.getByRole("button", { name: "+ Add Patient" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Patient" });
  await dialog.getByLabel(/Patient Code/).fill("E2E-PL-001");
  await dialog.getByLabel(/Birth Date/).fill("1971-02-14");
  await dialog.getByLabel(/^Sex/).selectOption("F");
  await dialog.getByLabel("Height (cm)").fill("168.5");
  await dialog.getByLabel(/Psoriasis onset/).fill("2009-05");
  await dialog.getByRole("checkbox", { name: "Plaque" }).check();
  await dialog.getByText("Therapy history").click();
  // naive_biologic decides whether the biologic history is asked at all (spec §4).
  const biologic = dialog.getByRole("group", { name: /Naive to biologic therapy/ });
  const failed = dialog.getByRole("group", { name: /Failed previous biologics/ });
  await biologic.getByLabel("No", { exact: true }).check();
  await expect(failed).toBeVisible();
  await biologic.getByLabel("Yes", { exact: true }).check();
  await expect(failed).toBeHidden();
  await shoot(page, "add-patient-dialog", false);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Save Patient" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(`of ${total + 1}`)).toBeVisible();
  await page.getByLabel("Search by patient code").fill("E2E-PL");
  const row = page.getByRole("row").filter({ hasText: "E2E-PL-001" });
  await expect(row).toContainText("Feb 14, 1971");
  await expect(row.getByRole("link", { name: "View patient E2E-PL-001" })).toHaveAttribute(
    "href",
    /^\/psoriasis\/patients\/\d+$/,
  );
  const created = (
    (await (
      await page.request.get(`/api/patients?study_id=${studyId}&search=E2E-PL-001`)
    ).json()) as PatientListResponse
  ).items[0]!;
  expect(created.naive_biologic).toBe(true);
  expect(created.custom_fields).not.toHaveProperty("failed_biologics");

  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(card(page, "Total Patients")).toContainText(String(total + 1));
});

test("the same list answers at /patients?study=, and an unknown study is 'Study Not Found'", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/patients?study=psoriasis");
  await expect(page.getByTestId("study-header")).toContainText("Psoriasis Registry");
  await expect(page.getByRole("heading", { name: "Patients" })).toBeVisible();
  await expect(page.getByText(/^Showing 1 to /)).toBeVisible();
  await page.goto("/patients?study=no_such_study");
  await expect(page.getByRole("heading", { name: "Study Not Found" })).toBeVisible();
});

test("the add-patient dialog works by keyboard alone", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/psoriasis/patients");
  await expect(page.getByText(/^Showing 1 to /)).toBeVisible();
  const add = page.getByRole("button", { name: "+ Add Patient" });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Patient" });
  await expect(dialog.getByLabel(/Patient Code/)).toBeFocused();
  // Enter in a field submits: the required messages appear, nothing is sent.
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Patient code is required")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel(/Patient Code/)).toBeFocused();
  await page.keyboard.type("E2E-KB-001");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel(/Birth Date/)).toBeFocused();
  // Typed in one stop, the English reader's order (decision 0027), written out once left.
  await page.keyboard.type("03151982");
  await tabTo(page, dialog.getByLabel(/^Sex/));
  await expect(dialog.getByLabel(/Birth Date/)).toHaveValue("03/15/1982");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel(/^Sex/)).toHaveValue("F");
  await tabTo(page, dialog.getByLabel(/Psoriasis onset/));
  await page.keyboard.type("062011");
  await expect(dialog.getByLabel(/Psoriasis onset/)).toHaveValue("062011");
  await tabTo(page, dialog.getByRole("checkbox", { name: "Plaque" }));
  await page.keyboard.press("Space");
  await tabTo(page, dialog.getByRole("button", { name: "Save Patient" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await page.getByLabel("Search by patient code").fill("E2E-KB-001");
  await expect(page.getByRole("row").filter({ hasText: "E2E-KB-001" })).toContainText("Mar 15, 1982");
});

for (const width of [1440, 390]) {
  test(`dashboard, list and dialog at ${width}px: no sideways scroll, no serious axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto("/psoriasis");
    await expect(card(page, "Total Patients")).toBeVisible();
    await shoot(page, "dashboard");
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/psoriasis/patients");
    await expect(page.getByText(/^Showing 1 to /)).toBeVisible();
    await shoot(page, "patients");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "+ Add Patient" }).click();
    await expect(page.getByRole("dialog", { name: "Add Patient" })).toBeVisible();
    // The dialog is a fixed overlay: a viewport shot shows it as the user sees it.
    await shoot(page, "dialog", false);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
