import { expect, test, type Page } from "@playwright/test";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

/**
 * The screen tour's polish: e-mail addresses in the audit table wrap before '@'; the Data Fields
 * navigation shows whole labels; calculations and the efficacy figure read as sentences; the study
 * header marks the current page; uploads over 10 MB are refused before sending; every delete
 * button looks the same. Screens photographed at 1280 and 390 px (no sideways scroll).
 */
const shot = screenshots("/tmp/screen-tour-shots").atBothWidths;
const stamp = Date.now() % 1_000_000;

test.describe.configure({ timeout: 120_000 });

async function studyId(page: Page, code: string): Promise<number> {
  const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
  return studies.find((s) => s.code === code)!.id;
}

/** Lines each part of each visible rendering of `email` takes: [local part, @domain]. */
function emailLines(page: Page, email: string) {
  return page.evaluate((email) => {
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    return [...document.querySelectorAll('[data-testid="email-text"]')]
      .filter((e) => e.textContent === email && e.getClientRects().length > 0)
      .map((e) => [...e.querySelectorAll("span")].map(lines));
  }, email);
}

test("the audit table wraps an e-mail address before '@', never inside a name", async ({ page }) => {
  await signInAsAdmin(page);
  const origin = new URL(page.url()).origin;
  const email = `maria.rossini-bianchi.${stamp}@ospedale-niguarda.it`;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin },
    data: { email, password: "screen tour passphrase 42", full_name: "Maria Rossini", role_level: "user" },
  });
  expect(created.status()).toBe(201);
  // A sign-in of hers puts her address in the User column.
  expect(
    (
      await page.request.post("/api/auth/login", { data: { email, password: "screen tour passphrase 42" } })
    ).status(),
  ).toBe(200);
  await page.goto("/admin/audit-logs");
  await expect(page.getByTestId("audit-row").filter({ hasText: email }).first()).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const seen = await emailLines(page, email);
    expect(seen.length, `visible at ${width}px`).toBeGreaterThan(0);
    // Each part on one line: if the address wraps, it wraps at '@'.
    for (const parts of seen) expect(parts, `at ${width}px`).toEqual([1, 1]);
  }
  await page.setViewportSize({ width: 390, height: 900 });
  expect((await emailLines(page, email)).some((parts) => parts.length === 2)).toBe(true);
  await shot(page, "audit-logs");
});

test("the Data Fields navigation shows whole labels", async ({ page }) => {
  await signInAsAdmin(page);
  const long = "Investigator global assessment of nail psoriasis at the week 52 visit";
  const res = await page.request.post("/api/studies", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      code: `tour_${stamp}`,
      name: "Screen tour",
      disease: "Psoriasis",
      config: {
        version: 1,
        categories: [{ code: "efficacy", label: "Efficacy", order: 1, entity: "visit" }],
        data_fields: [
          { entity: "visit", name: "nail_iga_week_52", label: long, type: "number", category: "efficacy" },
          {
            entity: "visit",
            name: "pasi_head_neck_erythema_induration",
            label: "pasi_head_neck_erythema_induration_desquamation",
            type: "number",
            category: "efficacy",
          },
        ],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await page.goto(`/admin/studies/${id}/edit?tab=data-fields`);
  await page.getByRole("tab", { name: "Visit Fields (2)" }).click();
  const nav = page.getByRole("navigation", { name: "Fields by category" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const label of [long, "pasi_head_neck_erythema_induration_desquamation"]) {
      const entry = nav.getByRole("button", { name: label, exact: true });
      await expect(entry).toHaveAttribute("title", label);
      // Nothing clipped: the text fits the button's box, wrapped onto more lines if need be.
      const box = await entry.evaluate((b) => ({
        overflowX: b.scrollWidth - b.clientWidth,
        overflowY: b.scrollHeight - b.clientHeight,
        ellipsis: getComputedStyle(b).textOverflow,
      }));
      expect(box).toEqual({ overflowX: 0, overflowY: 0, ellipsis: "clip" });
    }
  }
  await shot(page, "data-fields-tab");
});

test("calculations and the efficacy figure read as sentences; delete buttons share one look", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const id = await studyId(page, "psoriasis");
  await page.goto(`/admin/studies/${id}/edit?tab=calculations`);
  const pasi75 = page.getByRole("listitem", { name: "PASI 75 achieved" });
  await expect(pasi75).toContainText("PASI improvement ≥\u00a075%");
  await expect(page.getByRole("region", { name: "Calculations" })).not.toContainText("gte");
  await expect(page.getByRole("listitem", { name: "PASI improvement (%)" })).toContainText(
    "% improvement in PASI since Baseline",
  );
  const look = (name: string) =>
    page
      .getByRole("button", { name, exact: true })
      .first()
      .evaluate((b) => {
        const s = getComputedStyle(b);
        return [s.color, s.backgroundColor, s.borderTopColor, s.borderTopWidth];
      });
  const calculationDelete = await look("Delete");
  await shot(page, "calculations-tab");
  // The field card's Delete (a red ghost button before) and the calculation's (a filled red one)
  // now look the same.
  await page.getByRole("tab", { name: "Data Fields" }).click();
  await page.getByRole("tab", { name: /^Visit Fields/ }).click();
  expect(await look("Delete PASI")).toEqual(calculationDelete);
  await page.getByRole("tab", { name: "Visit Types" }).click();
  expect(await look("Delete Baseline")).toEqual(calculationDelete);

  await page.goto("/psoriasis");
  const card = page.getByRole("listitem", { name: "PASI75 Achievement" });
  await expect(card.getByTestId("card-detail")).toHaveText("PASI improvement ≥\u00a075%");
});

test("the study header marks the current page", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/psoriasis");
  await expect(page.getByRole("list", { name: "Study figures" })).toBeVisible();
  const nav = page.getByTestId("study-header").getByRole("navigation", { name: "Study" });
  const current = nav.locator("[aria-current]");
  await expect(current).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  const style = (name: string) =>
    nav
      .getByRole("link", { name })
      .evaluate((a) => [getComputedStyle(a).textDecorationLine, getComputedStyle(a).fontWeight]);
  expect(await style("Dashboard")).toEqual(["underline", "600"]);
  expect(await style("Patients")).toEqual(["none", "500"]);
  await shot(page, "dashboard-header");

  await nav.getByRole("link", { name: "Patients" }).click();
  await expect(page).toHaveURL(/\/psoriasis\/patients$/);
  await expect(nav.getByRole("link", { name: "Patients" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  expect(await style("Patients")).toEqual(["underline", "600"]);
  await shot(page, "patients-header");
});

test("an upload over 10 MB is refused before sending, in words", async ({ page }) => {
  await signInAsAdmin(page);
  const id = await studyId(page, "psoriasis");
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/(upload|studies\/\d+\/logo)/.test(r.url())) uploads.push(r.url());
  });
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);

  await page.goto(`/admin/studies/${id}/content`);
  await page.getByRole("tab", { name: "List View" }).click();
  await page.getByRole("button", { name: "Add Block" }).click();
  const form = page.getByRole("dialog", { name: "Add Content Block" });
  await form.getByLabel("Block Type").selectOption({ label: "Attachment" });
  await expect(
    form.getByText("pdf, doc, docx, xls, xlsx, ppt, pptx, txt or zip; at most 10 MB."),
  ).toBeVisible();
  await form.getByLabel("File").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: big });
  await expect(form.getByRole("alert")).toHaveText(
    '"scan.pdf" is larger than 10 MB, the largest file that can be uploaded.',
  );
  await shot(page, "upload-dialog");
  await form.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`/admin/studies/${id}/edit?tab=ui-settings`);
  await page.getByRole("tab", { name: "Branding" }).click();
  await page.getByLabel("Logo Image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: big });
  await expect(page.getByRole("alert").filter({ hasText: "logo.png" })).toHaveText(
    '"logo.png" is larger than 10 MB, the largest file that can be uploaded.',
  );
  await shot(page, "branding-upload");
  expect(uploads).toEqual([]);
});
