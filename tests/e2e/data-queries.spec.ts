import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";
import { addMember, newPsoriasisStudy, signInAs, type Member } from "./study-member";

/**
 * The data-query loop (decision 0030), as a monitor and a medico use it: the monitor raises a query
 * on a visit's PASI beside the value; the medico sees the visit's badge, corrects the value with a
 * reason (the correction names the query), answers with a category and marks the visit complete;
 * the monitor closes the query and verifies the visit against the source (decision 0031), which
 * the SDV page then lists as verified. The dashboard's counts move with each step. Screenshots at
 * 1440 and 390 px, and axe on the open thread, the verified visit and the SDV page.
 */
const shotAt = screenshots("/tmp/query-shots").atCurrentWidth;

const MONITOR: Member = {
  fullName: "Monica Monitor",
  password: "monitor review passphrase",
  role: "study_monitor",
};
const MEDICO: Member = { fullName: "Dr. Marco Medico", password: "medico site passphrase", role: "medico" };

test.describe.configure({ timeout: 240_000 });

async function queryCounts(page: Page, studyId: number) {
  const res = await page.request.get(`/api/reports/dashboard?study_id=${studyId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { queries: { open: number; answered: number; closed: number } }).queries;
}

async function reviewCounts(page: Page, studyId: number) {
  const res = await page.request.get(`/api/reports/dashboard?study_id=${studyId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { form_status: { visits: Record<string, number> } }).form_status.visits;
}

test("a monitor queries PASI, the medico corrects and answers, the monitor closes", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  // Source data verification of key fields: PASI is one (decision 0031).
  const study = await newPsoriasisStudy(page, "review", "Review Registry", (config) => ({
    ...config,
    sdv_requirement: "key",
    data_fields: (config.data_fields as { name: string }[]).map((field) =>
      field.name === "pasi_score" ? { ...field, sdv_required: true } : field,
    ),
  }));
  const monitorEmail = await addMember(page, study, MONITOR);
  const medicoEmail = await addMember(page, study, MEDICO);

  // The medico's own patient and baseline visit, entered through the API.
  await signInAs(page, medicoEmail, MEDICO);
  const origin = new URL(page.url()).origin;
  const patient = await page.request.post("/api/patients", {
    headers: { origin },
    data: {
      study_id: study.id,
      code: "QRY-001",
      birth_date: "1975-02-03",
      sex: "F",
      custom_fields: { psoriasis_onset: "2010-03", psoriasis_phenotypes: ["plaque"] },
    },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { id: number }).id;
  const created = await page.request.post("/api/visits", {
    headers: { origin },
    data: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: "2024-01-05",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visitId = ((await created.json()) as { id: number }).id;
  const before = await queryCounts(page, study.id);
  expect(before).toEqual({ open: 0, answered: 0, closed: 0 });

  // The monitor raises a query on PASI, beside the value in the visit's view.
  await signInAs(page, monitorEmail, MONITOR);
  await page.goto(`/${study.code}/patients/${patientId}`);
  await page.getByRole("button", { name: "View visit 1" }).click();
  const visitView = page.getByRole("dialog", { name: /^Visit 1/ });
  await visitView.getByRole("button", { name: "PASI: Query" }).click();
  await visitView.getByLabel("Raise a query: your question").fill("PASI 20 at baseline? The chart says 18.");
  await visitView.getByRole("button", { name: "Open query" }).click();
  await expect(visitView.getByRole("button", { name: "PASI: Query: Open" })).toBeVisible();
  expect(await queryCounts(page, study.id)).toEqual({ open: 1, answered: 0, closed: 0 });
  await page.keyboard.press("Escape");

  // The medico sees the visit's badge, opens the thread beside PASI and corrects the value.
  await signInAs(page, medicoEmail, MEDICO);
  await page.goto(`/${study.code}/patients/${patientId}`);
  await page.getByTestId("visit-row-1").getByTestId("visit-queries-1").click();
  await visitView.getByRole("button", { name: "PASI: Query: Open" }).click();
  const thread = visitView.getByRole("article", { name: /^Query #/ });
  await expect(thread.getByText("PASI 20 at baseline? The chart says 18.")).toBeVisible();
  await expect(thread.getByText(/Monica Monitor/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shotAt(page, "medico-thread");
  await page.setViewportSize({ width: 390, height: 900 });
  await shotAt(page, "medico-thread");
  await page.setViewportSize({ width: 1440, height: 900 });

  await thread.getByRole("button", { name: "Correct the value" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Visit 1" });
  await edit.getByLabel(/^PASI/).fill("18");
  await edit.getByRole("button", { name: "Continue" }).click();
  await edit.getByLabel(/Reason for change/).fill("Transcription error, per query");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByTestId("visit-row-1")).toContainText("18");

  // The correction's audit row names the query.
  const trail = await page.request.get(`/api/admin/audit-logs/entity/patient/${patientId}`);
  expect(trail.status()).toBe(200);
  expect(await trail.text()).toContain('"corrects_query"');

  await page.getByTestId("visit-row-1").getByTestId("visit-queries-1").click();
  await visitView.getByRole("button", { name: "PASI: Query: Open" }).click();
  await thread.getByLabel("Category of the answer").selectOption({ label: "Typing error" });
  await thread.getByLabel("Your note").fill("Typed 20 for 18; corrected.");
  await thread.getByRole("button", { name: "Answer" }).click();
  await expect(thread.getByTestId("query-status")).toHaveText("Answered");
  expect(await queryCounts(page, study.id)).toEqual({ open: 0, answered: 1, closed: 0 });
  // The site marks the visit complete (decision 0031).
  await visitView.getByRole("button", { name: "Mark complete" }).click();
  await expect(visitView.getByTestId(`review-visit-${visitId}`).locator("[data-form-status]")).toHaveText(
    "Complete",
  );
  expect((await reviewCounts(page, study.id)).complete).toBe(1);
  await page.keyboard.press("Escape");

  // The monitor reads the answer and closes the query.
  await signInAs(page, monitorEmail, MONITOR);
  await page.goto(`/${study.code}/patients/${patientId}`);
  await page.getByTestId("visit-row-1").getByTestId("visit-queries-1").click();
  await visitView.getByRole("button", { name: "PASI: Query: Answered" }).click();
  await expect(thread.getByText("Typed 20 for 18; corrected.")).toBeVisible();
  await expect(thread.getByText(/Typing error/)).toBeVisible();
  await thread.getByLabel("Your note").fill("Matches the source now.");
  await thread.getByRole("button", { name: "Close query" }).click();
  await expect(thread.getByTestId("query-status")).toHaveText("Closed");
  await shotAt(page, "monitor-closed");
  expect(await queryCounts(page, study.id)).toEqual({ open: 0, answered: 0, closed: 1 });
  // …and verifies the visit against the source: every key field verified, the visit is verified.
  const review = visitView.getByTestId(`review-visit-${visitId}`);
  await expect(review.getByTestId("sdv-progress")).toHaveText("0 of 1 required fields verified");
  await visitView.getByRole("button", { name: "Verify all fields of this visit" }).click();
  await expect(review.locator("[data-form-status]")).toHaveText("Verified");
  await expect(review.getByTestId("sdv-progress")).toHaveText("1 of 1 required fields verified");
  await expect(
    visitView.locator('[data-testid="verification-mark"][data-state="verified"]').first(),
  ).toBeVisible();
  await shotAt(page, "monitor-verified");
  expect(await seriousViolations(page)).toEqual([]);
  expect(await reviewCounts(page, study.id)).toMatchObject({ complete: 0, verified: 1 });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("visit-row-1").locator("[data-form-status]")).toHaveText("Verified");
  // Nothing waits any more: the visit's row has no badge.
  await expect(page.getByTestId("visit-queries-1")).toHaveCount(0);

  // The study's Queries page lists it; its CSV holds the whole thread, one row per step.
  await page.locator(`a[href="/${study.code}/queries"]:visible`).first().click();
  await expect(page).toHaveURL(new RegExp(`/${study.code}/queries`));
  await expect(page.getByRole("link", { name: "QRY-001" }).first()).toBeVisible();
  await shotAt(page, "queries-page");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  for (const text of [
    "PASI 20 at baseline? The chart says 18.",
    "Typed 20 for 18; corrected.",
    "Matches the source now.",
    "typing_error",
  ])
    expect(csv).toContain(text);
  expect(csv.trim().split("\n")).toHaveLength(4); // the header and the three steps
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 900 });
  await shotAt(page, "queries-page");

  // The SDV page lists the visit, verified, with its progress (decision 0031).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${study.code}/sdv`);
  const row = page.getByRole("row", { name: /QRY-001/ });
  await expect(row.locator("[data-form-status]")).toHaveText("Verified");
  await shotAt(page, "sdv-page");
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 900 });
  await shotAt(page, "sdv-page");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
