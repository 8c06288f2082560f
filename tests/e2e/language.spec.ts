import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { createReadyUser } from "./new-user";

// A switch re-renders the page on the server: on a machine busy with other work that can take longer
// than the default 5 s, so what follows one waits longer (a backstop, not a timing assertion).
const AFTER_SWITCH = { timeout: 30_000 };

const SHOTS = "tests/e2e/screenshots";

/** A fresh user created by the admin (the admin's own language stays as other specs expect it). */
async function signInAsNewUser(page: Page): Promise<{ email: string; password: string }> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/);
  const email = `lingua-${Date.now() % 1_000_000}@example.org`;
  const password = "a language passphrase 7";
  await createReadyUser(page, { email, password, full_name: "Dott.ssa Lingua" });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-studies$/); // a plain user's landing (decision 0029)
  return { email, password };
}

test("the sign-in page speaks the browser's language, and the switch changes it", async ({ browser }) => {
  const italian = await browser.newContext({ locale: "it-IT" });
  const page = await italian.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("button", { name: "Accedi" })).toBeVisible();
  await expect(page.getByText("Piattaforma di dati clinici")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login-it.png`, fullPage: true });

  await page.getByLabel("Lingua").selectOption("en");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible(AFTER_SWITCH);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The choice is kept (a cookie before sign-in) over the browser's Italian.
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await italian.close();
});

test("a signed-in user's language is kept on the account, and switching keeps what was typed", async ({
  page,
}) => {
  await signInAsNewUser(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/admin/account/password");
  const current = page.locator("input[type=password]").first();
  await current.fill("typed before switching");

  await page.getByLabel("Language").selectOption("it");
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible(AFTER_SWITCH);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(current).toHaveValue("typed before switching");
  await page.screenshot({ path: `${SHOTS}/password-it.png`, fullPage: true });

  const me = await (await page.request.get("/api/auth/me")).json();
  expect(me.locale).toBe("it");
  // Stored on the account: another browser of the same user, asking for English, gets Italian.
  await page.context().clearCookies({ name: "registry-locale" });
  await page.reload();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();

  await page.getByLabel("Lingua").selectOption("en");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible(AFTER_SWITCH);
});
