import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { signInAsAdmin } from "./sign-in-as-admin";

/** The Typography fonts are served from our origin, and only the chosen ones load. */
const SHOTS = "/tmp/ui-shots";
mkdirSync(SHOTS, { recursive: true });

const FONT_FILE = /\/([a-z-]+)-latin-(\d{3})-normal[^/]*\.woff2$/;

/** The font files the page fetched, as "family-weight" (e.g. "roboto-400"), and from which origin. */
function recordFontRequests(page: Page) {
  const fetched: { font: string; url: string }[] = [];
  page.on("request", (request) => {
    const match = FONT_FILE.exec(new URL(request.url()).pathname);
    if (match) fetched.push({ font: `${match[1]}-${match[2]}`, url: request.url() });
  });
  return fetched;
}

async function loadedFaces(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family.replace(/["']/g, "")} ${face.weight}`);
  });
}

/** A new study through the API, with the given UI settings. */
async function createStudy(request: APIRequestContext, name: string, ui_settings: Record<string, string>) {
  const tokens = await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const code = `fonts_${Date.now() % 1_000_000}`;
  const created = await request.post("/api/studies", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { code, name, disease: "Eczema", config: { version: 1, ui_settings } },
  });
  expect(created.status()).toBe(201);
  return code;
}

test("a study set in Roboto loads Roboto from our origin and no other web font", async ({
  page,
  request,
  baseURL,
}) => {
  const code = await createStudy(request, "Typography Study", {
    font_family: "Roboto",
    heading_font_family: "Poppins",
  });
  await signInAsAdmin(page);
  const fetched = recordFontRequests(page);
  await page.goto(`/${code}`);
  await expect(page.getByTestId("study-header")).toContainText("Typography Study");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const faces = await loadedFaces(page);
  expect(faces).toContain("Roboto 400");
  expect(faces).toContain("Poppins 600");
  expect(await page.evaluate(() => document.fonts.check("16px Roboto"))).toBe(true);
  const families = new Set(fetched.map((f) => f.font.replace(/-\d+$/, "")));
  expect([...families].sort()).toEqual(["poppins", "roboto"]);
  for (const { url } of fetched) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
  await expect(page.getByTestId("study-header")).toHaveCSS("font-family", /^Roboto,/);
  await page.screenshot({ path: `${SHOTS}/fonts-study-area-roboto.png`, fullPage: true });
});

test("a study with the system font fetches no web font", async ({ page, request }) => {
  const code = await createStudy(request, "System Font Study", {});
  await signInAsAdmin(page);
  const fetched = recordFontRequests(page);
  await page.goto(`/${code}`);
  await expect(page.getByTestId("study-header")).toContainText("System Font Study");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(await loadedFaces(page)).toEqual([]);
  expect(fetched.map((f) => f.font)).toEqual([]);
});

test("the Typography preview shows the chosen font, loaded on demand", async ({ page }) => {
  await signInAsAdmin(page);
  const fetched = recordFontRequests(page);
  await page.getByRole("link", { name: "+ New Study" }).click();
  await page
    .getByRole("tablist", { name: "Study configuration" })
    .getByRole("tab", { name: "UI Settings" })
    .click();
  await page.getByRole("tab", { name: "Typography" }).click();
  expect(fetched).toEqual([]);
  // Heading first: until it has its own choice the heading follows the body font.
  await page.getByLabel("Heading Font Family").selectOption("Montserrat");
  await page.getByLabel("Font Family", { exact: true }).selectOption("Lato");
  await expect.poll(async () => (await loadedFaces(page)).sort()).toEqual(["Lato 400", "Montserrat 600"]);
  expect(new Set(fetched.map((f) => f.font))).toEqual(new Set(["lato-400", "montserrat-600"]));
  await page.screenshot({ path: `${SHOTS}/fonts-typography-preview.png`, fullPage: true });
});
