import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in-as-admin";
import { screenshots } from "./screenshots";

/**
 * The journey, on a new study with the demo psoriasis configuration (so the figures are this
 * patient's alone): a patient with conditional fields, a baseline and a week-12 visit (PASI 20 → 4),
 * a therapy switch at week 24 through the Italian form, the dashboard's PASI75 '1 of 1 patients' and
 * Therapy Lines, a locked visit that cannot be edited, and the patient's audit trail.
 *
 * The administrator creates the study and a principal investigator (the users and team API);
 * the journey itself runs signed in as that principal investigator.
 */
const shot = screenshots("/tmp/journey-shots").atCurrentWidth;

const card = (page: Page, title: string) => page.getByRole("listitem", { name: title });

/** A new study carrying the demo study's configuration, created through the API. */
async function newPsoriasisStudy(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis")!;
  const { config } = (await (await page.request.get(`/api/studies/${demo.id}`)).json()) as {
    config: unknown;
  };
  const code = `journey_${Date.now() % 100000}`;
  const created = await page.request.post("/api/studies", {
    headers: { origin },
    data: { code, name: "Journey Registry", disease: "Psoriasis", config },
  });
  expect(created.status()).toBe(201);
  return code;
}

/** A principal investigator of the study (created by the signed-in admin), then signed in instead. */
async function signInAsPrincipalInvestigator(page: Page, code: string) {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === code)!;
  const email = `pi-${code}@example.org`;
  const password = "journey investigator passphrase";
  const user = await page.request.post("/api/admin/users", {
    headers: { origin },
    data: { email, password, full_name: "Dr. Principal Investigator", role_level: "user" },
  });
  expect(user.status()).toBe(201);
  const { id } = (await user.json()) as { id: number };
  const role = await page.request.post("/api/admin/user-study-roles", {
    headers: { origin },
    data: { user_id: id, study_id: study.id, role: "principal_investigator" },
  });
  expect(role.status()).toBe(201);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/);
  await expect(page.getByTestId("current-user")).toHaveText("Dr. Principal Investigator");
}

async function addVisit(
  page: Page,
  visit: { date: string; type: string; pasi: string; switchTo?: string },
  firstVisit = false,
) {
  await page.getByRole("button", { name: "+ Add Visit" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Visit" });
  await dialog.getByLabel("Visit Date *").fill(visit.date);
  await dialog.getByLabel("Visit Type *").selectOption(visit.type);
  if (!firstVisit) {
    await expect(dialog.getByText("Il paziente sta continuando la stessa terapia?")).toBeVisible();
    if (visit.switchTo) {
      await dialog.getByRole("button", { name: "No" }).click();
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(dialog.getByText("Motivo dello switch is required")).toBeVisible();
      await dialog.getByLabel(/Motivo dello switch/).selectOption("inefficacia");
      await dialog.getByLabel(/Nuova terapia/).selectOption(visit.switchTo);
      await shot(page, "switch-form");
      await dialog.getByRole("button", { name: "Continue" }).click();
    } else {
      await dialog.getByRole("button", { name: "Yes" }).click();
    }
  }
  await dialog.locator("#field-current_therapy").selectOption(visit.switchTo ?? "adalimumab");
  await dialog.locator("#field-pasi_score").fill(visit.pasi);
  await dialog.locator("summary", { hasText: "Safety" }).click();
  await dialog.getByRole("radio", { name: "No" }).first().check();
  await dialog.getByRole("button", { name: "Save Visit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visit created successfully!" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe.configure({ timeout: 180_000 });

test("a patient's journey: visits, a therapy switch, the dashboard, a locked visit and the audit trail", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const code = await newPsoriasisStudy(page);
  await signInAsPrincipalInvestigator(page, code);

  // The patient, with the conditional biologic history (shown for NO, hidden for SI).
  await page.goto(`/${code}/patients`);
  await expect(page.getByText("No patients found")).toBeVisible();
  await page.getByRole("button", { name: "+ Add Patient" }).click();
  const add = page.getByRole("dialog", { name: "Add Patient" });
  await add.getByLabel(/Patient Code/).fill("JRN-001");
  await add.getByLabel(/Birth Date/).fill("1968-09-30");
  await add.getByLabel(/^Sex/).selectOption("M");
  await add.getByLabel(/Psoriasis onset/).fill("2001-04");
  await add.getByRole("checkbox", { name: "Plaque" }).check();
  await add.getByText("Therapy history").click();
  const biologic = add.getByRole("group", { name: /Naive to biologic therapy/ });
  await biologic.getByLabel("No", { exact: true }).check();
  await expect(add.getByRole("group", { name: /Failed previous biologics/ })).toBeVisible();
  await biologic.getByLabel("Yes", { exact: true }).check();
  await expect(add.getByRole("group", { name: /Failed previous biologics/ })).toBeHidden();
  await add.getByRole("button", { name: "Save Patient" }).click();
  await expect(add).toBeHidden();
  await page.getByRole("link", { name: "View patient JRN-001" }).click();
  await expect(page.getByRole("heading", { name: "Patient Information" })).toBeVisible();

  // Baseline PASI 20, week 12 PASI 4 (continuing), week 24 switch through the Italian form.
  await addVisit(page, { date: "2026-01-10", type: "baseline", pasi: "20" }, true);
  await addVisit(page, { date: "2026-04-04", type: "week_12", pasi: "4" });
  await expect(page.getByTestId("visit-row-2")).toContainText("Yes"); // PASI75 from the study's calculation
  await addVisit(page, { date: "2026-06-27", type: "week_24", pasi: "8", switchTo: "secukinumab" });
  await expect(page.getByTestId("visit-row-3")).toContainText("Week 24");
  await shot(page, "patient-detail");

  // The dashboard: this study's one patient reached PASI75; the switch opened a second line.
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(card(page, "Total Patients")).toContainText("1");
  await expect(card(page, "PASI75 Achievement")).toContainText("1 of 1 patients");
  await expect(card(page, "Therapy Lines")).toContainText("2");
  await expect(card(page, "Total Visits")).toContainText("3");
  await shot(page, "dashboard");

  // Lock the baseline visit: it can no longer be edited.
  await page.goBack();
  const baseline = page.getByTestId("visit-row-1");
  await baseline.getByRole("button", { name: "Lock visit 1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visit 1 locked" })).toBeVisible();
  await expect(baseline.getByRole("button", { name: "Edit visit 1" })).toBeDisabled();

  // The audit trail names these actions.
  const trail = page.locator("details", { hasText: "Patient Audit Trail" });
  await trail.locator("summary").click();
  await expect(trail.getByTestId("audit-entry").first()).toContainText("lock"); // loaded when opened
  const actions = (await trail.getByTestId("audit-entry").allTextContents()).map((t) => t.split(" ")[0]);
  expect(actions[0]).toBe("lock");
  expect(actions.filter((action) => action === "create").length).toBeGreaterThanOrEqual(4); // patient + 3 visits
  await shot(page, "audit-trail");
});
