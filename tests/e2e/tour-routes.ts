import { expect, type Page } from "@playwright/test";
import { EDITOR_TABS } from "../../components/study-editor/editor-tabs";
import type { Words } from "./catalogue-words";

/**
 * Every screen of the responsive spec's list, reached the same way in any language (the words a
 * step clicks come from the catalogues, `Words`), for the pseudo-locale run and the it/en tour.
 * Each `open` leaves the page settled: loaded, its requests answered, the state to look at shown.
 */
export type TourStudy = {
  w: Words;
  studyId: number;
  code: string;
  patientId: number;
  /** The study's label of its baseline visit type, as the editor's buttons name it. */
  baselineLabel: string;
};

export type TourRoute = {
  name: string;
  signedIn: boolean;
  open: (page: Page, s: TourStudy) => Promise<void>;
};

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

const editorTab = (key: string) => (page: Page, s: TourStudy) =>
  go(page, `/admin/studies/${s.studyId}/edit?tab=${key}`).then(() =>
    expect(page.locator('[role="tab"][aria-selected="true"]').first()).toBeVisible(),
  );

const SETTINGS_SECTIONS = ["colors", "typography", "layout", "branding", "advanced"] as const;

export const LOGIN_ROUTE: TourRoute = {
  name: "login",
  signedIn: false,
  open: async (page) => {
    await go(page, "/login");
    await expect(page.locator("input[type=password]")).toBeVisible();
  },
};

export const SIGNED_IN_ROUTES: TourRoute[] = [
  {
    // A clinician's landing (decision 0029); the tours' administrator sees its empty state.
    name: "my-studies",
    signedIn: true,
    open: async (page, s) => {
      await go(page, "/my-studies");
      await expect(page.getByRole("heading", { level: 1, name: s.w("myStudies.title") })).toBeVisible();
    },
  },
  {
    name: "studies-list",
    signedIn: true,
    open: async (page) => {
      await go(page, "/admin/studies");
      await expect(page.getByRole("listitem").first()).toBeVisible();
    },
  },
  { name: "study-new", signedIn: true, open: (page) => go(page, "/admin/studies/new") },
  { name: "study-alias", signedIn: true, open: (page, s) => go(page, `/admin/studies/${s.studyId}`) },
  ...EDITOR_TABS.map(({ key }) => ({ name: `edit-${key}`, signedIn: true, open: editorTab(key) })),
  {
    name: "edit-visit-type-dialog",
    signedIn: true,
    open: async (page, s) => {
      await editorTab("visit-types")(page, s);
      await page
        .getByRole("button", { name: s.w("editorVisits.editLabel", { label: s.baselineLabel }), exact: true })
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  {
    name: "edit-visit-fields",
    signedIn: true,
    open: async (page, s) => {
      await editorTab("data-fields")(page, s);
      // "Visit Fields (n)": the tab whose name starts as the catalogue's does before the count.
      const prefix = s.w("editorFields.visitFields", { count: 0 }).split("0")[0]!;
      await page.getByRole("tab").filter({ hasText: prefix }).click();
      await settle(page);
    },
  },
  {
    name: "edit-json-preview",
    signedIn: true,
    open: async (page, s) => {
      await editorTab("categories")(page, s);
      await page.locator("summary", { hasText: s.w("editor.jsonPreview") }).click();
      await expect(page.getByTestId("config-json")).toBeVisible();
    },
  },
  ...SETTINGS_SECTIONS.map((section) => ({
    name: `edit-ui-${section}`,
    signedIn: true,
    open: async (page: Page, s: TourStudy) => {
      await editorTab("ui-settings")(page, s);
      const sections = page.getByRole("tablist", { name: s.w("editorSettings.sections.label") });
      await sections.getByRole("tab", { name: s.w(`editorSettings.sections.${section}`) }).click();
      await settle(page);
    },
  })),
  { name: "contents", signedIn: true, open: (page, s) => go(page, `/admin/studies/${s.studyId}/content`) },
  { name: "team", signedIn: true, open: (page, s) => go(page, `/admin/studies/${s.studyId}/team`) },
  {
    name: "medical-groups",
    signedIn: true,
    open: (page, s) => go(page, `/admin/studies/${s.studyId}/medical-groups`),
  },
  { name: "field-templates", signedIn: true, open: (page) => go(page, "/admin/templates") },
  { name: "users", signedIn: true, open: (page) => go(page, "/admin/users") },
  {
    name: "audit-logs",
    signedIn: true,
    open: async (page) => {
      await go(page, "/admin/audit-logs");
      await expect(page.getByTestId("audit-row").first()).toBeVisible();
    },
  },
  { name: "account-password", signedIn: true, open: (page) => go(page, "/admin/account/password") },
  // Two-factor sign-in (decision 0033) and personal API tokens (decision 0036).
  { name: "account-two-factor", signedIn: true, open: (page) => go(page, "/admin/account/two-factor") },
  { name: "account-api-tokens", signedIn: true, open: (page) => go(page, "/admin/account/api-tokens") },
  {
    name: "study-dashboard",
    signedIn: true,
    open: async (page, s) => {
      await go(page, `/${s.code}`);
      await expect(page.getByTestId("study-header")).toBeVisible();
    },
  },
  { name: "patients", signedIn: true, open: (page, s) => go(page, `/${s.code}/patients`) },
  // The study's data queries (decision 0030): filters, table or phone cards, in both languages.
  { name: "queries", signedIn: true, open: (page, s) => go(page, `/${s.code}/queries`) },
  // Source data verification (decision 0031): filters, table or phone cards, in both languages.
  { name: "sdv", signedIn: true, open: (page, s) => go(page, `/${s.code}/sdv`) },
  {
    name: "add-patient-dialog",
    signedIn: true,
    open: async (page, s) => {
      await go(page, `/${s.code}/patients`);
      await page.getByRole("button", { name: s.w("patients.list.add") }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await settle(page);
    },
  },
  {
    name: "patient-detail",
    signedIn: true,
    open: async (page, s) => {
      await go(page, `/${s.code}/patients/${s.patientId}`);
      await expect(page.getByTestId("visit-row-1")).toBeVisible();
      // The audit trail, loaded when opened.
      await page
        .locator("details", { hasText: s.w("patients.audit.title") })
        .locator("summary")
        .click();
      await expect(page.getByTestId("audit-entry").first()).toBeVisible();
    },
  },
  {
    name: "add-visit-dialog",
    signedIn: true,
    open: async (page, s) => {
      await go(page, `/${s.code}/patients/${s.patientId}`);
      await page.getByRole("button", { name: s.w("patients.detail.addVisit") }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await settle(page);
    },
  },
  { name: "export", signedIn: true, open: (page, s) => go(page, `/${s.code}/export`) },
  // The tour's administrator holds clinical.import (docs/decisions/0037-bulk-import.md).
  { name: "imports", signedIn: true, open: (page, s) => go(page, `/${s.code}/imports`) },
  { name: "study-not-found", signedIn: true, open: (page) => go(page, "/no_such_study") },
  { name: "editor-study-not-found", signedIn: true, open: (page) => go(page, "/admin/studies/999999/edit") },
  // Id 0 passes the address check of proxy.ts but not the page's: Next's not-found screen.
  { name: "page-not-found", signedIn: true, open: (page) => go(page, "/admin/studies/0/edit") },
];
