import { expect, type Page } from "@playwright/test";
import { createReadyUser } from "./new-user";

/**
 * Set-up steps of the clinical journeys, run as the signed-in administrator through the API:
 * a new study carrying the demo study's configuration (so a journey's figures are its own), and a
 * member of it who then signs in instead.
 */
export type NewStudy = { code: string; id: number };

// Signing in hashes a password (argon2id): on a loaded machine that is slow. A backstop, not a
// timing assertion.
export const SIGN_IN = { timeout: 60_000 };

export async function newPsoriasisStudy(
  page: Page,
  prefix: string,
  name: string,
  /** Changes to the demo study's configuration (e.g. its SDV requirement). */
  configure: (config: Record<string, unknown>) => Record<string, unknown> = (config) => config,
): Promise<NewStudy> {
  const origin = new URL(page.url()).origin;
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis")!;
  const { config } = (await (await page.request.get(`/api/studies/${demo.id}`)).json()) as {
    config: Record<string, unknown>;
  };
  const code = `${prefix}_${Date.now() % 100000}`;
  const created = await page.request.post("/api/studies", {
    headers: { origin },
    data: { code, name, disease: "Psoriasis", config: configure(config) },
  });
  expect(created.status()).toBe(201);
  return { code, id: ((await created.json()) as { id: number }).id };
}

export type Member = { fullName: string; password: string; role: string };

/** A new user with `role` in the study, created by the signed-in admin; answers their email. */
export async function addMember(page: Page, study: NewStudy, member: Member): Promise<string> {
  const origin = new URL(page.url()).origin;
  const email = `${member.role.replaceAll("_", "-")}-${study.code}@example.org`;
  const { id } = await createReadyUser(page, {
    email,
    password: member.password,
    full_name: member.fullName,
  });
  const role = await page.request.post("/api/admin/user-study-roles", {
    headers: { origin },
    data: { user_id: id, study_id: study.id, role: member.role },
  });
  expect(role.status()).toBe(201);
  return email;
}

/** Signs out whoever is signed in and signs `member` in through the login page. */
export async function signInAs(page: Page, email: string, member: Member): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toHaveText(member.fullName, SIGN_IN);
}

/** A new member of the study, created by the signed-in admin, who then signs in instead. */
export async function signInAsNewMember(page: Page, study: NewStudy, member: Member): Promise<void> {
  await signInAs(page, await addMember(page, study, member), member);
}
