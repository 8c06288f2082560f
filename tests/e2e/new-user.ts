import { expect, request, type APIRequestContext, type Page } from "@playwright/test";

/**
 * A user created by the signed-in administrator, ready to sign in with `password`: an account an
 * admin creates must change its password at the first sign-in (decision 0033), so the admin gives
 * a temporary one and the user's first sign-in changes it, through the API in a context of its
 * own (the page keeps the admin's session).
 */
export async function createReadyUser(
  page: Page,
  data: { email: string; password: string; full_name: string; role_level?: string },
): Promise<{ id: number }> {
  const origin = new URL(page.url()).origin;
  const temporary = `${data.password} (temporary)`;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin },
    data: { role_level: "user", ...data, password: temporary },
  });
  expect(created.status(), await created.text()).toBe(201);
  await completeFirstSignIn(origin, data.email, temporary, data.password);
  return { id: ((await created.json()) as { id: number }).id };
}

/** The first sign-in of an admin-created account: its temporary password changed to `password`. */
export async function completeFirstSignIn(
  origin: string,
  email: string,
  temporary: string,
  password: string,
): Promise<void> {
  const api = await request.newContext({ baseURL: origin });
  try {
    await firstSignInThrough(api, email, temporary, password);
  } finally {
    await api.dispose();
  }
}

/** The same first sign-in through an API context the caller holds (a spec's `request`). */
export async function firstSignInThrough(
  api: APIRequestContext,
  email: string,
  temporary: string,
  password: string,
): Promise<void> {
  const login = await api.post("/api/auth/login", { data: { email, password: temporary } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const changed = await api.post("/api/auth/password", {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: temporary, new_password: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}
