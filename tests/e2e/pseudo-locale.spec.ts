import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_STUDY_CONFIG } from "../../db/seed/demo-study-config";
import { DEFAULT_MISSING_CODES, DEFAULT_SIGNATURE_MEANINGS } from "../../lib/schemas/study-config";
import { marked, PSEUDO_CLOSE, PSEUDO_OPEN, wordsOf } from "./catalogue-words";
import { startOwnServer } from "./own-server";
import { LOGIN_ROUTE, SIGNED_IN_ROUTES, type TourRoute, type TourStudy } from "./tour-routes";

/**
 * The pseudo-locale run (docs/decisions/0021, "How we prove it"). Its own server from the same
 * build, started with REGISTRY_PSEUDO_LOCALE=1, serves every catalogue message wrapped in ⟦…⟧
 * (lib/i18n/catalogue.ts). On every screen of the tour, each visible text node and each
 * aria-label, title, placeholder and alt must lie inside the markers, except:
 * - data: the study, patient and visit this test creates carry marked texts too; what cannot be
 *   marked (codes, machine names, the e-mail address, the first admin's name the server gives) is
 *   listed in `data` below;
 * - dates, times and numbers from the format module (lib/i18n/format.ts) and punctuation.
 * A word written in a component shows up outside the markers and fails the run.
 */
const ADMIN = { email: "pseudo@example.com", password: "pseudo-e2e-password-1" };
/** The name the server gives the first admin (lib/server/bootstrap/first-admin.ts). */
const FIRST_ADMIN_NAME = "Platform Administrator";
const STUDY_CODE = "pseudo_study";
const PATIENT_CODE = "PSD-001";

/** Written in components on purpose, the same in every language (each says so where it is written). */
const SAME_IN_EVERY_LANGUAGE = [
  // The scores' names (components/visits/visit-history.tsx, components/patient-detail/trend-chart.tsx).
  "PASI75",
  "PASI",
  "DLQI",
  // The stored sex codes (spec §9; components/patients/add-patient-dialog.tsx).
  "M",
  "F",
  // Font families by their names (lib/theme/study-theme.ts).
  "Inter",
  "Roboto",
  "Open Sans",
  "Lato",
  "Montserrat",
  "Poppins",
  "Arial",
  "Georgia",
  "Times New Roman",
  // The custom CSS box's example is CSS (components/study-editor/ui-settings/advanced-panel.tsx).
  ":root { --study-primary: #1d4ed8; }\n.card { box-shadow: none; }",
];
/** Audit reasons the server wrote: records, in English whatever the reader's language (decision 0021). */
const AUDIT_REASONS = ["Signed in (browser)", "First superadmin created at first start"];

/** Keys of the study configuration whose strings people read: marked as the catalogue is. */
const READ_KEYS = new Set(["label", "description", "placeholder", "prompt_message"]);

function markTexts<T>(value: T, key = ""): T {
  if (typeof value === "string") return (READ_KEYS.has(key) && value ? marked(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => markTexts(v, key)) as T;
  // A text in both languages ({ it, en }, decision 0022): each language's words are the text's.
  const language = (k: string) => READ_KEYS.has(key) && (k === "it" || k === "en");
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, markTexts(v, language(k) ? key : k)]),
    ) as T;
  return value;
}

/** Every unmarked string of the configuration: codes, machine names, colours, fonts, the custom expression. */
function machineStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string" && value && !value.startsWith(PSEUDO_OPEN)) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => machineStrings(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => machineStrings(v, out));
  return out;
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
/** What the format module writes in English, and CSS values shown as they are. */
const FORMATTED = [
  new RegExp(`${MONTH} \\d{2}, \\d{4}(?: \\d{2}:\\d{2}:\\d{2} (?:GMT[+-]\\d{1,2}|CES?T))?`, "g"),
  new RegExp(`${MONTH} \\d{4}`, "g"),
  /#[0-9a-f]{3,8}\b/gi,
  /\b\d+(?:\.\d+)?(?:px|rem|em)\b/g,
];

/** Elements whose whole text is data: the configuration's JSON as it will be saved. */
const DATA_ELEMENTS = ['[data-testid="config-json"]'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A data text as a whole: not the letters "in" inside a word. */
const whole = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(text)}(?![\\p{L}\\p{N}_])`, "gu");

type Found = { where: string; text: string };

/**
 * In the page: the text outside the markers, by visible text node and read attribute. Markers
 * nest (a message holding a marked study label) and may span elements (a message with tags), so
 * the depth is carried through the document's text in order.
 */
function unmarkedText({
  open,
  close,
  dataElements,
}: {
  open: string;
  close: string;
  dataElements: string[];
}) {
  const found: { where: string; text: string }[] = [];
  const describe = (el: Element | null) => {
    if (!el) return "?";
    const testId = el.closest("[data-testid]")?.getAttribute("data-testid");
    const id = el.id ? `#${el.id}` : "";
    return `<${el.tagName.toLowerCase()}${id}>${testId ? ` in [data-testid=${testId}]` : ""}`;
  };
  const visible = (el: Element) => {
    const select = el.closest("select");
    return (select ?? el).checkVisibility({ visibilityProperty: true });
  };
  const outside = (text: string, start: number): { text: string; depth: number } => {
    let depth = start;
    let out = "";
    for (const ch of text) {
      if (ch === open) depth++;
      else if (ch === close) {
        if (depth === 0) out += ch;
        else depth--;
      } else if (depth === 0) out += ch;
    }
    return { text: out, depth };
  };
  const skipped = (el: Element) =>
    !!el.closest("script, style, noscript, template") || dataElements.some((s) => el.closest(s));

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let depth = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || skipped(parent)) continue;
    const result = outside(node.textContent ?? "", depth);
    depth = result.depth;
    if (result.text.trim() && visible(parent))
      found.push({ where: describe(parent), text: result.text.trim() });
  }
  if (depth !== 0) found.push({ where: "document", text: `${depth} marker(s) left open` });

  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (skipped(el) || !visible(el)) continue;
    for (const attribute of ["aria-label", "title", "placeholder", "alt"]) {
      const value = el.getAttribute(attribute);
      if (value === null) continue;
      const result = outside(value, 0);
      if (result.text.trim() || result.depth !== 0)
        found.push({
          where: `${describe(el)} ${attribute}`,
          text: result.depth ? value : result.text.trim(),
        });
    }
  }
  const title = outside(document.title, 0);
  if (title.text.trim()) found.push({ where: "document.title", text: title.text.trim() });
  return found;
}

test("every screen's words come from the catalogues: nothing outside the pseudo-locale's markers", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { server, base, dataDir } = await startOwnServer({
    admin: ADMIN,
    env: { REGISTRY_PSEUDO_LOCALE: "1" },
  });
  try {
    const context = await browser.newContext({
      baseURL: base,
      locale: "en-US",
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    const w = wordsOf("pseudo");
    // The missing-data codes' labels are the study's words too (decision 0023): the study names the
    // default list, so its labels are marked as the other study texts are.
    // So are the signature meanings' (decision 0032), for the same reason.
    const config = markTexts({
      ...DEMO_STUDY_CONFIG,
      missing_codes: DEFAULT_MISSING_CODES,
      signatures: { meanings: DEFAULT_SIGNATURE_MEANINGS },
    });
    const data = [
      ...SAME_IN_EVERY_LANGUAGE,
      ...AUDIT_REASONS,
      ADMIN.email,
      // The audit table breaks an address before its '@' (two elements).
      ...ADMIN.email.replace("@", " @").split(" "),
      FIRST_ADMIN_NAME,
      STUDY_CODE,
      PATIENT_CODE,
      ...machineStrings(config),
    ]
      // Only texts with letters matter (a number such as "1" must not cut "GMT+1" out of a date).
      .filter((text) => /\p{L}/u.test(text))
      .sort((a, b) => b.length - a.length);

    const leftovers = async (route: TourRoute, s?: TourStudy): Promise<Found[]> => {
      await route.open(page, s as TourStudy);
      const found = await page.evaluate(unmarkedText, {
        open: PSEUDO_OPEN,
        close: PSEUDO_CLOSE,
        dataElements: DATA_ELEMENTS,
      });
      return found
        .map(({ where, text }) => {
          let rest = text;
          for (const d of data) rest = rest.replace(whole(d), " ");
          for (const pattern of FORMATTED) rest = rest.replace(pattern, " ");
          return { where: `${route.name}: ${where}`, text: /\p{L}/u.test(rest) ? text : "" };
        })
        .filter((f) => f.text);
    };

    const findings: Found[] = [];
    findings.push(...(await leftovers(LOGIN_ROUTE)));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // Signed in through the sign-in page; the rest of the data through the API.
    await page.locator("input[type=email]").fill(ADMIN.email);
    await page.locator("input[type=password]").fill(ADMIN.password);
    await page.getByRole("button", { name: w("auth.login.submit") }).click();
    await expect(page).toHaveURL(/\/admin\/studies$/);
    const origin = new URL(page.url()).origin;
    const post = async (url: string, body: object) => {
      const res = await page.request.post(url, { headers: { origin }, data: body });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number };
    };
    const study = await post("/api/studies", {
      code: STUDY_CODE,
      name: marked("Pseudo Registry"),
      disease: marked("Psoriasis"),
      config,
    });
    const patient = await post("/api/patients", {
      study_id: study.id,
      code: PATIENT_CODE,
      birth_date: "1975-02-03",
      sex: "F",
      custom_fields: { psoriasis_onset: "2010-01", psoriasis_phenotypes: ["plaque"] },
    });
    for (const [n, type, date, pasi] of [
      [1, "baseline", "2024-01-10", 20],
      [2, "week_12", "2024-04-04", 4.5],
    ] as const)
      await post("/api/visits", {
        patient_id: patient.id,
        visit_number: n,
        visit_date: date,
        visit_type: type,
        data_fields: { current_therapy: "adalimumab", pasi_score: pasi, adverse_event: false },
      });
    const baseline = config.visit_types!.find((v) => v.code === "baseline")!;
    const s: TourStudy = {
      w,
      studyId: study.id,
      code: STUDY_CODE,
      patientId: patient.id,
      baselineLabel: baseline.label as string, // the demo configuration's texts are plain strings
    };

    for (const route of SIGNED_IN_ROUTES) findings.push(...(await leftovers(route, s)));
    expect(
      findings.map((f) => `${f.where}: ${f.text}`),
      "text outside the catalogues",
    ).toEqual([]);
    await context.close();
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
