/** Homepage content blocks (decision 0014): CRUD, PATCH moves, reorder, hidden blocks, sanitization, audit. */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list, POST as create } from "@/app/api/studies/[id]/contents/route";
import {
  DELETE as remove,
  GET as getOne,
  PATCH as patch,
} from "@/app/api/studies/[id]/contents/[contentId]/route";
import { POST as reorder } from "@/app/api/studies/[id]/contents/reorder/route";
import { getDb } from "@/db/client";
import { auditLogs, contentBlocks } from "@/db/schema";
import type { ContentBlock } from "@/lib/schemas/contents";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";

let superuser: Caller;
let admin: Caller;
let reader: Caller;
let studyId: number;

const path = (suffix = "") => `/api/studies/${studyId}/contents${suffix}`;
const params = (contentId?: number) => ({
  id: String(studyId),
  ...(contentId === undefined ? {} : { contentId: String(contentId) }),
});

async function createBlock(body: Record<string, unknown>, caller = superuser) {
  return call(create, { method: "POST", path: path(), headers: caller.headers, params: params(), body });
}

async function listAs(caller: Caller, includeHidden = false) {
  const res = await call(list, {
    path: path(includeHidden ? "?include_hidden=true" : ""),
    headers: caller.headers,
    params: params(),
  });
  expect(res.status).toBe(200);
  return res.json as unknown as ContentBlock[];
}

beforeAll(async () => {
  superuser = await callerFor({ roleLevel: "superadmin" });
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(superuser)).id;
  reader = await memberOf(studyId, "read_only");
});

describe("contents API", () => {
  it("creates a 2:1 row, places blocks in its columns last, hides one, and readers see only visible blocks", async () => {
    const row = await createBlock({ type: "layout_row", settings: { layout: "2-1" } });
    expect(row.status).toBe(201);
    const rowId = (row.json as unknown as ContentBlock).id;
    const a = await createBlock({ type: "text_block", title: "Welcome", content: { html: "<p>Hello</p>" } });
    const b = await createBlock({ type: "info_box", title: "Notice", content: { html: "<p>Read me</p>" } });
    const aId = (a.json as unknown as ContentBlock).id;
    const bId = (b.json as unknown as ContentBlock).id;
    for (const id of [aId, bId]) {
      const moved = await call(patch, {
        method: "PATCH",
        path: path(`/${id}`),
        headers: superuser.headers,
        params: params(id),
        body: { parent_id: rowId, column_index: 0 },
      });
      expect(moved.status).toBe(200);
    }
    const hidden = await call(patch, {
      method: "PATCH",
      path: path(`/${bId}`),
      headers: superuser.headers,
      params: params(bId),
      body: { is_visible: false },
    });
    expect((hidden.json as unknown as ContentBlock).is_visible).toBe(false);

    const editorView = await listAs(superuser, true);
    const editorRow = editorView.find((block) => block.id === rowId)!;
    expect(editorRow.children.map((c) => [c.id, c.column_index, c.order])).toEqual([
      [aId, 0, 0],
      [bId, 0, 1],
    ]);
    const readerView = await listAs(reader, true); // include_hidden is an editor's flag only
    expect(readerView.find((block) => block.id === rowId)!.children.map((c) => c.id)).toEqual([aId]);
    const hiddenForReader = await call(getOne, {
      path: path(`/${bId}`),
      headers: reader.headers,
      params: params(bId),
    });
    expect(hiddenForReader.status).toBe(404);

    // Deleting the row deletes its blocks, then the row; each deletion is audited.
    const deleted = await call(remove, {
      method: "DELETE",
      path: path(`/${rowId}`),
      headers: superuser.headers,
      params: params(rowId),
    });
    expect(deleted.status).toBe(204);
    expect((await listAs(superuser, true)).map((block) => block.id)).not.toContain(aId);
    const db = await getDb();
    const rows = await db
      .select({ entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "delete"), eq(auditLogs.entityType, "content_block")));
    expect(rows.map((r) => r.entityId).sort()).toEqual([aId, bId, rowId].map(String).sort());
  });

  it("hides a hidden row's blocks from readers, in the list and one by one", async () => {
    const row = (await createBlock({ type: "layout_row", settings: { layout: "1" }, is_visible: false }))
      .json as unknown as ContentBlock;
    const inside = (
      await createBlock({ type: "text_block", title: "Inside", parent_id: row.id, column_index: 0 })
    ).json as unknown as ContentBlock;
    expect((await listAs(reader)).map((b) => b.id)).not.toContain(row.id);
    const one = await call(getOne, {
      path: path(`/${inside.id}`),
      headers: reader.headers,
      params: params(inside.id),
    });
    expect(one.status).toBe(404);
    const forEditor = await call(getOne, {
      path: path(`/${row.id}`),
      headers: superuser.headers,
      params: params(row.id),
    });
    expect((forEditor.json as unknown as ContentBlock).children.map((c) => c.id)).toEqual([inside.id]);
    const rowInColumn = await createBlock({
      type: "layout_row",
      settings: { layout: "2" },
      parent_id: row.id,
    });
    expect(rowInColumn.status).toBe(422);
    const outOfRange = await createBlock({ type: "hero", title: "X", parent_id: row.id, column_index: 1 });
    expect(outOfRange.status).toBe(422);
  });

  it("sanitizes stored HTML: no script, handlers, style, javascript: or data: links", async () => {
    const res = await createBlock({
      type: "text_block",
      title: "XSS",
      content: {
        html: '<p style="color:red" onclick="alert(1)">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">j</a><a href="data:text/html,x">d</a><a href="https://example.org">ok</a></p>',
      },
    });
    expect(res.status).toBe(201);
    const html = (res.json as unknown as ContentBlock).content.html!;
    expect(html).toBe(
      '<p>Hi<a>j</a><a>d</a><a href="https://example.org" rel="noopener noreferrer nofollow">ok</a></p>',
    );
  });

  it("answers HTML through the sanitizer also for a block written around the service (SQL by hand)", async () => {
    const db = await getDb();
    const evil = '<p onclick="alert(1)">Hi<script>alert(1)</script></p>';
    const [row] = await db
      .insert(contentBlocks)
      .values({
        studyId,
        type: "columns",
        title: "Written by SQL",
        content: { html: evil },
        settings: { columns: [{ content: evil }, { content: 42 }] },
      })
      .returning();
    const block = (await listAs(reader)).find((b) => b.id === row!.id)!;
    expect(block.content.html).toBe("<p>Hi</p>");
    expect(block.settings.columns).toEqual([{ content: "<p>Hi</p>" }, { content: "" }]);
  });

  it("validates per type: button text and an http(s) URL, a known layout; drops empty columns and cards", async () => {
    const noText = await createBlock({ type: "button", settings: { url: "https://example.org" } });
    expect(noText.status).toBe(422);
    expect(JSON.stringify(noText.json)).toContain("Button text is required");
    const badUrl = await createBlock({
      type: "button",
      title: "Go",
      settings: { url: "javascript:alert(1)" },
    });
    expect(badUrl.status).toBe(422);
    expect(JSON.stringify(badUrl.json)).toContain("http:// or https://");
    const badLayout = await createBlock({ type: "layout_row", settings: { layout: "4" } });
    expect(badLayout.status).toBe(422);
    const cards = await createBlock({
      type: "card_grid",
      settings: {
        cards: [
          { title: "", description: "" },
          { title: "One", description: "" },
        ],
      },
    });
    expect((cards.json as unknown as ContentBlock).settings.cards).toEqual([
      { title: "One", description: "" },
    ]);
    const columns = await createBlock({
      type: "columns",
      settings: { layout: "2", columns: [{ content: "<p>A</p>" }, { content: " " }] },
    });
    expect((columns.json as unknown as ContentBlock).settings.columns).toEqual([{ content: "<p>A</p>" }]);
  });

  it("lets only superusers write (an admin and a study member get 403), and reorders", async () => {
    expect((await createBlock({ type: "hero", title: "No" }, admin)).status).toBe(403);
    expect((await createBlock({ type: "hero", title: "No" }, reader)).status).toBe(403);
    const one = (await createBlock({ type: "hero", title: "One" })).json as unknown as ContentBlock;
    const two = (await createBlock({ type: "hero", title: "Two" })).json as unknown as ContentBlock;
    const res = await call(reorder, {
      method: "POST",
      path: path("/reorder"),
      headers: superuser.headers,
      params: params(),
      body: { content_ids: [two.id, one.id] },
    });
    expect(res.status).toBe(204);
    const top = (await listAs(superuser, true)).filter((b) => b.id === one.id || b.id === two.id);
    expect(top.map((b) => [b.id, b.order])).toEqual([
      [two.id, 0],
      [one.id, 1],
    ]);
  });
});
