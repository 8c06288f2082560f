/** The pure content rules shared by the block form and the server (decision 0014). */
import { describe, expect, it } from "vitest";
import {
  columnsOf,
  contentBlocksOnly,
  moveTargets,
  placementOfDropId,
  steppedIds,
} from "@/lib/contents/builder";
import { blocksForReader, langAttribute, shownLanguage } from "@/lib/contents/reader-language";
import { checkBlock, isHttpUrl, previewText, type ContentBlock } from "@/lib/schemas/contents";
import { inEnglish } from "@/tests/support/words-in";

const block = (over: Partial<ContentBlock>): ContentBlock => ({
  id: 1,
  type: "text_block",
  title: null,
  content: {},
  settings: {},
  is_visible: true,
  order: 0,
  parent_id: null,
  column_index: null,
  language: null,
  children: [],
  ...over,
});

describe("content rules", () => {
  it("previews HTML as text, tags stripped, cut at 100 characters", () => {
    expect(previewText("<p>Hello <strong>world</strong> &amp; co</p>")).toBe("Hello world & co");
    const long = previewText(`<p>${"a".repeat(150)}</p>`);
    expect(long).toBe(`${"a".repeat(100)}...`);
    expect(previewText(undefined)).toBe("");
  });

  it("lets a button link only to http(s) addresses", () => {
    for (const url of ["https://example.org/x", "http://localhost:3000"]) expect(isHttpUrl(url)).toBe(true);
    for (const url of ["javascript:alert(1)", "data:text/html,x", "/relative", "mailto:a@b.c", "https://"])
      expect(isHttpUrl(url)).toBe(false);
    const refused = checkBlock("button", "", { url: "javascript:alert(1)" });
    expect(refused.ok ? [] : refused.issues.map((i) => inEnglish(i.msg))).toEqual([
      "Button text is required",
      "Button URL must be a valid http:// or https:// address",
    ]);
    expect(checkBlock("button", "Go", { url: "https://example.org" })).toEqual({
      ok: true,
      settings: { url: "https://example.org", style: "primary" },
    });
  });

  it("refuses unknown layouts and settings keys", () => {
    expect(checkBlock("layout_row", null, { layout: "4" }).ok).toBe(false);
    expect(checkBlock("hero", null, { onclick: "x" }).ok).toBe(false);
    expect(() => columnsOf(block({ type: "layout_row", settings: { layout: "9" } }))).toThrow(
      "Invalid layout",
    );
  });

  it("splits a 1:2 row into spans 4 and 8 and offers every column as a move target", () => {
    const row = block({
      id: 7,
      type: "layout_row",
      settings: { layout: "1-2" },
      children: [block({ id: 8, parent_id: 7, column_index: 1 })],
    });
    expect(columnsOf(row).map((c) => [c.span, c.blocks.map((b) => b.id)])).toEqual([
      [4, []],
      [8, [8]],
    ]);
    const tree = [block({ id: 2 }), row];
    expect(moveTargets(tree).map((t) => t.label)).toEqual([
      "Available Blocks",
      "Row 1 · Column 1",
      "Row 1 · Column 2",
    ]);
    expect(placementOfDropId("column:7:1")).toEqual({ parentId: 7, columnIndex: 1 });
    expect(placementOfDropId("available")).toEqual({ parentId: null, columnIndex: null });
    expect(placementOfDropId("column:x")).toBeNull();
    expect(contentBlocksOnly(tree).map((b) => b.id)).toEqual([2, 8]);
  });

  it("steps a block up or down among its siblings, not past either end", () => {
    const siblings = [block({ id: 1 }), block({ id: 2 }), block({ id: 3 })];
    expect(steppedIds(siblings, 2, -1)).toEqual([2, 1, 3]);
    expect(steppedIds(siblings, 2, 1)).toEqual([1, 3, 2]);
    expect(steppedIds(siblings, 1, -1)).toBeNull();
    expect(steppedIds(siblings, 3, 1)).toBeNull();
    expect(steppedIds(siblings, 9, 1)).toBeNull();
  });

  it("shows each reader their language's blocks and everyone's; a block in a row follows both languages", () => {
    const row = (id: number, language: ContentBlock["language"], children: ContentBlock[]) =>
      block({ id, type: "layout_row", settings: { layout: "2" }, language, children });
    const tree = [
      block({ id: 1 }),
      block({ id: 2, language: "it" }),
      block({ id: 3, language: "en" }),
      row(10, null, [block({ id: 11, parent_id: 10 }), block({ id: 12, parent_id: 10, language: "en" })]),
      row(20, "it", [block({ id: 21, parent_id: 20 }), block({ id: 22, parent_id: 20, language: "en" })]),
    ];
    const shown = (reader: "it" | "en") =>
      blocksForReader(tree, reader).map((b) => [b.id, b.children.map((c) => c.id)]);
    expect(shown("it")).toEqual([
      [1, []],
      [2, []],
      [10, [11]],
      [20, [21]],
    ]);
    expect(shown("en")).toEqual([
      [1, []],
      [3, []],
      [10, [11, 12]],
    ]);
  });

  it("falls back to the other language's blocks, marked with lang, when the reader's has none", () => {
    const tree = [block({ id: 1 }), block({ id: 2, language: "it" }), block({ id: 3, language: "it" })];
    expect(shownLanguage(tree, "en")).toBe("it");
    const shown = blocksForReader(tree, "en");
    expect(shown.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(shown.map((b) => langAttribute(b, "en"))).toEqual([undefined, "it", "it"]);
    expect(blocksForReader(tree, "it").map((b) => langAttribute(b, "it"))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // A row's language counts as a language-specific block too.
    const inRow = [block({ id: 5, type: "layout_row", settings: { layout: "1" }, language: "en" })];
    expect(shownLanguage(inRow, "it")).toBe("en");
    // Only neutral blocks: everyone sees them, in their own language.
    expect(shownLanguage([block({ id: 1 })], "it")).toBe("it");
  });
});
