import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { SIGN_IN } from "./study-member";

/** Signs the e2e superadmin in through the login page and waits for the studies list. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/studies$/, SIGN_IN);
}
