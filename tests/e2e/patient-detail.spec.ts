import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in-as-admin";
import { seriousViolations } from "./axe";
import { screenshots } from "./screenshots";

/**
 * Patient detail: on the demo data a platform admin opens a demo patient, adds a follow-up
 * visit with the keyboard only, edits it with a reason, sees a 423 once it is locked, unlocks and
 * locks it again, and finds these actions in the Patient Audit Trail; then records a therapy switch
 * through the Italian form. Screenshots at 1440 and 390 go to /tmp/screensb-shots/ for a person.
 */
const shot = screenshots("/tmp/screensb-shots").atCurrentWidth;

type Visit = { id: number; visit_number: number; data_fields: Record<string, unknown>; is_locked: boolean };

/** Demo patients with visits, found through the API (the same session as the page). */
async function demoPatients(page: Page): Promise<{ id: number; code: string; visits: Visit[] }[]> {
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const study = studies.find((s) => s.code === "psoriasis");
  expect(study, "the demo study is seeded").toBeDefined();
  const list = (await (
    await page.request.get(`/api/patients?study_id=${study!.id}&page_size=20`)
  ).json()) as {
    items: { id: number; code: string }[];
  };
  const out = [];
  for (const p of list.items) {
    const visits = (await (await page.request.get(`/api/visits/patient/${p.id}`)).json()) as Visit[];
    if (visits.length > 0) out.push({ ...p, visits });
  }
  return out;
}

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const nextNumber = (visits: Visit[]) => Math.max(...visits.map((v) => v.visit_number)) + 1;

test.describe.configure({ timeout: 120_000 });

test("a follow-up visit: keyboard entry, reasoned edit, lock (423), unlock, audit trail", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const [patient] = await demoPatients(page);
  const number = nextNumber(patient!.visits);
  await page.goto(`/psoriasis/patients/${patient!.id}`);
  await expect(page.getByRole("heading", { name: "Patient Information" })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Patients" })).toBeVisible();
  await expect(crumbs).toContainText(patient!.code);
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: /^(Yes|No)$/ }).first()).toBeVisible();
  await shot(page, "patient-detail");
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only, from the '+ Add Visit' button to the saved visit.
  await page.getByRole("button", { name: "+ Add Visit" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Visit" });
  // The number comes suggested; the date takes focus, typed in one stop (decision 0027).
  await expect(dialog.getByLabel("Visit Date *")).toBeFocused();
  await expect(dialog.getByLabel("Visit Number *")).toHaveValue(String(number));
  await page.keyboard.type("03152026");
  await tabTo(page, dialog.getByLabel("Visit Type *"), 4);
  await page.keyboard.type("Week 52");
  await expect(dialog.getByLabel("Visit Type *")).toHaveValue("week_52");
  await expect(dialog.getByLabel("Visit Date *")).toHaveValue("03/15/2026");
  await expect(dialog.getByText("Is the patient continuing the same therapy?")).toBeVisible();
  await shot(page, "add-visit-prompt");
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, dialog.getByRole("button", { name: "Yes" }), 3);
  await page.keyboard.press("Enter");
  await expect(dialog.locator("#field-current_therapy")).toBeFocused();
  await page.keyboard.type("Adal");
  await expect(dialog.locator("#field-current_therapy")).toHaveValue("adalimumab");
  await page.keyboard.press("Tab");
  await expect(dialog.locator("#field-pasi_score")).toBeFocused();
  await page.keyboard.type("3.5");
  // Safety holds a required question: open from the start (decision 0027).
  await tabTo(
    page,
    dialog
      .getByRole("group", { name: /^Adverse event/ })
      .getByRole("radio")
      .first(),
  );
  await page.keyboard.press("ArrowRight"); // the Yes/No radio group: No
  await expect(dialog.getByRole("radio", { name: "No" }).first()).toBeChecked();
  await shot(page, "add-visit-form");
  await tabTo(page, dialog.getByRole("button", { name: "Save Visit" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Visit created successfully!" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId(`visit-row-${number}`);
  await expect(row).toContainText("Mar 15, 2026");
  await expect(row).toContainText("Week 52");
  await expect(row).toContainText("3.5");

  // Edit with a reason.
  await row.getByRole("button", { name: `Edit visit ${number}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit Visit ${number}` });
  await edit.locator("#field-pasi_score").fill("2.5");
  await edit.getByRole("button", { name: "Continue" }).click();
  await edit.getByLabel("Reason for change *").fill("ab");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Reason must be at least 3 characters")).toBeVisible();
  await edit.getByLabel("Reason for change *").fill("PASI corrected after source check");
  await shot(page, "edit-visit-reason");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Visit ${number} updated` })).toBeVisible();
  await expect(row).toContainText("2.5");

  // Locked while the edit is open: the save answers 423 and its detail is shown.
  await row.getByRole("button", { name: `Edit visit ${number}` }).click();
  await edit.getByRole("button", { name: "Continue" }).click();
  await edit.getByLabel("Reason for change *").fill("Second correction");
  const visits = (await (await page.request.get(`/api/visits/patient/${patient!.id}`)).json()) as Visit[];
  const added = visits.find((v) => v.visit_number === number)!;
  const origin = new URL(page.url()).origin;
  const locked = await page.request.post(`/api/visits/${added.id}/lock`, { headers: { origin } });
  expect(locked.status()).toBe(200);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("alert")).toContainText(`Visit ${number} is locked and cannot be changed`);
  await shot(page, "edit-visit-locked");
  await edit.getByRole("button", { name: "Cancel" }).click();
  // Closing with changes asks first (decision 0027).
  await edit.getByRole("button", { name: "Discard" }).click();
  await expect(row).toContainText("Locked");
  await expect(row.getByRole("button", { name: `Edit visit ${number}` })).toBeDisabled();

  // Unlock (platform admin, with a reason), then lock again from the table.
  await row.getByRole("button", { name: `Unlock visit ${number}` }).click();
  const unlock = page.getByRole("dialog", { name: `Unlock Visit ${number}` });
  await unlock.getByLabel("Reason for change *").fill("Reopened for monitoring query");
  await unlock.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Visit ${number} unlocked` })).toBeVisible();
  await row.getByRole("button", { name: `Lock visit ${number}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Visit ${number} locked` })).toBeVisible();
  await expect(row.getByRole("button", { name: `Edit visit ${number}` })).toBeDisabled();

  // The audit trail, closed at first, lists these actions with their reasons.
  const trail = page.locator("details", { hasText: "Patient Audit Trail" });
  await expect(trail).not.toHaveAttribute("open");
  await trail.locator("summary").click();
  const entries = trail.getByTestId("audit-entry");
  await expect(entries.first()).toContainText("lock");
  await expect(trail).toContainText("Reason: Reopened for monitoring query");
  await expect(trail).toContainText("Reason: PASI corrected after source check");
  const texts = await entries.allTextContents();
  // Visits are named as the screens name them (docs/decisions/0026), never by their database id.
  const ofVisit = texts.filter((t) => t.includes(`Visit ${number} (Week 52)`)).map((t) => t.split(" ")[0]);
  expect(ofVisit.slice(0, 5)).toEqual(["lock", "unlock", "lock", "update", "create"]);
  await shot(page, "audit-trail");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a therapy switch at a follow-up through the Italian form, at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const patients = await demoPatients(page);
  const patient = patients[1]!;
  const number = nextNumber(patient.visits);
  await page.goto(`/psoriasis/patients/${patient.id}`);
  await expect(page.getByRole("heading", { name: "Visit History" })).toBeVisible();
  await shot(page, "patient-detail");

  await page.getByRole("button", { name: "+ Add Visit" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Visit" });
  await dialog.getByLabel("Visit Date *").fill("2026-04-20");
  await dialog.getByLabel("Visit Type *").selectOption("week_24");
  await shot(page, "add-visit-prompt");
  await dialog.getByRole("button", { name: "No" }).click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Reason for switching is required")).toBeVisible();
  await expect(dialog.getByLabel(/Specify the reason/)).toHaveCount(0);
  await dialog.getByLabel(/Reason for switching/).selectOption("altro");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Specify the reason is required")).toBeVisible();
  await shot(page, "switch-form-errors");
  await dialog.getByLabel(/Specify the reason/).fill("Patient preference");
  await dialog.getByLabel(/New therapy/).selectOption("secukinumab");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.locator("#field-current_therapy").selectOption("secukinumab");
  await dialog.locator("#field-pasi_score").fill("8");
  await dialog.getByRole("radio", { name: "No" }).first().check();
  await shot(page, "add-visit-form");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Save Visit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visit created successfully!" })).toBeVisible();
  await expect(page.getByTestId(`visit-row-${number}`)).toContainText("Week 24");

  const visits = (await (await page.request.get(`/api/visits/patient/${patient.id}`)).json()) as Visit[];
  const added = visits.find((v) => v.visit_number === number)!;
  expect(added.data_fields.therapy_switch).toEqual({
    is_continuing_therapy: false,
    switch_reason: "altro",
    switch_reason_other: "Patient preference",
    new_therapy: "secukinumab",
  });
  await page.locator("details", { hasText: "Patient Audit Trail" }).locator("summary").click();
  await expect(page.getByTestId("audit-entry").first()).toBeVisible();
  await shot(page, "audit-trail");
});

test("an unknown patient says 'Patient not found'; /patients/{id}?study= leads to the same page", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/psoriasis/patients/999999");
  await expect(page.getByRole("heading", { name: "Patient not found" })).toBeVisible();
  const [patient] = await demoPatients(page);
  await page.goto(`/patients/${patient!.id}?study=psoriasis`);
  await expect(page).toHaveURL(new RegExp(`/psoriasis/patients/${patient!.id}$`));
  await expect(page.getByRole("heading", { name: "Patient Information" })).toBeVisible();
});
