import { expect, test, type Page } from "@playwright/test";
import { wordsOf, type Words } from "./catalogue-words";
import { signInAsAdmin } from "./sign-in-as-admin";
import { newPsoriasisStudy, signInAsNewMember, type NewStudy } from "./study-member";
import { screenshots } from "./screenshots";

/**
 * The journey, on a new study with the demo psoriasis configuration (so the figures are this
 * patient's alone): a patient with conditional fields, a baseline and a week-12 visit (PASI 20 → 4),
 * a therapy switch at week 24 through the Italian form, the dashboard's PASI75 '1 of 1 patients' and
 * Therapy Lines, a locked visit that cannot be edited, and the patient's audit trail.
 *
 * The administrator creates the study and a principal investigator (the users and team API);
 * the journey itself runs signed in as that principal investigator, in English and again in
 * Italian (chosen with the header's language switch, so kept on the account). The words it looks
 * for are the catalogues' (messages/<locale>/), the study's own labels as the study has them. In
 * Italian the week-24 PASI is typed with a decimal comma: stored as the number 12.5, shown `12,5`.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const startsWith = (text: string) => new RegExp(`^${escape(text)}`);
const shotAt = screenshots("/tmp/journey-shots").atCurrentWidth;

const card = (page: Page, title: string) => page.getByRole("listitem", { name: title });

/** A principal investigator of the study, signed in, in the journey's language. */
async function signInAsPrincipalInvestigator(page: Page, study: NewStudy, locale: "en" | "it") {
  await signInAsNewMember(page, study, {
    fullName: "Dr. Principal Investigator",
    password: "journey investigator passphrase",
    role: "principal_investigator",
  });
  // A clinician lands on My studies (decision 0029).
  await expect(page).toHaveURL(/\/my-studies$/);
  if (locale === "it") {
    // The header's switch: saved on the account, the page re-rendered in place.
    await page.getByLabel(wordsOf("en")("common.language.label")).selectOption("it");
    await expect(page.getByRole("button", { name: wordsOf("it")("auth.menu.logout") })).toBeVisible({
      timeout: 30_000, // a re-render on a busy machine: a backstop, not a timing assertion
    });
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
  }
}

/** The demo study's therapy-switch texts, in each language (decision 0022). */
const SWITCH = {
  en: {
    prompt: "Is the patient continuing the same therapy?",
    reason: "Reason for switching",
    next: "New therapy",
  },
  it: {
    prompt: "Il paziente sta continuando la stessa terapia?",
    reason: "Motivo dello switch",
    next: "Nuova terapia",
  },
} as const;

async function addVisit(
  page: Page,
  w: Words,
  locale: "en" | "it",
  visit: { date: string; type: string; pasi: string; switchTo?: string; shots?: string },
  firstVisit = false,
) {
  await page.getByRole("button", { name: w("patients.detail.addVisit") }).click();
  const dialog = page.getByRole("dialog", { name: w("visits.add.title") });
  await dialog.getByLabel(`${w("visits.add.date")} *`).fill(visit.date);
  await dialog.getByLabel(`${w("visits.add.type")} *`).selectOption(visit.type);
  if (!firstVisit) {
    const texts = SWITCH[locale];
    await expect(dialog.getByText(texts.prompt)).toBeVisible();
    if (visit.switchTo) {
      await dialog.getByRole("button", { name: w("forms.booleans.yesNo.no") }).click();
      await dialog.getByRole("button", { name: w("visits.switch.continue") }).click();
      await expect(dialog.getByText(w("forms.required", { label: texts.reason }))).toBeVisible();
      await dialog.getByLabel(texts.reason).selectOption("inefficacia");
      await dialog.getByLabel(texts.next).selectOption(visit.switchTo);
      await shotAt(page, `${visit.shots}-switch-form`);
      await dialog.getByRole("button", { name: w("visits.switch.continue") }).click();
    } else {
      await dialog.getByRole("button", { name: w("forms.booleans.yesNo.yes") }).click();
    }
  }
  await dialog.locator("#field-current_therapy").selectOption(visit.switchTo ?? "adalimumab");
  await dialog.locator("#field-pasi_score").fill(visit.pasi);
  // Safety holds a required question: open from the start (decision 0027).
  await dialog
    .getByRole("radio", { name: w("forms.booleans.yesNo.no") })
    .first()
    .check();
  await dialog.getByRole("button", { name: w("visits.add.save") }).click();
  await expect(page.getByRole("status").filter({ hasText: w("visits.add.created") })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "it"] as const)
  test(`a patient's journey (${locale}): visits, a therapy switch, the dashboard, a locked visit and the audit trail`, async ({
    page,
  }) => {
    const w = wordsOf(locale);
    const shot = (page: Page, name: string) => shotAt(page, `${locale}-${name}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    const study = await newPsoriasisStudy(page, "journey", "Journey Registry");
    const code = study.code;
    await signInAsPrincipalInvestigator(page, study, locale);

    // The patient, with the conditional biologic history (shown for NO, hidden for SI).
    await page.goto(`/${code}/patients`);
    await expect(page.getByText(w("patients.list.empty"))).toBeVisible();
    await page.getByRole("button", { name: w("patients.list.add") }).click();
    const add = page.getByRole("dialog", { name: w("patients.add.title") });
    await add.getByLabel(w("patients.add.labels.code")).fill("JRN-001");
    await add.getByLabel(w("patients.add.labels.birth_date")).fill("1968-09-30");
    await add.getByLabel(startsWith(w("patients.add.labels.sex"))).selectOption("M");
    await add.getByLabel(/Psoriasis onset/).fill("2001-04");
    await add.getByRole("checkbox", { name: "Plaque" }).check();
    await add.getByText("Therapy history").click();
    const biologic = add.getByRole("group", { name: /Naive to biologic therapy/ });
    await biologic.getByLabel(w("forms.booleans.siNo.no"), { exact: true }).check();
    await expect(add.getByRole("group", { name: /Failed previous biologics/ })).toBeVisible();
    await biologic.getByLabel(w("forms.booleans.siNo.yes"), { exact: true }).check();
    await expect(add.getByRole("group", { name: /Failed previous biologics/ })).toBeHidden();
    await add.getByRole("button", { name: w("patients.add.save") }).click();
    await expect(add).toBeHidden();
    await page.getByRole("link", { name: w("patients.list.viewPatient", { code: "JRN-001" }) }).click();
    await expect(page.getByRole("heading", { name: w("patients.detail.info"), exact: true })).toBeVisible();

    // Baseline PASI 20, week 12 PASI 4 (continuing), week 24 switch through the Italian form.
    await addVisit(page, w, locale, { date: "2026-01-10", type: "baseline", pasi: "20" }, true);
    await addVisit(page, w, locale, { date: "2026-04-04", type: "week_12", pasi: "4" });
    // PASI75 from the study's calculation.
    await expect(page.getByTestId("visit-row-2")).toContainText(w("forms.booleans.yesNo.yes"));
    // In Italian the comma is the decimal separator (lib/forms/parse-number.ts).
    const week24Pasi = locale === "it" ? "12,5" : "8";
    await addVisit(page, w, locale, {
      date: "2026-06-27",
      type: "week_24",
      pasi: week24Pasi,
      shots: locale,
      switchTo: "secukinumab",
    });
    await expect(page.getByTestId("visit-row-3")).toContainText("Week 24");
    if (locale === "it") {
      // Stored as the number 12.5, shown with the reader's decimal comma.
      const patientId = /\/patients\/(\d+)/.exec(page.url())![1];
      const stored = (await (await page.request.get(`/api/visits/patient/${patientId}`)).json()) as {
        visit_number: number;
        data_fields: Record<string, unknown>;
      }[];
      expect(stored.find((v) => v.visit_number === 3)!.data_fields.pasi_score).toBe(12.5);
      await expect(page.getByTestId("visit-row-3")).toContainText("12,5");
    }
    await shot(page, "patient-detail");

    // The dashboard: this study's one patient reached PASI75; the switch opened a second line.
    await page
      .getByRole("navigation", { name: w("studyArea.nav.label") })
      .getByRole("link", { name: w("studyArea.nav.dashboard") })
      .click();
    const cards = "studyArea.dashboard.cards";
    await expect(card(page, w(`${cards}.totalPatients`))).toContainText("1");
    await expect(card(page, w(`${cards}.pasi75`))).toContainText(
      w("studyArea.dashboard.pasi75Note", { achieved: 1, total: 1 }),
    );
    await expect(card(page, w(`${cards}.therapyLines`))).toContainText("2");
    await expect(card(page, w(`${cards}.totalVisits`))).toContainText("3");
    await shot(page, "dashboard");

    // Lock the baseline visit: it can no longer be edited.
    await page.goBack();
    const baseline = page.getByTestId("visit-row-1");
    await baseline.getByRole("button", { name: w("visits.history.lockVisit", { n: 1 }) }).click();
    await expect(
      page.getByRole("status").filter({ hasText: w("patients.detail.visitLocked", { n: 1 }) }),
    ).toBeVisible();
    await expect(
      baseline.getByRole("button", { name: w("visits.history.editVisit", { n: 1 }) }),
    ).toBeDisabled();

    // The audit trail names these actions.
    const trail = page.locator("details", { hasText: w("patients.audit.title") });
    await trail.locator("summary").click();
    const [lock, create] = [w("audit.actions.lock"), w("audit.actions.create")];
    await expect(trail.getByTestId("audit-entry").first()).toContainText(lock); // loaded when opened
    const actions = (await trail.getByTestId("audit-entry").allTextContents()).map((t) => t.split(" ")[0]);
    expect(actions[0]).toBe(lock);
    expect(actions.filter((action) => action === create).length).toBeGreaterThanOrEqual(4); // patient + 3 visits
    await shot(page, "audit-trail");
  });
