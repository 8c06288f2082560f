import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * A study's own words in two languages (decision 0022): the capture form shows each reader their
 * language, and the Data Fields editor puts both side by side. Screens photographed at 1280 and
 * 390 px (no sideways scroll).
 */
const shot = screenshots("/tmp/bilingual-shots").atBothWidths;
const code = `bilingue_${Date.now() % 1_000_000}`;

async function createStudy(page: Page) {
  const tokens = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const res = await page.request.post("/api/studies", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: {
      code,
      name: "Registro bilingue",
      disease: "Psoriasi",
      default_language: "it",
      config: {
        version: 1,
        categories: [
          {
            code: "anagrafica",
            label: { it: "Anagrafica", en: "Demographics" },
            entity: "patient",
            order: 1,
          },
        ],
        data_fields: [
          {
            entity: "patient",
            name: "fototipo",
            label: { it: "Fototipo cutaneo", en: "Skin phototype" },
            description: "Scala di Fitzpatrick",
            type: "select",
            category: "anagrafica",
            options: [
              { value: "I", label: { it: "Molto chiara", en: "Very fair" } },
              { value: "II", label: { it: "Chiara", en: "Fair" } },
            ],
          },
        ],
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** The language the switch's cookie chooses (the admin's own account setting stays unset). */
async function readIn(page: Page, locale: "it" | "en") {
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: "registry-locale", value: locale, url: `${origin}/` }]);
}

test("each reader sees the study's words in their language; the editor shows both side by side", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const study = await createStudy(page);

  await readIn(page, "en");
  await page.goto(`/${code}/patients`);
  await page.getByRole("button", { name: "+ Add Patient" }).click();
  const english = page.getByRole("dialog", { name: "Add Patient" });
  // The category, in the reader's language, opens its section.
  await english.getByText("Demographics").click();
  await expect(english.getByLabel("Skin phototype")).toBeVisible();
  await expect(english.getByLabel("Skin phototype").locator("option", { hasText: "Very fair" })).toHaveCount(
    1,
  );
  await shot(page, "add-patient-en");

  await readIn(page, "it");
  await page.goto(`/${code}/patients`);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await page.getByRole("button", { name: "+ Aggiungi paziente" }).click();
  const italian = page.getByRole("dialog", { name: "Aggiungi Paziente" });
  await italian.getByText("Anagrafica").click();
  await expect(italian.getByLabel("Fototipo cutaneo")).toBeVisible();
  await expect(
    italian.getByLabel("Fototipo cutaneo").locator("option", { hasText: "Molto chiara" }),
  ).toHaveCount(1);
  await expect(italian.getByText("Skin phototype")).toHaveCount(0);
  await shot(page, "add-patient-it");

  await readIn(page, "en");
  await page.goto(`/admin/studies/${study.id}/edit?tab=data-fields`);
  await page.getByRole("tab", { name: "Patient Fields (1)" }).click();
  const card = page.getByRole("listitem", { name: "Field Skin phototype", exact: true });
  await card.getByRole("button", { name: "Edit Skin phototype" }).click();
  const label = card.getByRole("group", { name: "Label" });
  await expect(label.getByLabel("Label", { exact: true })).toHaveValue("Fototipo cutaneo");
  await expect(label.getByLabel("English", { exact: true })).toHaveValue("Skin phototype");
  await expect(card.getByLabel("Options in English")).toHaveValue("I|Very fair\nII|Fair");
  // The help text is Italian only: its English box says who sees what.
  await expect(card.getByRole("group", { name: "Description" }).getByText(/Not translated/)).toBeVisible();
  await shot(page, "editor-data-fields-en");
});
