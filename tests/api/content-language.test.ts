/**
 * Homepage blocks per language (decision 0022): a block or row for every reader, Italian readers
 * or English readers; the list a reader of each language gets, the fallback to the other
 * language, and the audit row of a language change.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list, POST as create } from "@/app/api/studies/[id]/contents/route";
import { PATCH as patch } from "@/app/api/studies/[id]/contents/[contentId]/route";
import { getDb } from "@/db/client";
import { auditLogs, contentBlocks } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import type { ContentBlock } from "@/lib/schemas/contents";
import { resolveActor } from "@/lib/server/auth/actor";
import { listContents } from "@/lib/server/contents/content-service";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";

let superuser: Caller;

beforeAll(async () => {
  superuser = await callerFor({ roleLevel: "superadmin" });
});

/** A study of its own (the fallback depends on every block of the study) and one of its readers. */
async function study() {
  const id = (await createStudy(superuser)).id;
  return { id, reader: await memberOf(id, "read_only") };
}

async function createBlock(studyId: number, body: Record<string, unknown>) {
  const res = await call(create, {
    method: "POST",
    path: `/api/studies/${studyId}/contents`,
    headers: superuser.headers,
    params: { id: String(studyId) },
    body,
  });
  return res;
}

async function created(studyId: number, body: Record<string, unknown>) {
  const res = await createBlock(studyId, body);
  expect(res.status).toBe(201);
  return res.json as unknown as ContentBlock;
}

async function listFor(studyId: number, caller: Caller, lang?: Locale) {
  const res = await call(list, {
    path: `/api/studies/${studyId}/contents${lang ? `?lang=${lang}` : ""}`,
    headers: caller.headers,
    params: { id: String(studyId) },
  });
  expect(res.status).toBe(200);
  return (res.json as unknown as ContentBlock[]).map((b) => [
    b.title ?? b.type,
    b.children.map((c) => c.title),
  ]);
}

describe("homepage blocks per language", () => {
  it("gives an Italian reader the Italian and everyone's blocks, an English reader the English ones; a row's language covers its blocks", async () => {
    const { id, reader } = await study();
    await created(id, { type: "text_block", title: "Study news" });
    const italian = await created(id, { type: "text_block", title: "Benvenuti", language: "it" });
    expect(italian.language).toBe("it");
    const row = await created(id, { type: "layout_row", settings: { layout: "2" }, language: "en" });
    await created(id, { type: "text_block", title: "Welcome", parent_id: row.id, column_index: 0 });
    // An Italian block in a neutral row: only Italian readers see it.
    const neutralRow = await created(id, { type: "layout_row", settings: { layout: "1" } });
    await created(id, { type: "info_box", title: "Avviso", parent_id: neutralRow.id, language: "it" });
    await created(id, { type: "info_box", title: "Notice", parent_id: neutralRow.id });

    expect(await listFor(id, reader, "it")).toEqual([
      ["Study news", []],
      ["Benvenuti", []],
      ["layout_row", ["Avviso", "Notice"]],
    ]);
    expect(await listFor(id, reader, "en")).toEqual([
      ["Study news", []],
      ["layout_row", ["Welcome"]],
      ["layout_row", ["Notice"]],
    ]);
    // Without a language (the content screens), every block whatever its language.
    expect(await listFor(id, reader)).toEqual([
      ["Study news", []],
      ["Benvenuti", []],
      ["layout_row", ["Welcome"]],
      ["layout_row", ["Avviso", "Notice"]],
    ]);
    // The home page's call: the service with the reader's language.
    const db = await getDb();
    const actor = (await resolveActor(db, new Headers(reader.headers)))!;
    const home = await listContents(db, actor, id, false, "it");
    expect(home.map((b) => b.title ?? b.type)).toEqual(["Study news", "Benvenuti", "layout_row"]);
  });

  it("falls back to the other language's blocks when the reader's language has none, hidden ones aside", async () => {
    const { id, reader } = await study();
    await created(id, { type: "text_block", title: "Everyone" });
    await created(id, { type: "text_block", title: "Solo per voi", language: "it" });
    // A hidden English block does not count: English readers still have no block of their own.
    await created(id, { type: "text_block", title: "Draft", language: "en", is_visible: false });
    expect(await listFor(id, reader, "en")).toEqual([
      ["Everyone", []],
      ["Solo per voi", []],
    ]);
    expect(await listFor(id, reader, "it")).toEqual([
      ["Everyone", []],
      ["Solo per voi", []],
    ]);
  });

  it("audits a language change with its old and new value, and refuses a language that is not ours", async () => {
    const { id } = await study();
    const block = await created(id, { type: "text_block", title: "News" });
    expect(block.language).toBeNull();
    const res = await call(patch, {
      method: "PATCH",
      path: `/api/studies/${id}/contents/${block.id}`,
      headers: superuser.headers,
      params: { id: String(id), contentId: String(block.id) },
      body: { language: "en" },
    });
    expect(res.status).toBe(200);
    expect((res.json as unknown as ContentBlock).language).toBe("en");
    const db = await getDb();
    const [row] = await db
      .select({ oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entityType, "content_block"),
          eq(auditLogs.entityId, String(block.id)),
          eq(auditLogs.action, "update"),
        ),
      )
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toEqual({ oldValues: { language: null }, newValues: { language: "en" } });
    const [createRow] = await db
      .select({ newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entityType, "content_block"),
          eq(auditLogs.entityId, String(block.id)),
          eq(auditLogs.action, "create"),
        ),
      );
    expect(createRow?.newValues).toMatchObject({ title: "News", language: null });

    expect((await createBlock(id, { type: "text_block", title: "X", language: "fr" })).status).toBe(422);
    // The column's check holds for rows written around the service too.
    await expect(
      db.insert(contentBlocks).values({ studyId: id, type: "text_block", language: "fr" as Locale }),
    ).rejects.toThrow();
  });
});
