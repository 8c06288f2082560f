import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * The journey: an admin adds a calculation and a therapy switch field and tries both in
 * their previews; then, on the demo study with patients, creates an amendment that removes a field
 * in use, sees it flagged breaking with the right counts, approves it, and sees it active and the
 * previous version superseded; a visit still shows with its own version's fields.
 */
const stamp = Date.now() % 1_000_000;
const WORK_LIMIT = "RuntimeError: expression needs too much work to evaluate";

async function auth(page: Page) {
  const tokens = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  return { authorization: `Bearer ${tokens.access_token}` };
}

const shoot = screenshots("/tmp/protocol-versions-shots").atBothWidths;

test.beforeEach(({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

test("an admin adds a calculation and a switch field and tries them in the preview", async ({ page }) => {
  const headers = await auth(page);
  const created = await page.request.post("/api/studies", {
    headers,
    data: {
      code: `calc_${stamp}`,
      name: "Calculations Journey",
      disease: "Psoriasis",
      config: {
        version: 1,
        visit_types: [{ code: "baseline", label: "Baseline", order: 1 }],
        data_fields: [
          { entity: "visit", name: "pasi_score", label: "PASI", type: "number" },
          { entity: "visit", name: "dlqi_score", label: "DLQI", type: "number" },
          { entity: "visit", name: "notes", label: "Notes", type: "text" },
        ],
      },
    },
  });
  expect(created.status()).toBe(201);
  const study = (await created.json()) as { id: number };
  await signInAsAdmin(page);

  await page.goto(`/admin/studies/${study.id}/edit?tab=calculations`);
  await page.getByRole("button", { name: "Add Calculation" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Calculation" });
  await dialog.getByLabel("Label *").fill("PASI percent");
  await expect(dialog.getByLabel("Name *")).toHaveValue("calc_pasi_percent");

  // Field pickers offer only the number fields.
  await dialog.getByLabel("Formula type").selectOption("threshold");
  await expect(dialog.getByLabel("Field", { exact: true }).locator("option")).toHaveText([
    "Select a number field",
    "PASI (pasi_score)",
    "DLQI (dlqi_score)",
  ]);

  await dialog.getByLabel("Formula type").selectOption("custom_expression");
  const expression = dialog.getByLabel(/^Expression/);
  await expression.fill("data['pasi_score'] / 72 *+* 100");
  const tryIt = dialog.getByRole("region", { name: "Try it" });
  await expect(tryIt).toContainText("SyntaxError: unexpected '*' (position 27)");
  await expect(tryIt.locator("pre")).toContainText("^");

  // Over the work budget on the sample values: the dialog refuses to save it.
  await expression.fill(Array.from({ length: 45 }, () => "sum([2**4000]*99999)").join("+"));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(WORK_LIMIT);

  await expression.fill("round(data['pasi_score'] / 72 * 100, 1)");
  await tryIt.getByLabel("Sample pasi_score").fill("36");
  await expect(tryIt.getByRole("status")).toHaveText("Result: 50");
  await shoot(page, "calculation-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("listitem", { name: "PASI percent" })).toContainText("calc_pasi_percent");

  // Therapy switch: a required select and a text field shown only for one of its values.
  await page.getByRole("tab", { name: "Therapy Switch" }).click();
  await page.getByLabel("Enable therapy switch on follow-up visits").check();
  // The default prompt in both languages; this study's default language is English (decision 0022).
  await expect(page.getByLabel("Prompt message")).toHaveValue("Is the patient continuing the same therapy?");
  await page.getByRole("button", { name: "Add field" }).click();
  let fieldDialog = page.getByRole("dialog", { name: "Add field" });
  await fieldDialog.getByRole("button", { name: "Save" }).click();
  await expect(fieldDialog.getByRole("alert")).toHaveText("Name and Label are required");
  await fieldDialog.getByLabel("Name *").fill("motivo");
  await fieldDialog.getByLabel("Label *").fill("Motivo");
  await fieldDialog.getByLabel("Type").selectOption("select");
  await fieldDialog.getByLabel(/^Options/).fill("efficacia|Perdita di efficacia\naltro|Altro");
  await fieldDialog.getByLabel("Required").check();
  await fieldDialog.getByRole("button", { name: "Save" }).click();

  await page.getByRole("button", { name: "Add field" }).click();
  fieldDialog = page.getByRole("dialog", { name: "Add field" });
  await fieldDialog.getByLabel("Name *").fill("motivo");
  await fieldDialog.getByLabel("Label *").fill("Dettagli");
  await fieldDialog.getByRole("button", { name: "Save" }).click();
  await expect(fieldDialog.getByRole("alert")).toHaveText("A field with this name already exists");
  await fieldDialog.getByLabel("Name *").fill("dettagli");
  await fieldDialog.getByLabel("Required").check();
  await fieldDialog.getByLabel("Conditional on").selectOption("motivo");
  await fieldDialog.getByLabel("Value").selectOption("altro");
  await fieldDialog.getByRole("button", { name: "Save" }).click();
  await expect(fieldDialog).toBeHidden();

  // The name is fixed once created.
  await page.getByRole("listitem", { name: "Motivo" }).getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog", { name: "Edit field" }).getByLabel("Name *")).toBeDisabled();
  await page.getByRole("dialog", { name: "Edit field" }).getByRole("button", { name: "Cancel" }).click();

  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview).toContainText("Is the patient continuing the same therapy?");
  await preview.getByRole("button", { name: "No" }).click();
  await preview.getByRole("button", { name: "Continue" }).click();
  await expect(preview).toContainText("Motivo is required");
  await expect(preview.getByLabel(/^Dettagli/)).toHaveCount(0);
  await preview.getByLabel(/^Motivo/).selectOption("altro");
  await preview.getByRole("button", { name: "Continue" }).click();
  await expect(preview).toContainText("Dettagli is required");
  await shoot(page, "therapy-switch");

  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();
  const saved = await (await page.request.get(`/api/studies/${study.id}`, { headers })).json();
  expect(saved.config.calculations.map((c: { name: string }) => c.name)).toEqual(["calc_pasi_percent"]);
  expect(saved.config.therapy_switch_config.switch_fields).toHaveLength(2);
});

type Versions = {
  versions: { id: number; version_number: number; status: string }[];
  active_version_id: number;
};

test("on the demo study, an amendment removing a field in use is flagged breaking, then approved", async ({
  page,
}) => {
  const headers = await auth(page);
  const studies = (await (await page.request.get("/api/studies", { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const study = studies.find((s) => s.code === "psoriasis")!;
  const original = (await (await page.request.get(`/api/studies/${study.id}`, { headers })).json()).config;

  // The expected counts, from the API: live visits holding a DLQI value and their patients.
  let visitCount = 0;
  const patientIds = new Set<number>();
  let cursor: string | null = null;
  let withDlqi: { patient: number; visit: number } | null = null;
  do {
    const url: string = `/api/patients?study_id=${study.id}&page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page1 = (await (await page.request.get(url, { headers })).json()) as {
      items: { id: number }[];
      next_cursor: string | null;
    };
    for (const patient of page1.items) {
      const visits = (await (
        await page.request.get(`/api/visits?patient_id=${patient.id}`, { headers })
      ).json()) as {
        visit_number: number;
        data_fields: Record<string, unknown>;
      }[];
      for (const visit of visits) {
        const value = visit.data_fields.dlqi_score;
        if (value === undefined || value === null || value === "") continue;
        visitCount++;
        patientIds.add(patient.id);
        withDlqi ??= { patient: patient.id, visit: visit.visit_number };
      }
    }
    cursor = page1.next_cursor;
  } while (cursor);
  expect(visitCount).toBeGreaterThan(0);

  await signInAsAdmin(page);
  await page.goto(`/admin/studies/${study.id}/edit?tab=version-history`);
  const v1 = page.getByRole("listitem", { name: "Version 1" });
  await expect(v1).toContainText("Active");
  await expect(v1).toHaveAttribute("aria-current", "true");

  // Remove DLQI in the Data Fields tab, then propose it as an amendment.
  await page.getByRole("tab", { name: "Data Fields" }).click();
  await page.getByRole("tab", { name: /^Visit Fields/ }).click();
  await page.getByRole("button", { name: "Delete DLQI" }).click();
  await expect(page.getByRole("button", { name: "Delete DLQI" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Version History" }).click();
  await page.getByRole("button", { name: "Create Amendment" }).click();
  const amendment = page.getByRole("dialog", { name: "Create Amendment" });
  await amendment.getByRole("button", { name: "Create Amendment" }).click();
  await expect(amendment.getByText("Amendment reason is required")).toBeVisible();
  await expect(amendment.getByLabel("Effective from *")).toHaveValue(new Date().toISOString().slice(0, 10));
  await amendment.getByLabel("Amendment reason *").fill("DLQI no longer collected");
  await amendment.getByRole("button", { name: "Create Amendment" }).click();
  await expect(page.getByText("Amendment created successfully!")).toBeVisible();
  const v2 = page.getByRole("listitem", { name: "Version 2" });
  await expect(v2).toContainText("Draft");

  await v2.getByRole("button", { name: "Check Compatibility" }).click();
  const report = page.getByRole("dialog", { name: "Compatibility of version 2" });
  await expect(report).toContainText(
    `Breaking: ${patientIds.size} patients and ${visitCount} visits are affected.`,
  );
  await expect(report).toContainText(
    `Field 'dlqi_score' (visit) is removed: ${visitCount} visit(s) of ${patientIds.size} patient(s) hold a value`,
  );
  await shoot(page, "compatibility");
  await report.getByRole("button", { name: "Close" }).click();

  await v2.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Version status updated!").first()).toBeVisible();
  await expect(v2).toContainText("Active");
  await expect(v2).toHaveAttribute("aria-current", "true");
  await expect(v1).toContainText("Superseded");
  await expect(v1.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await shoot(page, "version-history");
  const listed = (await (
    await page.request.get(`/api/studies/${study.id}/protocol-versions`, { headers })
  ).json()) as Versions;
  expect(listed.versions.map((v) => [v.version_number, v.status])).toEqual([
    [2, "active"],
    [1, "superseded"],
  ]);
  // The editor reloaded the approved config: no DLQI, nothing unsaved.
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.getByRole("tab", { name: "Data Fields" }).click();
  await page.getByRole("tab", { name: /^Visit Fields/ }).click();
  await expect(page.getByRole("button", { name: "Delete DLQI" })).toHaveCount(0);

  // A visit entered under version 1 still shows with version 1's fields.
  await page.goto(`/psoriasis/patients/${withDlqi!.patient}`);
  await page.getByRole("button", { name: `View visit ${withDlqi!.visit}` }).click();
  const shown = page.getByRole("dialog", { name: new RegExp(`^Visit ${withDlqi!.visit} `) });
  await expect(shown).toContainText("Protocol version 1 (superseded)");
  await expect(shown.getByRole("definition").first()).toBeVisible();
  await expect(shown).toContainText("DLQI");
  await shoot(page, "visit-of-version");

  // Back to the demo configuration for the other journeys: restoring a field is compatible.
  const restore = await page.request.post(`/api/studies/${study.id}/protocol-versions`, {
    headers,
    data: { effective_from: "2030-01-01", amendment_reason: "Restore DLQI", config: original },
  });
  expect(restore.status()).toBe(201);
  const { id } = (await restore.json()) as { id: number };
  const approved = await page.request.post(`/api/studies/${study.id}/protocol-versions/${id}/approve`, {
    headers,
    data: { approved: true },
  });
  expect(approved.status()).toBe(200);
});
