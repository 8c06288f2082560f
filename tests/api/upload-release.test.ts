/**
 * Files live as long as something names them: an attachment block deleted or edited to another
 * file, and a study logo replaced, delete the file nothing else names (row, audit entry, bytes);
 * a file another block still names stays. Runs against a real S3-protocol server (s3rver) as the
 * store, configured the way a deployment is (S3_* settings).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/files/[id]/route";
import { POST as createBlock } from "@/app/api/studies/[id]/contents/route";
import {
  DELETE as removeBlock,
  PATCH as patchBlock,
} from "@/app/api/studies/[id]/contents/[contentId]/route";
import { POST as logo } from "@/app/api/studies/[id]/logo/route";
import { GET as getStudy, PUT as putStudy } from "@/app/api/studies/[id]/route";
import { POST as upload } from "@/app/api/upload/route";
import { getDb } from "@/db/client";
import { auditLogs, uploads } from "@/db/schema";
import type { ContentBlock, UploadResponse } from "@/lib/schemas/contents";
import { callerFor, createStudy, type Caller } from "./clinical-fixtures";
import { BASE, call } from "./helpers";
import { PDF, PNG, postFile, serveFilesFromS3 } from "./upload-fixtures";

const store = await serveFilesFromS3();

let superuser: Caller;
let studyId: number;

const attach = (name: string) =>
  postFile(upload, `/api/upload?study_id=${studyId}`, superuser.headers, { name, bytes: PDF });
const uploadLogo = (name: string) =>
  postFile(
    logo,
    `/api/studies/${studyId}/logo`,
    superuser.headers,
    { name, bytes: PNG },
    { id: String(studyId) },
  );

async function storedKey(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row?.storageKey ?? null;
}

async function status(file: UploadResponse) {
  const res = await download(new Request(`${BASE}${file.file_url}`, { headers: superuser.headers }), {
    params: Promise.resolve({ id: file.id }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function attachmentBlock(file: UploadResponse) {
  const res = await call(createBlock, {
    method: "POST",
    headers: superuser.headers,
    params: { id: String(studyId) },
    body: {
      type: "attachment",
      title: file.file_name,
      settings: { file_url: file.file_url, file_name: file.file_name, file_size: file.file_size },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return (res.json as unknown as ContentBlock).id;
}

const blockParams = (contentId: number) => ({ id: String(studyId), contentId: String(contentId) });

async function releaseAudit(id: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.entityType, "upload"), eq(auditLogs.entityId, id), eq(auditLogs.action, "delete")),
    );
}

/** Asserts the file is gone everywhere: no row, 404, no object in the store, one audit entry. */
async function expectDeleted(file: UploadResponse, key: string) {
  expect(await storedKey(file.id)).toBeNull();
  expect(await status(file)).toBe(404);
  expect(await store.get(key)).toBeNull();
  const audit = await releaseAudit(file.id);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ userId: superuser.userId, reason: "no longer referenced", studyId });
  expect(audit[0]!.oldValues).toMatchObject({ file_name: file.file_name });
}

async function expectKept(file: UploadResponse, bytes: Uint8Array) {
  const key = await storedKey(file.id);
  expect(key).not.toBeNull();
  expect(await status(file)).toBe(200);
  expect(await store.get(key!)).toEqual(bytes);
  expect(await releaseAudit(file.id)).toHaveLength(0);
}

beforeAll(async () => {
  superuser = await callerFor({ roleLevel: "superadmin" });
  studyId = (await createStudy(superuser)).id;
});

describe("files no longer named are deleted, audited, from the real store", () => {
  it("keeps a file while another block names it, and deletes it with the last block", async () => {
    const file = await attach("protocol.pdf");
    const key = (await storedKey(file.id))!;
    expect(await store.get(key)).toEqual(PDF);
    const first = await attachmentBlock(file);
    const second = await attachmentBlock(file);
    const removeFirst = await call(removeBlock, {
      method: "DELETE",
      headers: superuser.headers,
      params: blockParams(first),
    });
    expect(removeFirst.status).toBe(204);
    await expectKept(file, PDF);
    const removeSecond = await call(removeBlock, {
      method: "DELETE",
      headers: superuser.headers,
      params: blockParams(second),
    });
    expect(removeSecond.status).toBe(204);
    await expectDeleted(file, key);
  });

  it("deletes the old file when an attachment block is edited to another one", async () => {
    const before = await attach("v1.pdf");
    const after = await attach("v2.pdf");
    const key = (await storedKey(before.id))!;
    const block = await attachmentBlock(before);
    const res = await call(patchBlock, {
      method: "PATCH",
      headers: superuser.headers,
      params: blockParams(block),
      body: {
        settings: { file_url: after.file_url, file_name: after.file_name, file_size: after.file_size },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectDeleted(before, key);
    await expectKept(after, PDF);
  });

  it("deletes a replaced study logo and keeps the new one", async () => {
    const old = await uploadLogo("old.png");
    const replacement = await uploadLogo("new.png");
    const key = (await storedKey(old.id))!;
    const setLogo = async (url: string) => {
      const current = await call(getStudy, { headers: superuser.headers, params: { id: String(studyId) } });
      const study = current.json as unknown as { version: number; config: { ui_settings?: object } };
      const res = await call(putStudy, {
        method: "PUT",
        headers: superuser.headers,
        params: { id: String(studyId) },
        body: {
          version: study.version,
          config: { ...study.config, ui_settings: { ...study.config.ui_settings, logo_url: url } },
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    await setLogo(old.file_url);
    await expectKept(old, PNG);
    await setLogo(replacement.file_url);
    await expectDeleted(old, key);
    await expectKept(replacement, PNG);
  });

  it("refuses an attachment block naming a file that does not exist (422)", async () => {
    const missing = "/api/files/00000000-0000-4000-8000-000000000000";
    const res = await call(createBlock, {
      method: "POST",
      headers: superuser.headers,
      params: { id: String(studyId) },
      body: {
        type: "attachment",
        title: "x",
        settings: { file_url: missing, file_name: "x.pdf", file_size: 1 },
      },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain("Upload a file for the attachment");
  });
});
