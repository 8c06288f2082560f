import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";
import { createReadyUser } from "./new-user";

/**
 * The patient page shows what was recorded, and medical groups are in use (docs/decisions/0028):
 * a study monitor (a read-only role) reads every patient field of a patient on its page, with no
 * control to change one; a principal investigator on a 390 px phone reaches every action of the
 * page (Move to group, Edit Patient, + Add Visit, a visit's View, Edit and Lock) without the page
 * scrolling sideways, sees the calculated values while typing a visit and moves the patient to
 * another group with a reason. Screenshots at 1440 and 390 px go to /tmp/patient-page-shots/.
 */
const shot = screenshots("/tmp/patient-page-shots").atCurrentWidth;
const PASSWORD = "patient page passphrase";
const run = Date.now() % 100000;

test.describe.configure({ timeout: 180_000 });

/** Signs in through the login page; a password hash takes its time on a busy machine. */
async function signInOn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

async function signIn(browser: Browser, email: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInOn(page, email, PASSWORD);
  return page;
}

function api(page: Page) {
  const origin = new URL(page.url()).origin;
  const request: APIRequestContext = page.request;
  return {
    post: (path: string, data: unknown) => request.post(path, { headers: { origin }, data }),
    get: (path: string) => request.get(path),
  };
}

/** What the monitor must read on the page, field by field, as the form words it. */
const RECORDED: Record<string, unknown> = {
  hospital_record_number: "MI-004512",
  psoriasis_onset: "2010-03",
  psoriasis_phenotypes: ["plaque", "nail"],
  nail_involvement_notes: "Pitting on four nails",
  smoking_status: "former",
  diabetes: true,
  hypertension: false,
  naive_biologic: false,
  failed_biologics: true,
  biologic_history: [
    {
      drug: "adalimumab",
      start_month: "2018-01",
      end_month: "2019-06",
      discontinuation_reason: "secondary_failure",
    },
  ],
};
const SHOWN: [string, string][] = [
  ["hospital_record_number", "MI-004512"],
  ["psoriasis_onset", "Mar 2010"],
  ["psoriasis_phenotypes", "Plaque, Nail"],
  ["nail_involvement_notes", "Pitting on four nails"],
  ["smoking_status", "Former smoker"],
  ["diabetes", "Yes"],
  ["hypertension", "No"],
  // Never answered: blank, not "No" (decision 0023).
  ["oncologic", "—Not answered"],
  ["failed_biologics", "Yes"],
];

test("a monitor reads every patient field; a PI on a phone reaches every action and moves the patient", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const calls = api(page);
  const studies = (await (await calls.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis")!;
  const { config } = (await (await calls.get(`/api/studies/${demo.id}`)).json()) as { config: unknown };
  const code = `pp_${run}`;
  const created = await calls.post("/api/studies", {
    code,
    name: "Patient Page",
    disease: "Psoriasis",
    config,
  });
  expect(created.status()).toBe(201);
  const study = (await created.json()) as { id: number };
  const groupIds: number[] = [];
  for (const [groupCode, name] of [
    ["MI", "Milano"],
    ["RM", "Roma"],
  ]) {
    const group = await calls.post(`/api/studies/${study.id}/medical-groups`, { code: groupCode, name });
    expect(group.status()).toBe(201);
    groupIds.push(((await group.json()) as { id: number }).id);
  }
  const member = async (name: string, role: string) => {
    const email = `${name}-${run}@example.org`;
    const { id } = await createReadyUser(page, { email, password: PASSWORD, full_name: `${name} ${run}` });
    const assigned = await calls.post("/api/admin/user-study-roles", {
      user_id: id,
      study_id: study.id,
      role,
    });
    expect(assigned.status()).toBe(201);
    return email;
  };
  const monitorEmail = await member("monitor", "study_monitor");
  const piEmail = await member("pi", "principal_investigator");

  // Without a group the API refuses the patient; with Milano it is enrolled, then its baseline.
  const body = {
    study_id: study.id,
    code: "REC-1",
    birth_date: "1975-02-03",
    sex: "F",
    naive_systemic: true,
    custom_fields: RECORDED,
  };
  expect((await calls.post("/api/patients", body)).status()).toBe(422);
  const enrolled = await calls.post("/api/patients", { ...body, medical_group_id: groupIds[0] });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const patient = (await enrolled.json()) as { id: number };
  const baseline = await calls.post("/api/visits", {
    patient_id: patient.id,
    visit_number: 1,
    visit_date: "2024-01-05",
    visit_type: "baseline",
    data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
  });
  expect(baseline.status(), await baseline.text()).toBe(201);

  // The monitor: every field read-only, the group and the enrolment (the baseline's date) shown.
  const monitor = await signIn(browser, monitorEmail, 1440);
  await monitor.goto(`/${code}/patients/${patient.id}`);
  const fields = monitor.getByRole("region", { name: "Recorded patient data" });
  await expect(fields).toBeVisible();
  for (const [name, text] of SHOWN) await expect(fields.locator(`[data-field="${name}"]`)).toHaveText(text);
  const history = fields.locator('[data-field="biologic_history"]').getByRole("table");
  await expect(history.getByRole("row").nth(1)).toContainText("Jan 2018");
  await expect(history.getByRole("row").nth(1)).toContainText("Loss of response");
  await expect(fields.getByRole("textbox")).toHaveCount(0);
  await expect(fields.getByRole("checkbox")).toHaveCount(0);
  const info = monitor.getByRole("region", { name: "Patient Information" });
  await expect(info).toContainText("Jan 05, 2024");
  await expect(info).toContainText("Milano");
  await expect(monitor.getByRole("button", { name: /Edit|Move to group|Add Visit/ })).toHaveCount(0);
  await shot(monitor, "monitor-patient");
  await monitor.setViewportSize({ width: 390, height: 844 });
  for (const [name, text] of SHOWN) await expect(fields.locator(`[data-field="${name}"]`)).toHaveText(text);
  await shot(monitor, "monitor-patient");
  await monitor.context().close();

  // The principal investigator on a phone: every action of the page is on screen when scrolled to.
  const pi = await signIn(browser, piEmail, 390);
  await pi.goto(`/${code}/patients/${patient.id}`);
  await expect(pi.getByRole("heading", { name: "Patient Information" })).toBeVisible();
  await shot(pi, "pi-patient");
  const actions = [
    pi.getByRole("button", { name: "Move to group" }),
    pi.getByRole("button", { name: "Edit Patient" }),
    pi.getByRole("button", { name: "+ Add Visit" }),
  ];
  for (const action of actions) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport();
    await expect(action).toBeEnabled();
  }
  const widths = await pi.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

  // The add visit dialog computes the calculated values as the PASI is typed.
  await pi.getByRole("button", { name: "+ Add Visit" }).click();
  const add = pi.getByRole("dialog", { name: "Add Visit" });
  await add.getByLabel("Visit Date *").fill("2024-04-01");
  await add.getByLabel("Visit Type *").selectOption({ label: "Week 12" });
  await add.getByRole("button", { name: "Yes" }).click();
  await add.locator("#field-current_therapy").selectOption("adalimumab");
  await add.locator("#field-pasi_score").fill("4");
  const calculated = add.getByRole("region", { name: "Calculated values" });
  await expect(calculated.getByTestId("calc-pasi_improvement")).toHaveText("80");
  await expect(calculated.getByTestId("calc-pasi75_achieved")).toHaveText("Yes");
  await calculated.scrollIntoViewIfNeeded();
  await shot(pi, "pi-add-visit-calculated");
  // A section holding a required field starts open (decision 0027).
  if (!(await add.locator("#field-adverse_event").isVisible()))
    await add.locator("summary", { hasText: "Safety" }).click();
  await add.getByRole("radio", { name: "No" }).first().check();
  await add.getByRole("button", { name: "Save Visit" }).click();
  await expect(add).toBeHidden();

  // A visit's own actions on the phone, and its stored calculated values in the view.
  for (const name of [/^View visit 2/, /^Edit visit 2/, /^Lock visit 2/]) {
    const button = pi.getByRole("button", { name }).first();
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
  }
  await pi
    .getByRole("button", { name: /^View visit 2/ })
    .first()
    .click();
  const view = pi.getByRole("dialog", { name: /Visit 2/ });
  await expect(view.getByTestId("calc-pasi_improvement")).toHaveText("80");
  await shot(pi, "pi-visit-view");
  await view.getByRole("button", { name: "Close" }).last().click();

  // Move to Roma with a reason; the page shows the new group.
  await pi.getByRole("button", { name: "Move to group" }).click();
  const move = pi.getByRole("dialog", { name: "Move REC-1 to another medical group" });
  await move.getByLabel("New medical group *").selectOption({ label: "RM — Roma" });
  await move.getByLabel("Reason for change *").fill("Referred to the Rome centre");
  await shot(pi, "pi-move-group");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(move).toBeHidden();
  await expect(pi.getByText("REC-1 moved to Roma.")).toBeVisible();
  await expect(pi.getByRole("region", { name: "Patient Information" })).toContainText("Roma");
  await pi.setViewportSize({ width: 1440, height: 900 });
  await shot(pi, "pi-patient-moved");
  await pi.context().close();
});
