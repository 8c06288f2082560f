import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signInAsAdmin } from "./sign-in-as-admin";
import { screenshots } from "./screenshots";

/**
 * The "Must show": an XSS corpus stored through the API runs nothing when the dashboard is
 * opened (dialogs and console listened to); a 2:1 row built in the Page Builder with two blocks
 * dragged into it, one hidden, the dashboard showing the other above the figure cards; an
 * attachment and a logo uploaded and both served from our origin; blocks for one language's readers
 * (decision 0022). Screens photographed at 1280 (the language screens at 1440) and 390 px wide.
 */
const shot = screenshots("/tmp/homepage-shots").atBothWidths;
const shotAt = screenshots("/tmp/homepage-shots").atCurrentWidth;
const run = Date.now() % 100000;

function api(page: Page) {
  const origin = new URL(page.url()).origin;
  return {
    origin,
    post: (path: string, data: unknown) => page.request.post(path, { headers: { origin }, data }),
    get: (path: string) => page.request.get(path),
  };
}

async function newStudy(page: Page, suffix: string) {
  const calls = api(page);
  const studies = (await (await calls.get("/api/studies")).json()) as { id: number; code: string }[];
  const demo = studies.find((s) => s.code === "psoriasis")!;
  const { config } = (await (await calls.get(`/api/studies/${demo.id}`)).json()) as { config: unknown };
  const code = `content_${suffix}_${run}`;
  const created = await calls.post("/api/studies", {
    code,
    name: "Content Registry",
    disease: "Psoriasis",
    config,
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, code };
}

const XSS_CORPUS = [
  "<script>alert('XSS-1');console.log('XSS-1')</script>",
  `<img src=x onerror="alert('XSS-2');console.log('XSS-2')">`,
  `<svg onload="alert('XSS-3')"><circle r=5 /></svg>`,
  "<svg><g/onload=alert('XSS-4')//<p>",
  `<a href="javascript:alert('XSS-5')">js link</a>`,
  `<a href="data:text/html,<script>alert('XSS-6')</script>">data link</a>`,
  `<a href="  JaVaScRiPt:alert('XSS-7')">spaced js link</a>`,
  `<iframe src="javascript:alert('XSS-8')"></iframe>`,
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('XSS-9')>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert('XSS-10')>",
  `<noscript><p title="</noscript><img src=x onerror=alert('XSS-11')>">`,
  `<math><annotation-xml encoding="text/html"><img src=x onerror=alert('XSS-12')></annotation-xml></math>`,
  `<details open ontoggle="alert('XSS-13')">details</details>`,
  `<p style="background:url(javascript:alert('XSS-14'))">styled</p>`,
  `<object data="javascript:alert('XSS-15')"></object><embed src="data:text/html,<script>alert('XSS-16')</script>">`,
  `<template><img src=x onerror=alert('XSS-17')></template><base href="javascript:alert('XSS-18')//">`,
  `${"<div>".repeat(300)}<img src=x onerror=alert('XSS-19')>deep${"</div>".repeat(300)}`,
  `${"<b>".repeat(260)}<svg><style><img src=x onerror=alert('XSS-20')></style></svg>`,
];

test("an XSS corpus stored through the API runs nothing on the dashboard", async ({ page }) => {
  const dialogs: string[] = [];
  const consoleLines: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => consoleLines.push(message.text()));
  await signInAsAdmin(page);
  const study = await newStudy(page, "xss");
  const calls = api(page);
  const contents = `/api/studies/${study.id}/contents`;
  for (const [index, html] of XSS_CORPUS.entries()) {
    const type = ["text_block", "hero", "info_box"][index % 3]!;
    const res = await calls.post(contents, { type, title: `Payload ${index + 1}`, content: { html } });
    expect(res.status(), `payload ${index + 1}`).toBe(201);
  }
  const extras = [
    { type: "text_block", title: "<script>alert('XSS-21')</script><img src=x onerror=alert('XSS-22')>" },
    {
      type: "columns",
      settings: { layout: "2", columns: XSS_CORPUS.slice(0, 2).map((content) => ({ content })) },
    },
    {
      type: "card_grid",
      settings: { cards: [{ title: "<img src=x onerror=alert('XSS-23')>", description: "d" }] },
    },
  ];
  for (const body of extras) expect((await calls.post(contents, body)).status()).toBe(201);
  const badButton = await calls.post(contents, {
    type: "button",
    title: "Go",
    settings: { url: "javascript:alert('XSS-24')" },
  });
  expect(badButton.status()).toBe(422);

  await page.goto(`/${study.code}`);
  const content = page.getByTestId("homepage-content");
  await expect(content.getByText("Payload 1", { exact: true })).toBeVisible();
  await expect(content.getByText("spaced js link")).toBeVisible();
  // Hover and focus everything, so handlers that need an event would have had their chance.
  for (const element of (await content.locator("*").all()).slice(0, 80))
    await element.hover({ force: true, timeout: 500 }).catch(() => {});
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(consoleLines.filter((line) => line.includes("XSS"))).toEqual([]);
  const dangerous = await content.evaluate((root) => ({
    scripts: root.querySelectorAll("script, iframe, object, embed, svg, math, style, template, base").length,
    handlers: [...root.querySelectorAll("*")].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith("on")),
    ).length,
    styled: root.querySelectorAll("[style]").length,
    badLinks: [...root.querySelectorAll("a[href]")].filter(
      (a) => !/^(https?:|mailto:|\/api\/files\/)/.test(a.getAttribute("href")!),
    ).length,
  }));
  expect(dangerous).toEqual({ scripts: 0, handlers: 0, styled: 0, badLinks: 0 });
  // The title is text, shown as typed, never markup.
  await expect(content.getByText("<script>alert('XSS-21')</script>", { exact: false })).toBeVisible();
});

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><script>alert('logo')</script><rect width="120" height="40" rx="6" fill="#0f766e"/><text x="60" y="26" font-size="16" font-family="sans-serif" text-anchor="middle" fill="#ffffff">LOGO</text></svg>`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function dragTo(page: Page, handleName: string, dropLabel: string) {
  const handle = page.getByRole("button", { name: handleName });
  const target = page.getByRole("region", { name: dropLabel });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(40, to.height / 2), { steps: 12 });
  await page.mouse.up();
}

test("build a 2:1 row, drag two blocks in, hide one; upload an attachment and a logo", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInAsAdmin(page);
  const study = await newStudy(page, "build");
  await page.goto(`/admin/studies/${study.id}/content`);
  await expect(
    page.getByRole("heading", { name: "Manage Homepage Content: Content Registry" }),
  ).toBeVisible();
  await expect(page.getByText("No content blocks yet")).toBeVisible();

  // Two blocks from the List View, with rich text typed into tiptap.
  for (const [type, title, text] of [
    ["Text Block", "Welcome", "Welcome to the registry."],
    ["Info Box", "Internal note", "Not for everyone yet."],
  ] as const) {
    await page.getByRole("button", { name: "Add Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await dialog.getByLabel("Block Type").selectOption({ label: type });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type(text);
    await expect(dialog.getByTestId("rich-text-editor")).toHaveCSS("height", "400px");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }

  await page.getByRole("tab", { name: "Builder View" }).click();
  await expect(page.getByRole("heading", { name: "No Layout Yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add Your First Row" }).click();
  await page.getByRole("button", { name: "2:1 Split" }).click();
  await expect(page.getByRole("heading", { name: "Row 1 · 2:1 Split" })).toBeVisible();
  const column1 = page.getByRole("region", { name: "Row 1 · Column 1" });
  const column2 = page.getByRole("region", { name: "Row 1 · Column 2" });
  // The 12-column grid: 8 and 4 spans.
  const [w1, w2] = [(await column1.boundingBox())!.width, (await column2.boundingBox())!.width];
  expect(w1 / w2).toBeGreaterThan(1.8);

  // Order within a list: Internal note a step up puts it before Welcome (the reorder call).
  const available = page.getByRole("region", { name: "Available Blocks" });
  await expect(page.getByRole("button", { name: "Move Welcome up" })).toBeDisabled();
  await page.getByRole("button", { name: "Move Internal note up" }).click();
  await expect(available.locator("[data-testid^=builder-block-]").first()).toContainText("Internal note");

  await dragTo(page, "Drag Welcome", "Row 1 · Column 1");
  await expect(column1.getByText("Welcome", { exact: true })).toBeVisible();
  await dragTo(page, "Drag Internal note", "Row 1 · Column 2");
  await expect(column2.getByText("Internal note", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Available Blocks" })).toContainText(
    "Every block is placed in a row.",
  );

  // The keyboard way: the 'Move to' list moves a block without dragging (and back again).
  await page.getByLabel("Move Welcome to").selectOption({ label: "Move to Available Blocks" });
  await expect(
    page.getByRole("region", { name: "Available Blocks" }).getByText("Welcome", { exact: true }),
  ).toBeVisible();
  await page.getByLabel("Move Welcome to").selectOption({ label: "Move to Row 1 · Column 1" });
  await expect(column1.getByText("Welcome", { exact: true })).toBeVisible();
  await shot(page, "builder");

  // Hide one block in the List View.
  await page.getByRole("tab", { name: "List View" }).click();
  await page.getByRole("button", { name: "Hide Internal note" }).click();
  await expect(page.getByRole("button", { name: "Show Internal note" })).toBeVisible();
  await expect(page.getByText("Hidden", { exact: true })).toBeVisible();

  // An attachment through the block form's upload.
  await page.getByRole("button", { name: "Add Block" }).click();
  const form = page.getByRole("dialog", { name: "Add Content Block" });
  await form.getByLabel("Block Type").selectOption({ label: "Attachment" });
  await form.getByLabel("Title").fill("Protocol");
  await form
    .getByLabel("File")
    .setInputFiles({ name: "protocol v2.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(form.getByTestId("attachment-current")).toContainText("protocol v2.pdf");
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "block-form");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "list");

  // The logo: uploaded in the study editor's Branding panel (the SVG's script is removed).
  await page.goto(`/admin/studies/${study.id}/edit?tab=ui-settings`);
  await page.getByRole("tab", { name: "Branding" }).click();
  await page
    .getByLabel("Logo Image")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(LOGO_SVG) });
  await expect(page.getByAltText("Logo preview")).toHaveAttribute("src", /^\/api\/files\//);
  await page.getByRole("button", { name: "Save Study" }).click();
  await expect(page.getByText("Study saved successfully!")).toBeVisible();

  // The dashboard: the visible block in its row, above the figure cards; the hidden one absent.
  const response = await page.goto(`/${study.code}`);
  expect(response!.headers()["content-security-policy"]).toContain("img-src 'self' data:;");
  const content = page.getByTestId("homepage-content");
  await expect(content.getByText("Welcome to the registry.")).toBeVisible();
  await expect(content.getByText("Internal note")).toHaveCount(0);
  await expect(content.getByText("Not for everyone yet.")).toHaveCount(0);
  const contentBox = (await content.boundingBox())!;
  const cardsBox = (await page.getByRole("list", { name: "Study figures" }).boundingBox())!;
  expect(contentBox.y + contentBox.height).toBeLessThanOrEqual(cardsBox.y);

  // Both files come from our origin: the logo image (loaded) and the attachment link.
  const logo = page.getByTestId("study-header").locator("img");
  await expect(logo).toHaveAttribute("src", /^\/api\/files\/[0-9a-f-]{36}$/);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const logoResponse = await page.request.get((await logo.getAttribute("src"))!);
  expect(logoResponse.headers()["content-type"]).toBe("image/svg+xml");
  expect(logoResponse.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await logoResponse.text()).not.toContain("script");
  const link = content.getByRole("link", { name: /protocol v2\.pdf/ });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
  const file = await page.request.get(new URL(href, page.url()).toString());
  expect(new URL(file.url()).origin).toBe(new URL(page.url()).origin);
  expect(file.headers()["content-disposition"]).toBe(
    `attachment; filename="protocol v2.pdf"; filename*=UTF-8''protocol%20v2.pdf`,
  );
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await file.body())).toEqual(PDF);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "dashboard");

  // Deleting the row (confirmed) takes its blocks with it.
  await page.goto(`/admin/studies/${study.id}/content`);
  await page.getByRole("tab", { name: "Builder View" }).click();
  await page.getByRole("button", { name: "Delete row 1" }).click();
  await expect(page.getByRole("heading", { name: "No Layout Yet" })).toBeVisible();
  expect(dialogs).toContain("Delete this row and all its content?");
});

test("blocks per language: 'Shown to' in the dialog and on a row, badges, and the reader's language on the dashboard", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const study = await newStudy(page, "lang");
  await page.goto(`/admin/studies/${study.id}/content`);
  for (const [title, shownTo] of [
    ["Study news", "Everyone"],
    ["Benvenuti nel registro", "Italian readers"],
  ] as const) {
    await page.getByRole("button", { name: "Add Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Content Block" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Shown to").selectOption({ label: shownTo });
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog).toBeHidden();
  }
  const italian = page.getByRole("listitem").filter({ hasText: "Benvenuti nel registro" });
  await expect(italian.getByText("Italian only")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Study news" }).getByText(/only/)).toHaveCount(0);

  // The Italian block's dialog keeps its choice.
  await page.getByRole("button", { name: "Edit Benvenuti nel registro" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content Block" });
  await expect(edit.getByLabel("Shown to")).toHaveValue("it");
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shotAt(page, "language-dialog");
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await edit.getByRole("button", { name: "Cancel" }).click();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shotAt(page, "language-list");
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // An English reader, with no English block yet: the Italian one is shown, marked as Italian.
  await page.goto(`/${study.code}`);
  const content = page.getByTestId("homepage-content");
  await expect(content.getByText("Study news")).toBeVisible();
  await expect(content.locator('[lang="it"]')).toContainText("Benvenuti nel registro");

  // A row for English readers, set on the row in the Builder View: now English readers get it instead.
  await page.goto(`/admin/studies/${study.id}/content`);
  await page.getByRole("tab", { name: "Builder View" }).click();
  await page.getByRole("button", { name: "Add Your First Row" }).click();
  await page.getByRole("button", { name: "1 Column" }).click();
  const row = page.getByRole("article", { name: "Row 1" });
  await row.getByLabel("Row 1 shown to").selectOption({ label: "English readers" });
  await expect(row.getByText("English only")).toBeVisible();
  await page.getByLabel("Move Study news to").selectOption({ label: "Move to Row 1 · Column 1" });
  await expect(row.getByText("Study news", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shotAt(page, "language-builder");
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/${study.code}`);
  await expect(content.getByText("Study news")).toBeVisible();
  await expect(content.getByText("Benvenuti nel registro")).toHaveCount(0);
  await expect(content.locator("[lang]")).toHaveCount(0);
});
