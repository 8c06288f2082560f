import { expect, test, type Locator, type Page } from "@playwright/test";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";
import { addMember, newPsoriasisStudy, signInAs, type Member } from "./study-member";

/**
 * Bulk import as a data manager lives it (docs/decisions/0037-bulk-import.md): a study's own
 * csv-long export is read back into an empty copy of the study from the Import screen, previewed
 * (its counts read, nothing written), applied after the confirmation, and an imported patient
 * opened from the patients list. A medico sees no Import link and is refused the page. Screenshots
 * at 1440 and 390 px, each checked for sideways scrolling.
 */
const shots = screenshots("test-results/imports-shots");

const DATA_MANAGER: Member = {
  fullName: "Dr. Daria Manager",
  password: "data manager import passphrase",
  role: "data_manager",
};
const MEDICO: Member = {
  fullName: "Dr. Marco Medico",
  password: "medico import passphrase 2",
  role: "medico",
};

const PATIENTS = ["IMP-001", "IMP-002"];
const VISITS_EACH = 2;

test.describe.configure({ timeout: 300_000 });

/** The screen at 1440 px and at 390 px (no sideways scroll at either), then back at 1440 px. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shots.atCurrentWidth(page, name);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A counts table's body as text: the record and its four figures, per row. */
async function countsOf(table: Locator): Promise<string[][]> {
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  const out: string[][] = [];
  for (let n = 0; n < (await rows.count()); n++)
    out.push((await rows.nth(n).locator("th, td").allTextContents()).map((text) => text.trim()));
  return out;
}

/** Two patients with a baseline and a week 4 visit each, written by the admin through the API. */
async function enrolSource(page: Page, studyId: number) {
  const origin = new URL(page.url()).origin;
  for (const [n, code] of PATIENTS.entries()) {
    const patient = await page.request.post("/api/patients", {
      headers: { origin },
      data: {
        study_id: studyId,
        code,
        birth_date: `197${n}-06-01`,
        sex: n % 2 ? "F" : "M",
        custom_fields: { psoriasis_onset: "2012-04", psoriasis_phenotypes: ["plaque"] },
      },
    });
    expect(patient.status(), await patient.text()).toBe(201);
    const patientId = ((await patient.json()) as { id: number }).id;
    for (const [visit, type, date, pasi] of [
      [1, "baseline", "2024-02-01", 18 + n],
      [2, "week_4", "2024-03-01", 9 + n],
    ] as const) {
      const created = await page.request.post("/api/visits", {
        headers: { origin },
        data: {
          patient_id: patientId,
          visit_number: visit,
          visit_date: date,
          visit_type: type,
          data_fields: {
            current_therapy: "adalimumab",
            pasi_score: pasi,
            adverse_event: false,
            ...(visit > 1 ? { therapy_switch: { is_continuing_therapy: true } } : {}),
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
  }
}

test("a data manager previews a csv-long file, applies it and opens an imported patient", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const source = await newPsoriasisStudy(page, "impsrc", "Import Source");
  const target = await newPsoriasisStudy(page, "impdst", "Import Registry");
  await enrolSource(page, source.id);
  // The file: the source study's own export, one row per visit, downloaded as the admin.
  const exported = await page.request.get(`/api/studies/${source.id}/export?format=csv-long`);
  expect(exported.status()).toBe(200);
  const csv = await exported.text();
  expect(csv).toContain("patient_code");

  // Both members are made while the admin is signed in; each then signs in in turn.
  const dataManager = await addMember(page, target, DATA_MANAGER);
  const medico = await addMember(page, target, MEDICO);
  await signInAs(page, dataManager, DATA_MANAGER);
  await page.goto(`/${target.code}`);
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Import" }).click();
  await expect(page).toHaveURL(new RegExp(`/${target.code}/imports$`));
  await expect(page.getByRole("heading", { name: "Import study data" })).toBeVisible();
  await expect(page.getByText("No imports yet.")).toBeVisible();
  await atBothWidths(page, "import-empty");

  // The preview: nothing written, the counts of what the import would do.
  await page.getByLabel("File to import").setInputFiles({
    name: "registry.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await expect(page.getByRole("radio", { name: /CSV, one row per visit/ })).toBeChecked();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview of registry.csv" })).toBeVisible();
  await expect(page.getByText("Preview ready: nothing has been written.")).toBeVisible({ timeout: 60_000 });
  expect(await countsOf(page.getByRole("table", { name: "What the import would do" }))).toEqual([
    ["Patients", String(PATIENTS.length), "0", "0", "0"],
    ["Visits", String(PATIENTS.length * VISITS_EACH), "0", "0", "0"],
  ]);
  await expect(page.getByText("No issues.")).toBeVisible();
  const none = (await (await page.request.get(`/api/patients?study_id=${target.id}`)).json()) as {
    total: number;
  };
  expect(none.total).toBe(0);
  await atBothWidths(page, "import-preview");

  // Apply, after a confirmation naming the counts; the apply's own progress, then what it did.
  await page.getByRole("button", { name: "Apply import" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply this import?" });
  await expect(dialog).toContainText(
    `registry.csv: ${PATIENTS.length} patients created and 0 updated, ${PATIENTS.length * VISITS_EACH} visits created and 0 updated.`,
  );
  await shots.atCurrentWidth(page, "import-confirm");
  await dialog.getByRole("button", { name: "Apply import" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Import of registry.csv" })).toBeVisible();
  await expect(page.getByText("Import complete.")).toBeVisible({ timeout: 60_000 });
  expect(await countsOf(page.getByRole("table", { name: "What the import did" }))).toEqual([
    ["Patients", String(PATIENTS.length), "0", "0", "0"],
    ["Visits", String(PATIENTS.length * VISITS_EACH), "0", "0", "0"],
  ]);
  // Both jobs in the list, newest first.
  const list = page.getByRole("table", { name: "Earlier imports" });
  await expect(list.locator("tbody tr")).toHaveCount(2);
  await expect(list.locator("tbody tr").nth(0)).toContainText("Imported");
  await expect(list.locator("tbody tr").nth(1)).toContainText("Preview ready");
  await atBothWidths(page, "import-applied");

  // The imported patient, from the patients list.
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Patients" }).click();
  await page.getByRole("link", { name: `View patient ${PATIENTS[0]}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${target.code}/patients/\\d+$`));
  await expect(page.getByRole("heading", { name: "Patient Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Visit History" })).toBeVisible();
  await expect(page.getByText(PATIENTS[0]!).first()).toBeVisible();

  // A medico holds no clinical.import: no link to the screen, and the screen refuses them.
  await signInAs(page, medico, MEDICO);
  await page.goto(`/${target.code}`);
  const nav = page.getByRole("navigation", { name: "Study" });
  await expect(nav.getByRole("link", { name: "Export" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Import" })).toHaveCount(0);
  const refused = await page.goto(`/${target.code}/imports`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
