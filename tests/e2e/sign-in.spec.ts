import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { firstSignInThrough } from "./new-user";

const SHOTS = "tests/e2e/screenshots";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the login page shows the product subtitle", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByText("Clinical Data Platform")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login.png`, fullPage: true });
});

test("a wrong password shows 'Invalid credentials' and 'Signing in...' while busy", async ({ page }) => {
  await page.goto("/login");
  // Hold the sign-in call briefly so the busy label can be seen.
  await page.route("**/api/auth/callback/credentials**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("definitely-wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  await expect(page.locator("form [role=alert]")).toHaveText("Invalid credentials");
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: `${SHOTS}/login-error.png`, fullPage: true });
});

test("what is typed before the page's script has run is what signs in", async ({ page }) => {
  // The page's JavaScript is held back while the fields are filled, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  release();
  // The scripts run and the form takes over, keeping what was typed.
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, { timeout: 60_000 });
});

test("the admin area redirects to login with returnUrl, and sign-in returns there", async ({ page }) => {
  await page.goto("/admin/studies?view=cards");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fstudies%3Fview%3Dcards$/);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/studies\?view=cards$/);
  await expect(page.getByRole("heading", { name: "Studies", level: 1 })).toBeVisible();
});

test("an admin signs in to /admin/studies, sees the admin links and the demo study, and logs out", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/studies$/);
  const nav = page.getByRole("navigation", { name: "Administration" });
  for (const label of ["Studies", "Templates", "Users", "Audit Logs"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Psoriasis Registry" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveText("Platform Administrator");
  await page.screenshot({ path: `${SHOTS}/admin-studies.png`, fullPage: true });

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin/studies");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fstudies$/);
});

test("a plain user lands on My studies with no admin links; unknown paths go to the landing", async ({
  page,
  request,
}) => {
  const tokens = await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const email = `clinician-${Date.now()}@example.org`;
  const created = await request.post("/api/auth/register", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { email, password: "clinician-temporary", full_name: "Dr. Clinician", role_level: "user" },
  });
  expect(created.status()).toBe(201);
  // An account an admin creates changes its password at the first sign-in (decision 0033).
  await firstSignInThrough(request, email, "clinician-temporary", "clinician-password");

  await page.goto("/login");
  await signIn(page, email, "clinician-password");
  // No study role yet: My studies says so and who can help (decision 0029).
  await expect(page).toHaveURL(/\/my-studies$/);
  await expect(page.getByTestId("current-user")).toHaveText("Dr. Clinician");
  await expect(page.getByRole("navigation", { name: "Administration" })).toHaveCount(0);
  await expect(page.getByText("You have no role in any study yet.")).toBeVisible();
  await page.goto("/admin/studies");
  await expect(page.getByText("No studies yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "+ New Study" })).toHaveCount(0);
  await page.goto("/admin/studies/new");
  await expect(page.getByText("Only platform administrators can create studies.")).toBeVisible();

  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/my-studies$/);
});

test("a browser that signed in before keeps signing in while its (shared) address is throttled", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // An account of its own: failures other specs left on the admin's email must not count here.
  const tokens = await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const user = { email: `hospital-${Date.now()}@example.org`, password: "hospital-user-password" };
  const created = await request.post("/api/auth/register", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { ...user, password: "hospital-user-temporary", full_name: "Dr. Hospital", role_level: "user" },
  });
  expect(created.status()).toBe(201);
  await firstSignInThrough(request, user.email, "hospital-user-temporary", user.password);
  // Busy machines: a sign-in is an argon2 check; the waits below allow for it.
  // Both browsers pose as clients of one hospital address (the test runner is a declared proxy).
  const hospital = { "x-forwarded-for": "192.0.2.98" };
  const own = await browser.newContext({ extraHTTPHeaders: hospital });
  const other = await browser.newContext({ extraHTTPHeaders: hospital });
  try {
    const page = await own.newPage();
    await page.goto("/login");
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-studies$/, { timeout: 20_000 });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });

    // Someone else at the hospital guesses this user's password five times: that browser is stopped.
    const stranger = await other.newPage();
    await stranger.goto("/login");
    for (let i = 0; i < 5; i++) {
      await signIn(stranger, user.email, `wrong-password-${i}`);
      await expect(stranger.locator("form [role=alert]")).toHaveText("Invalid credentials", {
        timeout: 20_000,
      });
    }
    await signIn(stranger, user.email, user.password);
    await expect(stranger.locator("form [role=alert]")).toHaveText(/^Too many failed sign-in attempts\./, {
      timeout: 20_000,
    });

    // The user's own browser (its device cookie) is not.
    await page.goto("/login");
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-studies$/, { timeout: 20_000 });
  } finally {
    await own.close();
    await other.close();
  }
});
