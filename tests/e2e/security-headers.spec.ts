import { expect, test, type Page, type Response } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

const SHOTS = process.env.SECURITY_SHOTS ?? "tests/e2e/screenshots";

/** Collects every CSP violation (the DOM event and the console report) seen by the page. */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Refused to execute (CSP event): ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

function expectPageHeaders(response: Response | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeDefined();
  expect(csp).toMatch(/script-src [^;]*'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  return nonce!;
}

async function signIn(page: Page, password = E2E_ADMIN.password) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("pages carry a CSP with a fresh nonce on every script; sign-in, the studies and the study editor work with no violation", async ({
  page,
}) => {
  const violations = watchCsp(page);
  const first = await page.goto("/login");
  const nonce = expectPageHeaders(first);
  const html = await first!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const again = expectPageHeaders(await page.goto("/login"));
  expect(again).not.toBe(nonce);

  // Hydrated: the form is handled by React (no full-page GET with the password in the URL).
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/studies$/);
  await expect(page.getByRole("heading", { name: "Psoriasis Registry" })).toBeVisible();
  expectPageHeaders(await page.reload());

  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis");
  expect(demo).toBeDefined();
  expectPageHeaders(await page.goto(`/admin/studies/${demo!.id}/edit`));
  await expect(page.getByRole("tablist", { name: "Study configuration" })).toBeVisible();
  await page.getByRole("tab", { name: "Visit Types" }).click();
  await expect(page.getByRole("tab", { name: "Visit Types" })).toHaveAttribute("aria-selected", "true");

  // The study area injects its theme as a <style> element: allowed (style-src), no violation.
  expectPageHeaders(await page.goto("/psoriasis"));
  await expect(page.getByText("Psoriasis Registry").first()).toBeVisible();

  expect(violations).toEqual([]);
});

test("API answers, next-auth's included, carry the security headers, no-store and X-Request-Id", async ({
  request,
}) => {
  for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/studies", "/api/openapi.json"]) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("default-src 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["cache-control"], path).toBe("no-store");
    expect(headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
  }
});

for (const [label, encoded] of [
  ["tab", "/%09/evil.example/x"],
  ["newline", "/%0a/evil.example/x"],
  ["CR LF", "/%0d%0a/evil.example/x"],
  ["backslash", "/%5Cevil.example/x"],
  ["protocol-relative", "//evil.example/x"],
] as const) {
  test(`an open-redirect returnUrl (${label}) lands on /admin/studies after sign-in`, async ({ page }) => {
    await page.goto(`/login?returnUrl=${encoded}`);
    await signIn(page);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/studies$/);
    await page.context().clearCookies();
  });
}

test("too many failed sign-ins from one address show the throttle message (screenshots)", async ({
  page,
}) => {
  // Its own client address, so the throttle it triggers does not touch the other tests.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "192.0.2.99" });
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await signIn(page, `wrong-password-${i}`);
    await expect(page.locator("form [role=alert]")).toHaveText("Invalid credentials");
  }
  await signIn(page);
  await expect(page.locator("form [role=alert]")).toHaveText(
    /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/,
  );
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/login-throttled-${width}.png`, fullPage: true });
  }
});
