import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";

/**
 * Plausibility on the demo data (decision 0024): a visit numbered after the patient's visits but
 * dated between them is refused with a warning, confirmed with "Confirm and save" from the
 * keyboard, saved, and flagged in the visit history; a visit dated before birth is refused at the
 * field before anything is sent. Screenshots at 1440 and 390 px go to /tmp/plausibility-shots/.
 */
const shot = screenshots("/tmp/plausibility-shots").atCurrentWidth;

type Visit = { visit_number: number; visit_date: string; confirmed_warnings: { code: string }[] };

/** Signs the admin in; password hashing may take its time on a loaded machine. */
async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 60_000 });
}

async function demoPatient(page: Page, code: string): Promise<{ id: number; visits: Visit[] }> {
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const list = (await (
    await page.request.get(`/api/patients?study_id=${study.id}&search=${code}`)
  ).json()) as { items: { id: number; code: string }[] };
  const patient = list.items.find((p) => p.code === code)!;
  const visits = (await (await page.request.get(`/api/visits/patient/${patient.id}`)).json()) as Visit[];
  return { id: patient.id, visits };
}

test.describe.configure({ timeout: 120_000 });

test("a visit out of date order is saved only once its warning is confirmed, then flagged", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const patient = await demoPatient(page, "PSO-003");
  const number = Math.max(...patient.visits.map((v) => v.visit_number)) + 1;
  const sorted = [...patient.visits].sort((a, b) => a.visit_number - b.visit_number);
  // A date between the first two visits: after visit 1, long before the last one.
  const between = "2025-09-01";
  expect(sorted[0]!.visit_date < between && sorted[1]!.visit_date > between).toBe(true);
  await page.goto(`/psoriasis/patients/${patient.id}`);
  await expect(page.getByRole("heading", { name: "Visit History" })).toBeVisible();

  await page.getByRole("button", { name: "+ Add Visit" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Visit" });
  await expect(dialog.getByLabel("Visit Number *")).toHaveValue(String(number));

  // Before birth: refused at the field, nothing sent.
  await dialog.getByLabel("Visit Date *").fill("1950-01-01");
  await dialog.getByLabel("Visit Type *").selectOption("week_52");
  await dialog.getByRole("button", { name: "Yes" }).click();
  await dialog.locator("#field-current_therapy").selectOption("adalimumab");
  await dialog.locator("#field-pasi_score").fill("4");
  // A section holding a required field starts open (decision 0027).
  if (!(await dialog.locator("#field-adverse_event").isVisible()))
    await dialog.locator("summary", { hasText: "Safety" }).click();
  await dialog.getByRole("radio", { name: "No" }).first().check();
  await dialog.getByRole("button", { name: "Save Visit" }).click();
  await expect(
    dialog.getByText("Visit date cannot be before the patient's birth date (1963-12-20)"),
  ).toBeVisible();
  await expect(dialog.getByLabel("Visit Date *")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "visit-before-birth");

  // Out of order: the server's warning, confirmed from the keyboard.
  await dialog.getByLabel("Visit Date *").fill(between);
  await dialog.getByRole("button", { name: "Save Visit" }).click();
  const confirm = dialog.getByRole("button", { name: "Confirm and save" });
  await expect(confirm).toBeFocused();
  await expect(dialog.getByText(/Visit date is out of order: visit 2 is dated/)).toBeVisible();
  await shot(page, "visit-warning");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Visit created successfully!" })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = page.getByTestId(`visit-row-${number}`);
  const flag = row.getByTestId("confirmed-warnings-flag");
  await expect(flag).toBeVisible();
  await expect(flag).toHaveAttribute("aria-label", /Confirmed warnings: Visit date is out of order/);
  await shot(page, "visit-flagged");
  const saved = (await demoPatient(page, "PSO-003")).visits.find((v) => v.visit_number === number)!;
  expect(saved.confirmed_warnings.map((w) => w.code)).toEqual(["visit_date_order"]);

  // The trend chart lists the new visit in date order (second), not as the latest point.
  const rows = page.locator("figure table tbody tr th");
  await expect(rows.nth(1)).toHaveText(String(number));

  // The visit view spells the warning out.
  await row.getByRole("button", { name: `View visit ${number}` }).click();
  const view = page.getByRole("dialog").filter({ has: page.getByTestId("confirmed-warnings-note") });
  await expect(view.getByTestId("confirmed-warnings-note")).toContainText("Visit date is out of order");
  await shot(page, "visit-view-warning");
  await view.getByRole("button", { name: "Close" }).last().click();

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the history is a card per visit, with the same flag (decision 0029).
  await expect(page.getByTestId(`visit-card-${number}`).getByTestId("confirmed-warnings-flag")).toBeVisible();
  await shot(page, "visit-flagged");
  await page.getByRole("button", { name: "+ Add Visit" }).click();
  await dialog.getByLabel("Visit Date *").fill(between);
  await dialog.getByLabel("Visit Type *").selectOption("week_52");
  await dialog.getByRole("button", { name: "Yes" }).click();
  await dialog.locator("#field-current_therapy").selectOption("adalimumab");
  await dialog.locator("#field-pasi_score").fill("4");
  // A section holding a required field starts open (decision 0027).
  if (!(await dialog.locator("#field-adverse_event").isVisible()))
    await dialog.locator("summary", { hasText: "Safety" }).click();
  await dialog.getByRole("radio", { name: "No" }).first().check();
  await dialog.getByRole("button", { name: "Save Visit" }).click();
  await expect(dialog.getByRole("button", { name: "Confirm and save" })).toBeFocused();
  await shot(page, "visit-warning");
});
