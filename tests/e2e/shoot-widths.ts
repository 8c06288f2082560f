import { expect, type Page } from "@playwright/test";

/** Screenshots at 1280 and 390 px into `dir`; nothing in the page may reach past the window. */
export async function shootWidths(page: Page, dir: string, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
