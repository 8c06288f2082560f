import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in-as-admin";
import { screenshots } from "./screenshots";
import { completeFirstSignIn, createReadyUser } from "./new-user";

/**
 * The "Must show": an admin creates a user and assigns them as Medico on the Users and Study
 * Team screens; that medico, signed in in a second browser, adds a patient and sees only their own;
 * a study monitor finds no write control and a forced API write answers 403; a sub-investigator
 * sees only their group's patients; a deactivated user's open session is refused on its next click.
 * The three admin screens are photographed at 1280 and 390 px wide.
 */
const shot = screenshots("/tmp/team-shots").atBothWidths;
const PASSWORD = "team journey passphrase";
const run = Date.now() % 100000;

async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Study roles only: the landing is My studies (decision 0029).
  await expect(page).toHaveURL(/\/my-studies$/);
  return page;
}

/** The API as the signed-in admin page (cookie session; writes carry the origin for CSRF). */
function api(page: Page) {
  const origin = new URL(page.url()).origin;
  const request: APIRequestContext = page.request;
  return {
    post: (path: string, data: unknown) => request.post(path, { headers: { origin }, data }),
    get: (path: string) => request.get(path),
  };
}

async function newStudy(page: Page) {
  const calls = api(page);
  const studies = (await (await calls.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis")!;
  const { config } = (await (await calls.get(`/api/studies/${demo.id}`)).json()) as { config: unknown };
  const code = `team_${run}`;
  const created = await calls.post("/api/studies", {
    code,
    name: "Team Registry",
    disease: "Psoriasis",
    config,
  });
  expect(created.status()).toBe(201);
  return { ...((await created.json()) as { id: number }), code };
}

const patient = (studyId: number, code: string) => ({
  study_id: studyId,
  code,
  birth_date: "1975-02-03",
  sex: "F",
  custom_fields: { psoriasis_onset: "2010-01", psoriasis_phenotypes: ["plaque"] },
});

test.describe.configure({ timeout: 240_000 });

test("users, team and groups: every role sees and does only what the server allows", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const study = await newStudy(page);
  const calls = api(page);
  expect((await calls.post("/api/patients", patient(study.id, "ADMIN-1"))).status()).toBe(201);

  // Medical groups through their screen: the code is uppercased as typed.
  await page.goto(`/admin/studies/${study.id}/medical-groups`);
  await expect(page.getByRole("heading", { name: "Medical Groups: Team Registry" })).toBeVisible();
  await expect(page.getByText("No medical groups created yet")).toBeVisible();
  for (const [code, name] of [
    ["grp001", "Milano"],
    ["grp002", "Roma"],
  ]) {
    await page.getByRole("button", { name: "Create Medical Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Medical Group" });
    await expect(dialog.getByLabel("Code")).toHaveAttribute("placeholder", "GRP001");
    await dialog.getByLabel("Code").fill(code!);
    await expect(dialog.getByLabel("Code")).toHaveValue(code!.toUpperCase());
    await dialog.getByLabel("Name").fill(name!);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("cell", { name: code!.toUpperCase(), exact: true })).toBeVisible();
  }
  await shot(page, "medical-groups");
  const groups = (
    (await (await calls.get(`/api/studies/${study.id}/medical-groups`)).json()) as {
      items: { id: number; code: string }[];
    }
  ).items;
  const groupId = (code: string) => groups.find((g) => g.code === code)!.id;

  // The admin creates the medico on the Users screen.
  const medicoEmail = `medico-${run}@example.org`;
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Create User" }).click();
  const userDialog = page.getByRole("dialog", { name: "Create User" });
  await userDialog.getByLabel("Email").fill(medicoEmail);
  await userDialog.getByLabel("Full name").fill("Dott. Medico Rossi");
  // A temporary password: the medico's first sign-in changes it (decision 0033).
  await userDialog.getByLabel("Password").fill(`${PASSWORD} (temporary)`);
  await userDialog.getByLabel("Role level").selectOption("user");
  await userDialog.getByRole("button", { name: "Create" }).click();
  await expect(userDialog).toBeHidden();
  await completeFirstSignIn(new URL(page.url()).origin, medicoEmail, `${PASSWORD} (temporary)`, PASSWORD);
  await page.getByLabel("Search").fill(`medico-${run}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("cell", { name: "Dott. Medico Rossi", exact: true })).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await shot(page, "users");

  // ... and assigns them as Medico on the Study Team screen.
  await page.goto(`/admin/studies/${study.id}/team`);
  await page.getByRole("button", { name: "Assign User" }).click();
  const assign = page.getByRole("dialog", { name: "Assign User to Study" });
  await assign
    .getByLabel("User", { exact: true })
    .selectOption({ label: `Dott. Medico Rossi (${medicoEmail})` });
  await assign
    .getByLabel("Role", { exact: true })
    .selectOption({ label: "Sub-Investigator (Medical Group)" });
  await expect(assign.getByLabel("Medical Group", { exact: true })).toBeVisible();
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(assign.getByText("Medical Group is required for Sub-Investigator role")).toBeVisible();
  await shot(page, "team-dialog");
  await assign.getByLabel("Role", { exact: true }).selectOption({ label: "Medico (Own Patients Only)" });
  await expect(assign.getByLabel("Medical Group", { exact: true })).toBeHidden();
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByRole("row", { name: /Dott. Medico Rossi/ })).toContainText("Medico");

  // The other roles, through the same API the screens use.
  const member = async (name: string, role: string, medicalGroupId: number | null = null) => {
    const email = `${name}-${run}@example.org`;
    const { id } = await createReadyUser(page, { email, password: PASSWORD, full_name: `${name} ${run}` });
    const assigned = await calls.post("/api/admin/user-study-roles", {
      user_id: id,
      study_id: study.id,
      role,
      medical_group_id: medicalGroupId,
    });
    expect(assigned.status()).toBe(201);
    return email;
  };
  const monitorEmail = await member("monitor", "study_monitor");
  const subMilano = await member("sub-milano", "sub_investigator", groupId("GRP001"));
  const subRoma = await member("sub-roma", "sub_investigator", groupId("GRP002"));
  const dataManagerEmail = await member("data-manager", "data_manager");
  // The admin assigns themselves too: flagged 'Platform SUPERADMIN', and editing their own role warns.
  const me = (await (await calls.get("/api/auth/me")).json()) as { id: number };
  const self = await calls.post("/api/admin/user-study-roles", {
    user_id: me.id,
    study_id: study.id,
    role: "read_only",
  });
  expect(self.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole("row", { name: /Platform Administrator/ })).toContainText(
    "Platform SUPERADMIN",
  );
  await shot(page, "team");
  await page.getByRole("button", { name: "Edit role of Platform Administrator" }).click();
  const own = page.getByRole("dialog", { name: "Edit Role Assignment" });
  await expect(own.getByText(/You are editing your own role/)).toBeVisible();
  await own.getByRole("button", { name: "Cancel" }).click();

  // The medico, in a second browser: adds a patient, sees only their own.
  const medico = await signIn(browser, medicoEmail);
  await expect(medico.getByRole("link", { name: "Users" })).toHaveCount(0); // no admin link
  await medico.goto(`/${study.code}/patients`);
  await expect(medico.getByText("No patients found")).toBeVisible(); // ADMIN-1 is not theirs
  await medico.getByRole("button", { name: "+ Add Patient" }).click();
  const add = medico.getByRole("dialog", { name: "Add Patient" });
  await add.getByLabel(/Patient Code/).fill("MED-1");
  await add.getByLabel(/Birth Date/).fill("1980-03-04");
  await add.getByLabel(/^Sex/).selectOption("M");
  // The study has groups: a new patient joins one (decision 0028), here Roma's, not Milano's.
  await add.getByLabel(/Medical group/).selectOption({ label: "GRP002 — Roma" });
  await add.getByLabel(/Psoriasis onset/).fill("2012-05");
  await add.getByRole("checkbox", { name: "Plaque" }).check();
  await add.getByRole("button", { name: "Save Patient" }).click();
  await expect(add).toBeHidden();
  await expect(medico.getByRole("link", { name: "View patient MED-1" })).toBeVisible();
  await expect(medico.getByRole("link", { name: "View patient ADMIN-1" })).toHaveCount(0);
  // The medico's dashboard counts their own patient only.
  await medico.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(medico.getByRole("listitem", { name: "Total Patients" })).toContainText("1");
  // The admin pages refuse the medico as their API does.
  const refused = await medico.goto(`/admin/studies/${study.id}/team`);
  expect(refused?.status()).toBe(403);
  await expect(medico.getByText("You do not have permission to perform this action")).toBeVisible();
  expect((await medico.request.get("/api/admin/users")).status()).toBe(403);

  // The sub-investigators see their own group's patients only.
  const milano = await signIn(browser, subMilano);
  const roma = await signIn(browser, subRoma);
  const origin = new URL(milano.url()).origin;
  for (const [who, code] of [
    [milano, "MIL-1"],
    [roma, "ROM-1"],
  ] as const) {
    const res = await who.request.post("/api/patients", {
      headers: { origin },
      data: patient(study.id, code),
    });
    expect(res.status()).toBe(201);
  }
  await milano.goto(`/${study.code}/patients`);
  await expect(milano.getByRole("link", { name: "View patient MIL-1" })).toBeVisible();
  for (const other of ["ROM-1", "MED-1", "ADMIN-1"])
    await expect(milano.getByRole("link", { name: `View patient ${other}` })).toHaveCount(0);
  await milano.context().close();
  await roma.context().close();

  // The monitor: every patient, no write control anywhere in the study area, a forced write is 403.
  const monitor = await signIn(browser, monitorEmail);
  await expect(monitor.getByRole("listitem", { name: "Team Registry" })).toContainText("Study Monitor");
  const links = async (who: Page) => {
    await who.goto("/admin/studies");
    return who.getByRole("navigation", { name: "Team Registry links" }).getByRole("link");
  };
  await expect(await links(monitor)).toHaveText(["Study area"]); // no admin or configuration link
  await monitor.goto(`/${study.code}`);
  await expect(monitor.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(monitor.getByRole("listitem", { name: "Total Patients" })).toContainText("4");
  // The only buttons: the notifications inbox (decision 0031) and Logout; no write control.
  await expect(monitor.getByRole("button")).toHaveCount(2);
  await expect(monitor.getByRole("button", { name: /^Notifications/ })).toBeVisible();
  await expect(monitor.getByRole("button", { name: "Logout" })).toBeVisible();
  await monitor.goto(`/${study.code}/patients`);
  await expect(monitor.getByRole("link", { name: "View patient MED-1" })).toBeVisible();
  await expect(monitor.getByRole("link", { name: "View patient ADMIN-1" })).toBeVisible();
  await expect(monitor.getByRole("button", { name: "+ Add Patient" })).toHaveCount(0);
  await monitor.getByRole("link", { name: "View patient MED-1" }).click();
  await expect(monitor.getByRole("heading", { name: "Patient Information" })).toBeVisible();
  const writeButtons = monitor.getByRole("button", { name: /Add Visit|Edit|Delete|Lock|Unlock|Save/ });
  await expect(writeButtons).toHaveCount(0);
  const forced = await monitor.request.post("/api/patients", {
    headers: { origin },
    data: patient(study.id, "MON-1"),
  });
  expect(forced.status()).toBe(403);
  await monitor.context().close();

  // A data manager configures the study (Edit Config) but does not manage its team.
  const dataManager = await signIn(browser, dataManagerEmail);
  await expect(dataManager.getByRole("listitem", { name: "Team Registry" })).toContainText("Data Manager");
  await expect(await links(dataManager)).toHaveText(["Edit Config", "Study area"]);
  await dataManager.context().close();

  // The admin deactivates the medico; the medico's open page is refused on its next click.
  await medico.goto(`/${study.code}/patients`);
  await expect(medico.getByRole("link", { name: "View patient MED-1" })).toBeVisible();
  await page.goto("/admin/users");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Deactivate Dott. Medico Rossi" }).click();
  await expect(page.getByText("Dott. Medico Rossi was deactivated.")).toBeVisible();
  await medico.getByRole("link", { name: "View patient MED-1" }).click();
  await expect(medico).toHaveURL(/\/login\?returnUrl=/);
  expect((await medico.request.get("/api/auth/me")).status()).toBe(401);
  await medico.context().close();

  // The groups now count their patients; a group with patients cannot be deleted.
  await page.goto(`/admin/studies/${study.id}/medical-groups`);
  await expect(page.getByRole("row", { name: /GRP001/ })).toContainText("1");
  await expect(page.getByRole("button", { name: "Delete GRP001" })).toBeDisabled();
  await shot(page, "medical-groups-with-patients");
});

test("a temporary password set by the admin must be changed before anything else", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const email = `temporary-${run}@example.org`;
  const created = await api(page).post("/api/admin/users", {
    email,
    password: PASSWORD,
    full_name: `Temporary ${run}`,
    role_level: "user",
  });
  expect(created.status()).toBe(201);

  await page.goto("/admin/users");
  await page.getByRole("button", { name: `Edit Temporary ${run}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog.getByLabel("Email")).toBeDisabled();
  await dialog.getByLabel("Temporary password (optional)").fill("temporary passphrase 42");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const user = await context.newPage();
  await user.goto("/login");
  await user.getByLabel("Email").fill(email);
  await user.getByLabel("Password").fill("temporary passphrase 42");
  await user.getByRole("button", { name: "Sign in" }).click();
  await expect(user).toHaveURL(/\/admin\/account\/password$/);
  await expect(user.getByText("You must change your temporary password before continuing")).toBeVisible();
  expect((await user.request.get("/api/studies")).status()).toBe(403);
  await user.getByLabel("Current password").fill("temporary passphrase 42");
  await user.getByLabel("New password", { exact: true }).fill("password1");
  await user.getByLabel("Confirm new password").fill("password1");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user.getByText(/too common/)).toBeVisible();
  await shot(user, "change-password");
  await user.getByLabel("New password", { exact: true }).fill("my very own passphrase");
  await user.getByLabel("Confirm new password").fill("my very own passphrase");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user.getByText("Password changed.")).toBeVisible();
  expect((await user.request.get("/api/studies")).status()).toBe(200);
  // Forced here by the sign-in, it leads on to the landing: My studies for a plain user (decision 0029).
  await user.getByRole("link", { name: "Continue" }).click();
  await expect(user).toHaveURL(/\/my-studies$/);
  await context.close();

  // Opened from the user menu, the password page leads back to the page it was opened from.
  await page.goto("/admin/users?page=1");
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/password\?returnUrl=%2Fadmin%2Fusers%3Fpage%3D1$/);
  await shot(page, "change-password-from-menu");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?page=1$/);
});
