import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { signInAsAdmin } from "./sign-in-as-admin";
import { createReadyUser } from "./new-user";

/**
 * The phone layout of the clinical lists and the clinicians' landing (docs/decisions/0029): at
 * 390 px every visit action is in the cards, the chart's labels are at least 11 px on screen and
 * nothing scrolls sideways; the team's Remove is whole; a user with study roles only lands on My
 * studies with their role, an administrator on the studies list as before. Screenshots go to
 * /tmp/ui-shots for a person to look at.
 */
const SHOTS = "/tmp/ui-shots";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = "phone clinician passphrase";
let seq = 0;

type Demo = { studyId: number; patientId: number; visitNumbers: number[] };

async function demoStudy(page: Page): Promise<Demo> {
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const studyId = studies.find((s) => s.code === "psoriasis")!.id;
  // A demo patient (PSO-…), whatever other specs enrolled before this one.
  const list = (await (
    await page.request.get(`/api/patients?study_id=${studyId}&search=PSO-&page_size=1`)
  ).json()) as {
    items: { id: number }[];
  };
  const patientId = list.items[0]!.id;
  const visits = (await (await page.request.get(`/api/visits/patient/${patientId}`)).json()) as {
    visit_number: number;
  }[];
  expect(visits.length).toBeGreaterThan(1);
  return { studyId, patientId, visitNumbers: visits.map((v) => v.visit_number) };
}

/** A platform user (level 'user') with one study role, created by the signed-in admin. */
async function clinician(page: Page, studyId: number, role: string, fullName: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const email = `phone-${process.pid}-${++seq}@example.org`;
  const { id } = await createReadyUser(page, { email, password: PASSWORD, full_name: fullName });
  const assigned = await page.request.post("/api/admin/user-study-roles", {
    headers: { origin },
    data: { user_id: id, study_id: studyId, role },
  });
  expect(assigned.status()).toBe(201);
  return email;
}

async function signIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

// The first sign-in of a fresh server is slow on a busy machine (its first argon2 check and first
// reads): done once here with room to spare, so the tests' own sign-ins wait on nothing cold.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 60_000 }); // a backstop, not a timing
  await page.close();
});

async function noSidewaysScroll(page: Page, width: number, name: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} is ${scrollWidth}px wide at ${width}px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
}

/** Visible, inside the window's width, and not cut by a scrolling box around it. */
async function wholeOnScreen(control: Locator, width: number) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "right edge").toBeLessThanOrEqual(width);
  const clipped = await control.evaluate((el) => {
    const own = el.getBoundingClientRect();
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible") continue;
      const rect = box.getBoundingClientRect();
      if (own.left < rect.left - 0.5 || own.right > rect.right + 0.5) return true;
    }
    return false;
  });
  expect(clipped, "cut by a scrolling box").toBe(false);
}

test("a user with study roles only lands on My studies, their role shown, at 1440 and 390 px", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const { studyId } = await demoStudy(page);
  const email = await clinician(page, studyId, "principal_investigator", "Dr. Landing Investigator");

  const doctor = await signIn(browser, email);
  await expect(doctor).toHaveURL(/\/my-studies$/);
  await expect(doctor.getByRole("heading", { level: 1, name: "My studies" })).toBeVisible();
  const card = doctor.getByRole("list", { name: "Your studies" }).getByRole("listitem", {
    name: "Psoriasis Registry",
  });
  await expect(card).toContainText("Principal Investigator");
  await expect(card).toContainText("psoriasis");
  // No admin links for a clinician.
  await expect(doctor.getByRole("navigation", { name: "Administration" })).toHaveCount(0);
  await noSidewaysScroll(doctor, DESKTOP.width, "my-studies");

  // Keyboard: the card's link is reached with Tab and opens the study area.
  const link = card.getByRole("link", { name: "Psoriasis Registry" });
  await expect(link).toHaveAttribute("href", "/psoriasis");
  for (let i = 0; i < 15 && !(await link.evaluate((el) => el === document.activeElement)); i++)
    await doctor.keyboard.press("Tab");
  await expect(link).toBeFocused();

  await doctor.setViewportSize(PHONE);
  await expect(card).toBeInViewport();
  await noSidewaysScroll(doctor, PHONE.width, "my-studies");

  await doctor.keyboard.press("Enter");
  await expect(doctor).toHaveURL(/\/psoriasis$/);
  await expect(doctor.getByTestId("study-header")).toContainText("Psoriasis Registry");
  // The root is the landing for them too.
  await doctor.goto("/");
  await expect(doctor).toHaveURL(/\/my-studies$/);
  await doctor.context().close();
});

test("at 390 px the patient page has every visit action in cards, 11 px chart labels and no sideways scroll", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const { patientId, visitNumbers } = await demoStudy(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/psoriasis/patients/${patientId}`);

  const cards = page.getByRole("list", { name: "Visits" });
  await expect(cards.getByRole("listitem")).toHaveCount(visitNumbers.length);
  await expect(page.getByTestId(`visit-row-${visitNumbers[0]}`)).toBeHidden(); // the table is md and up
  for (const n of visitNumbers) {
    const card = page.getByTestId(`visit-card-${n}`);
    await expect(card.getByRole("heading", { name: `Visit ${n}` })).toBeVisible();
    await expect(card.getByRole("term")).toHaveText(["Date", "Type", "PASI", "DLQI", "PASI75", "Status"]);
    const locked = (await card.getByText("Locked", { exact: true }).count()) > 0;
    // The superadmin may do everything: View, Edit, and Lock or Unlock.
    for (const action of ["View", "Edit", locked ? "Unlock" : "Lock"])
      await wholeOnScreen(card.getByRole("button", { name: `${action} visit ${n}` }), PHONE.width);
  }
  // The first card's View opens the visit.
  const first = visitNumbers[0]!;
  await page
    .getByTestId(`visit-card-${first}`)
    .getByRole("button", { name: `View visit ${first}` })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/390-visit-view-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The chart's labels, measured on screen: their size in user units times the drawing's scale.
  const chart = page.getByTestId("trend-chart");
  await chart.scrollIntoViewIfNeeded();
  const labelSizes = () =>
    chart.evaluate((svg) =>
      [...svg.querySelectorAll("text")].map(
        (text) => Number(text.getAttribute("font-size")) * (text.getScreenCTM()?.a ?? 0),
      ),
    );
  expect((await labelSizes()).length).toBeGreaterThan(visitNumbers.length);
  await expect.poll(async () => Math.min(...(await labelSizes()))).toBeGreaterThanOrEqual(11);
  await noSidewaysScroll(page, PHONE.width, "patient-detail-cards");

  // From md up the table is back and the cards are gone.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId(`visit-row-${first}`)).toBeVisible();
  await expect(cards).toBeHidden();
  await expect.poll(async () => Math.min(...(await labelSizes()))).toBeGreaterThanOrEqual(11);
  await noSidewaysScroll(page, DESKTOP.width, "patient-detail-table");
});

test("at 390 px the study team's Edit and Remove are whole on screen", async ({ page }) => {
  await signInAsAdmin(page);
  const { studyId } = await demoStudy(page);
  await clinician(page, studyId, "study_monitor", "Dott.ssa Annamaria Vittoria Bianchi-Lombardini");
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/studies/${studyId}/team`);
  const removes = page.getByRole("button", { name: /^Remove .* from the study$/ });
  await expect(removes.first()).toBeVisible();
  for (const button of await removes.all()) await wholeOnScreen(button, PHONE.width);
  for (const button of await page.getByRole("button", { name: /^Edit role of / }).all())
    await wholeOnScreen(button, PHONE.width);
  await noSidewaysScroll(page, PHONE.width, "team");
  await page.setViewportSize(DESKTOP);
  await noSidewaysScroll(page, DESKTOP.width, "team");
});

test("an administrator still lands on the studies list, from sign-in and from /", async ({ page }) => {
  await signInAsAdmin(page); // asserts /admin/studies
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin\/studies$/);
});
