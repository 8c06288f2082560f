import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/i18n/locales";
import { wordsOf } from "./catalogue-words";
import { signInAsAdmin } from "./sign-in-as-admin";
import { LOGIN_ROUTE, SIGNED_IN_ROUTES, type TourRoute, type TourStudy } from "./tour-routes";

/**
 * The it/en tour (docs/decisions/0021): every screen of the tour in Italian and in English, at
 * 1440 and 390 px. On each: `<html lang>` is the language; nothing scrolls sideways; no button,
 * tab, link, label, table header or badge has text wider than its box (clipped text is allowed
 * only with a title that shows it whole); and no whole visible text is a common UI word of the
 * other language. Screenshots go to /tmp/language-tour/<locale>-<width>-<route>.png for people
 * to look at.
 */
const SHOTS = "/tmp/language-tour";
mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [1440, 390] as const;

/** Common UI words of one language that must not be a whole text on the other's pages. */
const OTHER_LANGUAGE = {
  it: ["Save", "Cancel", "Patients", "Visits", "Delete", "Edit", "Add", "Search", "Back", "Actions"],
  en: ["Salva", "Annulla", "Pazienti", "Visite", "Elimina", "Modifica", "Aggiungi", "Cerca"],
} as const;

type Problem = string;

/** In the page: elements whose text is wider than their box, and whole texts from `words`. */
function lookAtPage(words: readonly string[]) {
  const problems: string[] = [];
  const name = (el: Element) =>
    `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}"`;
  const boxes = document.querySelectorAll(
    "button, [role=tab], th, [role=columnheader], a, label, summary, [class*='rounded-full']",
  );
  for (const el of boxes) {
    if (!(el instanceof HTMLElement) || !el.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.display === "contents") continue; // no box of its own
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (style.overflowX === "auto" || style.overflowX === "scroll") continue; // scrolls on purpose
    const clipped = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    if (clipped && el.title) continue;
    problems.push(`${name(el)} is ${el.scrollWidth}px of text in ${el.clientWidth}px`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? "").trim();
    const parent = node.parentElement;
    if (!parent || !words.includes(text) || parent.closest("script, style")) continue;
    if (parent.checkVisibility({ visibilityProperty: true }))
      problems.push(`${name(parent)} is in the other language`);
  }
  return problems;
}

async function look(page: Page, locale: "it" | "en", route: TourRoute): Promise<Problem[]> {
  const problems: Problem[] = [];
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    const where = `${locale}-${width}-${route.name}`;
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) problems.push(`${where}: the page is ${scrollWidth}px wide`);
    for (const p of await page.evaluate(lookAtPage, OTHER_LANGUAGE[locale])) problems.push(`${where}: ${p}`);
    await page.screenshot({ path: `${SHOTS}/${where}.png`, fullPage: true });
  }
  return problems;
}

test.describe.configure({ timeout: 400_000 });

for (const locale of ["it", "en"] as const) {
  test(`every screen in ${locale === "it" ? "Italian" : "English"} at 1440 and 390 px: whole, unclipped, one language`, async ({
    page,
    context,
  }) => {
    const problems: Problem[] = [];
    // The switch's cookie chooses the language (the admin's account keeps no language of its own).
    const useLanguage = async () => {
      const base = new URL(page.url());
      await context.addCookies([{ name: LOCALE_COOKIE, value: locale, domain: base.hostname, path: "/" }]);
    };
    await page.goto("/login");
    await useLanguage();
    await LOGIN_ROUTE.open(page, undefined as never);
    problems.push(...(await look(page, locale, LOGIN_ROUTE)));

    // Signed in (in English, as every spec does), then the language chosen again by the cookie.
    await context.clearCookies({ name: LOCALE_COOKIE });
    await signInAsAdmin(page);
    await useLanguage();
    const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
    const study = studies.find((s) => s.code === "psoriasis")!;
    const { config } = (await (await page.request.get(`/api/studies/${study.id}`)).json()) as {
      config: { visit_types: { code: string; label: string }[] };
    };
    const list = (await (
      await page.request.get(`/api/patients?study_id=${study.id}&page_size=1`)
    ).json()) as { items: { id: number }[] };
    const s: TourStudy = {
      w: wordsOf(locale),
      studyId: study.id,
      code: study.code,
      patientId: list.items[0]!.id,
      baselineLabel: config.visit_types.find((v) => v.code === "baseline")!.label,
    };
    for (const route of SIGNED_IN_ROUTES) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await route.open(page, s);
      problems.push(...(await look(page, locale, route)));
    }
    expect(problems).toEqual([]);
  });
}
