import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { seriousViolations } from "./axe";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";
import { createReadyUser } from "./new-user";
import { newPsoriasisStudy, SIGN_IN, signInAs, type Member, type NewStudy } from "./study-member";

/**
 * Part 11 sign-off as a principal investigator lives it (decisions 0032-0034): the PI turns on
 * two-factor sign-in, signs the patient's casebook with the meaning 'I approve the data' (email,
 * password and the authenticator's code) and sees the manifestation; the medico corrects a value
 * with a reason; the PI sees the signature invalidated by that change and signs again; the admin
 * locks the study and every write control leaves the patient's page, the study editor, the team and
 * the medical groups. Screenshots at 1440 and 390 px, axe on the signed page.
 */
const shotAt = screenshots("/tmp/signature-shots").atCurrentWidth;

const PI: Member = {
  fullName: "Dr. Paola Investigator",
  password: "investigator sign passphrase",
  role: "principal_investigator",
};
const MEDICO: Member = { fullName: "Dr. Marco Medico", password: "medico site passphrase 2", role: "medico" };

test.describe.configure({ timeout: 300_000 });

async function member(page: Page, study: NewStudy, who: Member, verified: boolean) {
  const origin = new URL(page.url()).origin;
  const email = `${who.role.replaceAll("_", "-")}-${study.code}@example.org`;
  const { id } = await createReadyUser(page, { email, password: who.password, full_name: who.fullName });
  const role = await page.request.post("/api/admin/user-study-roles", {
    headers: { origin },
    data: { user_id: id, study_id: study.id, role: who.role },
  });
  expect(role.status()).toBe(201);
  if (verified) {
    // Before a first signature an administrator records how the identity was verified (11.100(b)).
    const recorded = await page.request.post(`/api/admin/users/${id}/identity-verification`, {
      headers: { origin },
      data: { method: "Hospital badge and passport checked in person" },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
  }
  return email;
}

const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * The PI's authenticator app. A code counts once (decision 0033), so each code it gives is of a
 * step after the last one given; the server accepts one step ahead of its clock (the same machine's
 * here), so a third code within one step waits for the next step to begin.
 */
function authenticator(secret: string): () => Promise<string> {
  let last = -1;
  return async () => {
    const step = Math.max(currentStep(), last + 1);
    await expect.poll(currentStep, { timeout: (STEP_SECONDS + 5) * 1000 }).toBeGreaterThanOrEqual(step - 1);
    last = step;
    return generate({ secret, epoch: step * STEP_SECONDS });
  };
}

/** The PI's sign-in once two-factor is on: the password, then the authenticator's code. */
async function signInWithCode(page: Page, email: string, code: () => Promise<string>) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PI.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill(await code());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(PI.fullName, SIGN_IN);
}

async function signCasebook(page: Page, email: string, code: () => Promise<string>) {
  const section = page.getByRole("region", { name: "Signatures" });
  await section.getByRole("button", { name: "Sign…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign" });
  await expect(dialog.getByLabel("What you sign")).toHaveValue("patient");
  await dialog.getByLabel(/Meaning of your signature/).selectOption({ label: "I approve the data" });
  await dialog.getByLabel(/Email address/).fill(email);
  await dialog.getByLabel(/^Password/).fill(PI.password);
  await dialog.getByLabel(/Authenticator code/).fill(await code());
  await dialog.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toHaveText("Signed: Casebook.");
}

test("a PI signs a casebook, a correction invalidates it, the PI signs again, the admin locks the study", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const study = await newPsoriasisStudy(page, "sign", "Signature Registry");
  const piEmail = await member(page, study, PI, true);
  const medicoEmail = await member(page, study, MEDICO, false);

  // The medico's own patient and baseline visit.
  await signInAs(page, medicoEmail, MEDICO);
  const origin = new URL(page.url()).origin;
  const patient = await page.request.post("/api/patients", {
    headers: { origin },
    data: {
      study_id: study.id,
      code: "SIGN-001",
      birth_date: "1970-06-01",
      sex: "M",
      custom_fields: { psoriasis_onset: "2012-04", psoriasis_phenotypes: ["plaque"] },
    },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { id: number }).id;
  const visit = await page.request.post("/api/visits", {
    headers: { origin },
    data: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: "2024-02-01",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 18, adverse_event: false },
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  const visitId = ((await visit.json()) as { id: number }).id;

  // The PI turns on two-factor sign-in on their account page.
  await signInAs(page, piEmail, PI);
  // The sign-in lands on the PI's studies first: only then is the next page theirs to open.
  await expect(page).toHaveURL(/\/my-studies$/);
  await page.goto("/admin/account/two-factor");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.locator("code").first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const code = authenticator(secret);
  await page.getByLabel("Code from the app").fill(await code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();

  // ... and signs the casebook with the meaning 'I approve the data'.
  const patientPage = `/${study.code}/patients/${patientId}`;
  await page.goto(patientPage);
  await signCasebook(page, piEmail, code);
  const signatures = page.getByRole("region", { name: "Signatures" });
  const first = signatures.getByRole("listitem").first();
  await expect(first).toContainText("Casebook");
  await expect(first).toContainText(`Signed by ${PI.fullName} on`);
  await expect(first).toContainText("Meaning: I approve the data");
  await expect(first).toContainText("Valid");
  await signatures.scrollIntoViewIfNeeded();
  await shotAt(page, "signed-casebook");
  expect(await seriousViolations(page)).toEqual([]);

  // The medico corrects the PASI with a reason.
  await signInAs(page, medicoEmail, MEDICO);
  const current = (await (await page.request.get(`/api/visits/${visitId}`)).json()) as { version: number };
  const corrected = await page.request.put(`/api/visits/${visitId}`, {
    headers: { origin },
    data: {
      version: current.version,
      data_fields: { pasi_score: 16 },
      reason: "Transcription error at the visit",
    },
  });
  expect(corrected.status(), await corrected.text()).toBe(200);

  // The PI sees the signature invalidated by that change, and signs again.
  await signInWithCode(page, piEmail, code);
  await page.goto(patientPage);
  await expect(signatures.getByRole("listitem").first()).toContainText(
    "Invalidated by the change of visit 1 (PASI) on",
  );
  await expect(signatures.getByRole("listitem").first()).toContainText("Invalidated");
  await shotAt(page, "invalidated");
  await signCasebook(page, piEmail, code);
  await expect(signatures.getByRole("listitem")).toHaveCount(2);
  await expect(signatures.getByRole("listitem").first()).toContainText("Valid");
  await page.setViewportSize({ width: 390, height: 844 });
  await signatures.scrollIntoViewIfNeeded();
  await shotAt(page, "signed-again-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The admin locks the study at its end: the patient's page keeps no write control.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInAsAdmin(page);
  await page.goto(`/admin/studies/${study.id}/edit`);
  await page.getByRole("button", { name: "Lock study" }).click();
  const lockDialog = page.getByRole("dialog");
  await lockDialog.getByRole("textbox").fill("Database lock at the end of the study");
  await lockDialog.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByText("This study is locked: read-only.").first()).toBeVisible();
  // The editor follows the lock at once: no Save, no add or import; the unlock stays.
  await expect(page.getByRole("button", { name: "Unlock study" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Study" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Data Fields" }).click();
  await expect(page.getByRole("link", { name: "Download data dictionary" })).toBeVisible();
  for (const control of ["Add Field", "Templates", "Import data dictionary"])
    await expect(page.getByRole("button", { name: control })).toHaveCount(0);
  // So do the team and the medical groups, after a reload (read on the server).
  await page.goto(`/admin/studies/${study.id}/team`);
  await expect(page.getByText("This study is locked: read-only.").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(PI.fullName) }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Assign User" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Edit role of|Remove) / })).toHaveCount(0);
  await page.goto(`/admin/studies/${study.id}/medical-groups`);
  await expect(page.getByText("This study is locked: read-only.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Medical Group" })).toHaveCount(0);
  await page.goto(patientPage);
  await expect(page.getByText("This study is locked: read-only.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signatures" })).toBeVisible();
  for (const control of ["Edit Patient", "+ Add Visit", "Sign…", "Freeze patient", "Mark complete"])
    await expect(page.getByRole("button", { name: control })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit visit/ })).toHaveCount(0);
  await shotAt(page, "locked-study");
  // The API refuses a write as well (423), whatever the page shows.
  const refused = await page.request.put(`/api/visits/${visitId}`, {
    headers: { origin },
    data: { version: current.version + 1, data_fields: { pasi_score: 15 }, reason: "After the lock" },
  });
  expect(refused.status()).toBe(423);
});
