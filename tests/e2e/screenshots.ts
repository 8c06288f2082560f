import { mkdirSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

/**
 * Screenshots that are looked at before a screen is called done, with the check every one of them
 * needs: the page never scrolls sideways at the width it was taken.
 */
export function screenshots(directory: string) {
  mkdirSync(directory, { recursive: true });

  /** The page as it is, at its current width. */
  async function atCurrentWidth(page: Page, name: string) {
    const width = page.viewportSize()?.width ?? 1280;
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} is ${scrollWidth}px wide at ${width}px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${directory}/${width}-${name}.png`, fullPage: true });
  }

  /** The page at desktop width and at 390 px (a phone), then back to desktop width. */
  async function atBothWidths(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await atCurrentWidth(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  return { atCurrentWidth, atBothWidths };
}
