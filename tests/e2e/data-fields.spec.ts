import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * The journey: an admin builds a visit form (number, select, a field shown only for one
 * select value, an array with two sub-fields), sees the preview react, saves, reloads, saves three
 * fields as a template and imports them into a second study, where the names clash and get _1.
 */

const stamp = Date.now() % 1_000_000;

async function token(page: Page) {
  const tokens = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  return { authorization: `Bearer ${tokens.access_token}` };
}

async function createStudy(page: Page, code: string, name: string, config: Record<string, unknown>) {
  const res = await page.request.post("/api/studies", {
    headers: await token(page),
    data: { code, name, disease: "Psoriasis", config: { version: 1, ...config } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

const shoot = screenshots("/tmp/data-fields-shots").atBothWidths;

const card = (page: Page, label: string) =>
  page.getByRole("listitem", { name: `Field ${label}`, exact: true });

async function addField(page: Page, type: string, label: string): Promise<Locator> {
  await page.getByRole("button", { name: "Add Field", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Add Visit Field" })
    .getByRole("button", { name: new RegExp(`^${type}: `) })
    .click();
  const added = page.getByRole("listitem", { name: /^Field Field \d+$/ });
  await added.getByLabel("Label").fill(label);
  return card(page, label);
}

test("an admin builds a visit form, saves it, and reuses three fields as a template in another study", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.on("dialog", (dialog) => dialog.accept());
  await signInAsAdmin(page);
  const first = await createStudy(page, `fields_a_${stamp}`, "Fields Study A", {
    categories: [{ code: "efficacy", label: "Efficacy", order: 1, entity: "visit" }],
  });
  const second = await createStudy(page, `fields_b_${stamp}`, "Fields Study B", {
    data_fields: [
      { entity: "visit", name: "pasi_score", label: "PASI (existing)", type: "number" },
      { entity: "visit", name: "severity", label: "Severity (existing)", type: "text" },
    ],
  });

  await page.goto(`/admin/studies/${first.id}/edit?tab=data-fields`);
  await expect(page.getByRole("heading", { name: "Data Fields", exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Visit Fields (0)" }).click();
  const preview = page.getByRole("complementary", { name: "Live form preview" });
  await expect(preview.getByRole("tab", { name: "Visit Form" })).toHaveAttribute("aria-selected", "true");

  // A number field: named from its label, 0 to 100 by default.
  const pasi = await addField(page, "number", "PASI score");
  await expect(pasi.getByLabel("Field Name")).toHaveValue("pasi_score");
  await expect(pasi.getByLabel("Min", { exact: true })).toHaveValue("0");
  await expect(pasi.getByLabel("Max", { exact: true })).toHaveValue("100");
  await pasi.getByLabel("Max", { exact: true }).fill("72");

  // A select with options, one per line.
  const severity = await addField(page, "select", "Severity");
  await severity.getByLabel("Options (one per line)").fill("mild\nmoderate\nsevere");
  await expect(severity.getByLabel("Field Name")).toHaveValue("severity");

  // Shown only when Severity is severe.
  const notes = await addField(page, "textarea", "Severe notes");
  await notes.getByRole("group", { name: "Show if" }).getByRole("button", { name: "Add condition" }).click();
  await notes.getByLabel("Show if field").selectOption("severity");
  await notes.getByLabel("Show if operator").selectOption("eq");
  await notes.getByLabel("Show if value").selectOption("severe");

  // An array with two sub-fields.
  const lesions = await addField(page, "array", "Lesions");
  const subFields = lesions.getByRole("region", { name: "Sub-fields of Lesions" });
  await subFields.getByRole("button", { name: "Add Sub-field" }).click();
  await subFields.getByLabel("Name").fill("site");
  await subFields.getByLabel("Label").fill("Site");
  await subFields.getByLabel("Type").selectOption("radio");
  await subFields.getByLabel("Options (one per line)").fill("scalp\n\nelbow");
  await subFields.getByRole("button", { name: "Add", exact: true }).click();
  await subFields.getByRole("button", { name: "Add Sub-field" }).click();
  await subFields.getByLabel("Name").fill("area");
  await subFields.getByLabel("Label").fill("Area");
  await subFields.getByLabel("Type").selectOption("number");
  await subFields.getByLabel("Min", { exact: true }).fill("0");
  await subFields.getByRole("button", { name: "Add", exact: true }).click();
  await expect(subFields.getByText("Sub-fields (2)")).toBeVisible();

  // The preview follows: the conditional field appears only for 'severe'.
  await expect(page.getByRole("tab", { name: "Visit Fields (4)" })).toBeVisible();
  await expect(preview.getByLabel(/PASI score/)).toBeVisible();
  await expect(preview.getByLabel(/Severe notes/)).toHaveCount(0);
  await preview.getByLabel(/Severity/).selectOption("severe");
  await expect(preview.getByLabel(/Severe notes/)).toBeVisible();
  await preview.getByLabel(/Severity/).selectOption("mild");
  await expect(preview.getByLabel(/Severe notes/)).toHaveCount(0);
  await shoot(page, "editor-built");

  // The side navigation jumps to a card and highlights it.
  await page
    .getByRole("navigation", { name: "Fields by category" })
    .getByRole("button", { name: "Severity" })
    .click();
  await expect(card(page, "Severity")).toHaveClass(/ring-amber-300/);
  await expect(card(page, "Severity")).not.toHaveClass(/ring-amber-300/, { timeout: 4000 });

  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();

  // Reload: the same form comes back from the server.
  await page.reload();
  await page.getByRole("tab", { name: "Visit Fields (4)" }).click();
  for (const label of ["PASI score", "Severity", "Severe notes", "Lesions"])
    await expect(card(page, label)).toBeVisible();
  await card(page, "Severe notes").getByRole("button", { name: "Edit Severe notes" }).click();
  await expect(card(page, "Severe notes").getByLabel("Show if value")).toHaveValue("severe");
  await card(page, "Lesions").getByRole("button", { name: "Edit Lesions" }).click();
  await expect(card(page, "Lesions").getByText("site", { exact: true })).toBeVisible();
  await expect(card(page, "Lesions").getByText("area", { exact: true })).toBeVisible();
  const previewAfter = page.getByRole("complementary", { name: "Live form preview" });
  await previewAfter.getByLabel(/Severity/).selectOption("severe");
  await expect(previewAfter.getByLabel(/Severe notes/)).toBeVisible();

  // Three fields become a template.
  for (const label of ["PASI score", "Severity", "Severe notes"])
    await page.getByRole("checkbox", { name: `Select ${label} for a template` }).check();
  await page.getByRole("button", { name: "Save as Template (3)" }).click();
  const saveDialog = page.getByRole("dialog", { name: "Save as Template" });
  await saveDialog.getByLabel("Template Name").fill(`Severity set ${stamp}`);
  await saveDialog.getByLabel("Category").fill("Dermatology");
  await saveDialog.getByRole("button", { name: "Save Template" }).click();
  await expect(page.getByText("Template saved successfully!")).toBeVisible();

  // Imported into the second study, whose names clash: pasi_score_1, severity_1.
  await page.goto(`/admin/studies/${second.id}/edit?tab=data-fields`);
  await page.getByRole("tab", { name: "Visit Fields (2)" }).click();
  await expect(page.getByText(/No visit categories yet/)).toBeVisible();
  await page.getByRole("button", { name: "Templates", exact: true }).click();
  const library = page.getByRole("dialog", { name: "Field Templates" });
  await expect(library.getByRole("region", { name: "Category Dermatology" })).toBeVisible();
  await shoot(page, "template-library");
  await library.getByRole("button", { name: `Import Severity set ${stamp}` }).click();
  await expect(
    page.getByText(`Imported 3 fields from "Severity set ${stamp}": pasi_score_1, severity_1, severe_notes`),
  ).toBeVisible();
  await expect(page.getByRole("tab", { name: "Visit Fields (5)" })).toBeVisible();
  const importedNotes = card(page, "Severe notes");
  await importedNotes.getByRole("button", { name: "Edit Severe notes" }).click();
  await expect(importedNotes.getByLabel("Show if field")).toHaveValue("severity_1");
  await shoot(page, "imported");
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();
  const saved = await (await page.request.get(`/api/studies/${second.id}`)).json();
  expect((saved.config.data_fields as { name: string }[]).map((f) => f.name)).toEqual([
    "pasi_score",
    "severity",
    "pasi_score_1",
    "severity_1",
    "severe_notes",
  ]);

  // The templates page lists it.
  await page.goto("/admin/templates");
  const templateCard = page.getByRole("listitem", { name: `Template Severity set ${stamp}` });
  await expect(templateCard).toContainText("Dermatology · 3 fields");
  await expect(templateCard).toContainText("Global");
  await shoot(page, "templates-page");
  await page.getByRole("button", { name: "+ Create Template" }).click();
  await page
    .getByRole("dialog", { name: "Create Template" })
    .getByRole("button", { name: "Add Field" })
    .click();
  await shoot(page, "templates-create");
});

test("typing in one card of a 300-field study changes that card and its nav entry only", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const data_fields = Array.from({ length: 300 }, (_, i) => ({
    entity: "visit",
    name: `f_${i}`,
    label: `Field number ${i}`,
    type: i % 3 === 0 ? "select" : "text",
    options: i % 3 === 0 ? [{ value: "a", label: "A" }] : undefined,
    show_if: i % 5 === 0 && i > 0 ? { field: "f_0", operator: "eq", value: "a" } : undefined,
  }));
  const big = await createStudy(page, `fields_big_${stamp}`, "300 Fields", { data_fields });
  await page.goto(`/admin/studies/${big.id}/edit?tab=data-fields`);
  await page.getByRole("tab", { name: "Visit Fields (300)" }).click();
  // By name: the card's accessible name follows the label being typed.
  const target = page.locator('[data-field-name="f_150"]');
  await target.getByRole("button", { name: "Edit Field number 150" }).click();
  const label = target.getByLabel("Label");
  await label.click();
  await label.press("End");
  // Counted, not timed (a duration moves with the machine's load): every DOM change made while
  // typing is recorded, and none may land in another of the 300 cards or another nav entry.
  await page.evaluate(() => {
    const w = window as unknown as { typing: MutationObserver; touched: () => string[] };
    const touched = new Set<string>();
    const nav = document.querySelector('nav[aria-label="Fields by category"]')!;
    const entries = [...nav.querySelectorAll("li")];
    entries.find((li) => li.textContent === "Field number 150")!.dataset.typingTarget = "";
    const note = (records: MutationRecord[]) => {
      for (const record of records) {
        const node = record.target;
        const element = node instanceof Element ? node : node.parentElement;
        const card = element?.closest("[data-field-name]");
        if (card) touched.add(`card ${card.getAttribute("data-field-name")}`);
        const entry = element?.closest('nav[aria-label="Fields by category"] li');
        if (entry instanceof HTMLElement)
          touched.add(
            entry.dataset.typingTarget === undefined ? `nav ${entry.textContent}` : "nav entry of f_150",
          );
      }
    };
    w.typing = new MutationObserver(note);
    w.typing.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    w.touched = () => {
      note(w.typing.takeRecords());
      return [...touched].sort();
    };
  });
  await label.pressSequentially("abcdefghijklmnopqrst");
  await expect(label).toHaveValue("Field number 150abcdefghijklmnopqrst");
  await expect(
    page.getByRole("navigation", { name: "Fields by category" }).getByRole("button", {
      name: "Field number 150abcdefghijklmnopqrst",
    }),
  ).toBeVisible();
  const touched = await page.evaluate(() => (window as unknown as { touched: () => string[] }).touched());
  expect(touched).toEqual(["card f_150", "nav entry of f_150"]);
});
