import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { seriousViolations } from "./axe";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * The data dictionary in the editor: download a study's dictionary, import it into a study
 * with no fields (preview, apply, the editor reloads), and see that the fields are the same; an
 * import is refused while the editor has unsaved changes.
 */

const stamp = Date.now() % 1_000_000;
const shoot = screenshots("/tmp/data-dictionary-shots").atBothWidths;

async function token(page: Page) {
  const tokens = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  return { authorization: `Bearer ${tokens.access_token}` };
}

async function createStudy(page: Page, code: string, config: Record<string, unknown>) {
  const res = await page.request.post("/api/studies", {
    headers: await token(page),
    data: { code, name: `Dictionary ${code}`, disease: "Psoriasis", config: { version: 1, ...config } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

async function configOf(page: Page, id: number) {
  const res = await page.request.get(`/api/studies/${id}`, { headers: await token(page) });
  return (await res.json()).config as { data_fields: unknown[]; calculations: unknown[] };
}

const SOURCE = {
  categories: [{ code: "efficacy", label: "Efficacy", order: 1, entity: "visit" }],
  data_fields: [
    {
      entity: "visit",
      name: "pasi_score",
      label: "PASI score",
      type: "number",
      category: "efficacy",
      validation: { required: true, min: 0, max: 72 },
      order: 1,
    },
    {
      entity: "visit",
      name: "severity",
      label: "Severity, as judged",
      type: "select",
      category: "efficacy",
      options: [
        { value: "mild", label: "Mild" },
        { value: "severe", label: "Severe | very" },
      ],
      order: 2,
    },
    {
      entity: "visit",
      name: "severe_notes",
      label: "=Notes on severe cases",
      type: "textarea",
      show_if: {
        or: [
          { field: "severity", operator: "eq", value: "severe" },
          { field: "pasi_score", operator: "gte", value: 20 },
        ],
      },
      order: 3,
    },
    { entity: "patient", name: "hospital_number", label: "Hospital number", type: "text", identifier: true },
  ],
  calculations: [
    {
      name: "pasi_high",
      label: "PASI at least 20",
      formula: { type: "threshold", field: "pasi_score", operator: "gte", threshold: 20 },
    },
  ],
};

test("a study's data dictionary is downloaded and imported into a study with no fields, giving the same fields", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const source = await createStudy(page, `dict_src_${stamp}`, SOURCE);
  const target = await createStudy(page, `dict_dst_${stamp}`, {});

  await page.goto(`/admin/studies/${source.id}/edit?tab=data-fields`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download data dictionary" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^data_dictionary_dict_src_${stamp}_\\d{8}T\\d{6}Z\\.csv$`),
  );
  const file = await download.path();
  const csv = readFileSync(file, "utf8");
  expect(csv).toContain("variable_name,entity,form_name,field_type,field_label");
  expect(csv).toContain("'=Notes on severe cases");

  await page.goto(`/admin/studies/${target.id}/edit?tab=data-fields`);
  await expect(page.getByRole("heading", { name: "Data Fields", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Import data dictionary" }).click();
  const dialog = page.getByRole("dialog", { name: "Import data dictionary" });
  await expect(dialog.getByRole("button", { name: "Apply import" })).toBeDisabled();
  await dialog.getByLabel("Data dictionary file (.csv)").setInputFiles(file);
  await expect(dialog.getByText("5 created, 0 updated, 0 unchanged, 0 kept", { exact: false })).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Changes the import makes" })).toContainText("severe_notes");
  await shoot(page, "import-preview");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Apply import" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Data dictionary imported: 5 created, 0 updated, 0 kept.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Patient Fields (1)" })).toBeVisible();

  const [imported, original] = [await configOf(page, target.id), await configOf(page, source.id)];
  expect(imported.data_fields).toEqual(original.data_fields);
  expect(imported.calculations).toEqual(original.calculations);

  // With unsaved changes in the editor, the dialog asks to save or discard them first.
  await page.getByRole("tab", { name: "Visit Fields (3)" }).click();
  await page.getByRole("button", { name: "Add Field", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Add Visit Field" })
    .getByRole("button", { name: /^text: / })
    .click();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Import data dictionary" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Save or discard them first");
  await expect(dialog.getByLabel("Data dictionary file (.csv)")).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
