/**
 * The sweep of uploads nothing names (docs/decisions/0014), run against the store a test file
 * configures (upload-sweep-s3.test.ts: a real S3-protocol server; upload-sweep-local.test.ts: the
 * local directory). Time is the sweep's `now`, taken from each upload's own creation time, so
 * nothing waits on the wall clock.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createBlock } from "@/app/api/studies/[id]/contents/route";
import { POST as logo } from "@/app/api/studies/[id]/logo/route";
import { GET as getStudy, PUT as putStudy } from "@/app/api/studies/[id]/route";
import { POST as upload } from "@/app/api/upload/route";
import { closeDb, getDb, getHandle } from "@/db/client";
import { auditLogs, contentBlocks, uploads } from "@/db/schema";
import type { UploadResponse } from "@/lib/schemas/contents";
import { holdUpload } from "@/lib/server/uploads/upload-references";
import {
  startUploadSweeps,
  stopUploadSweeps,
  SWEEP_REASON,
  sweepUnreferencedUploads,
  UPLOAD_SWEEP_INTERVAL_MS,
  uploadSweepGraceMs,
  uploadSweepSettled,
} from "@/lib/server/uploads/upload-sweep";
import { callerFor, createStudy, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";
import { manualClock } from "../support/manual-clock";
import { PDF, PNG, postFile } from "./upload-fixtures";

const HOUR = 60 * 60_000;

export function describeUploadSweep(store: string, readStored: (key: string) => Promise<Uint8Array | null>) {
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

  async function row(id: string) {
    const db = await getDb();
    const [found] = await db.select().from(uploads).where(eq(uploads.id, id));
    return found ?? null;
  }
  /** The sweep's time at which `file` is `offset` ms past the grace period. */
  async function pastGrace(file: UploadResponse, offset: number) {
    return (await row(file.id))!.createdAt.getTime() + uploadSweepGraceMs() + offset;
  }
  async function sweepAudit(id: string) {
    const db = await getDb();
    return db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entityType, "upload"), eq(auditLogs.entityId, id), eq(auditLogs.action, "delete")),
      );
  }
  async function expectSwept(file: UploadResponse, key: string) {
    expect(await row(file.id)).toBeNull();
    expect(await readStored(key)).toBeNull();
    const audit = await sweepAudit(file.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: null, reason: SWEEP_REASON, studyId });
    expect(audit[0]!.oldValues).toMatchObject({ file_name: file.file_name, file_size: file.file_size });
  }
  async function expectKept(file: UploadResponse, bytes: Uint8Array) {
    const found = await row(file.id);
    expect(found).not.toBeNull();
    expect(await readStored(found!.storageKey)).toEqual(bytes);
    expect(await sweepAudit(file.id)).toHaveLength(0);
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
  }
  async function setLogo(url: string) {
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
  }

  beforeAll(async () => {
    superuser = await callerFor({ roleLevel: "superadmin" });
    studyId = (await createStudy(superuser)).id;
  });

  describe(`uploads named nowhere are swept after the grace period (${store})`, () => {
    it("has a grace period of 24 hours by default", () => {
      expect(uploadSweepGraceMs()).toBe(24 * HOUR);
    });

    it("deletes an old upload never named: row, bytes, audit entry", async () => {
      const file = await attach("closed-dialog.pdf");
      const key = (await row(file.id))!.storageKey;
      expect(await readStored(key)).toEqual(PDF);
      const db = await getDb();
      const removed = await sweepUnreferencedUploads(db, { now: await pastGrace(file, 1) });
      expect(removed.map((f) => f.id)).toContain(file.id);
      await expectSwept(file, key);
    });

    it("keeps an upload within the grace period (a dialog still open), sweeps it after", async () => {
      const file = await attach("open-dialog.pdf");
      const key = (await row(file.id))!.storageKey;
      const db = await getDb();
      await sweepUnreferencedUploads(db, { now: await pastGrace(file, -HOUR) });
      await expectKept(file, PDF);
      await sweepUnreferencedUploads(db, { now: await pastGrace(file, 1) });
      await expectSwept(file, key);
    });

    it("keeps old uploads a block or the study's logo names", async () => {
      const attached = await attach("protocol.pdf");
      await attachmentBlock(attached);
      const logoFile = await uploadLogo("logo.png");
      await setLogo(logoFile.file_url);
      const db = await getDb();
      await sweepUnreferencedUploads(db, { now: (await pastGrace(logoFile, 0)) + 365 * 24 * HOUR });
      await expectKept(attached, PDF);
      await expectKept(logoFile, PNG);
    });

    it("keeps a file a block saved while the sweep runs names (the FOR SHARE hold)", async () => {
      const file = await attach("racing.pdf");
      const db = await getDb();
      const { driver } = await getHandle();
      const now = await pastGrace(file, 1);
      let sweep: Promise<unknown> | undefined;
      // The block save, as the content service makes it: the upload held FOR SHARE, the block
      // written; the sweep starts before it commits.
      await db.transaction(async (tx) => {
        expect(await holdUpload(tx, file.id, studyId)).toBe(true);
        await tx.insert(contentBlocks).values({
          studyId,
          type: "attachment",
          title: file.file_name,
          settings: { file_url: file.file_url, file_name: file.file_name, file_size: file.file_size },
        });
        sweep = sweepUnreferencedUploads(db, { now });
        // On PostgreSQL the sweep reads the file as named nowhere (the block is not committed) and
        // then waits for the row's lock; PGlite has one connection, so it waits for the commit.
        if (driver === "pg") {
          for (;;) {
            const [waiting] = await db
              .select({ n: sql<number>`count(*)::int` })
              .from(sql`pg_stat_activity`)
              .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
            if (waiting!.n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
      });
      await sweep;
      await expectKept(file, PDF);
    });

    it("sweeps at start and then every hour on the server's clock, until closeDb", async () => {
      const first = await attach("first.pdf");
      const firstKey = (await row(first.id))!.storageKey;
      const timers = manualClock(await pastGrace(first, 1));
      const db = await getDb();
      startUploadSweeps(db, timers.clock);
      await uploadSweepSettled(db);
      await expectSwept(first, firstKey);
      expect([...timers.pending.values()].map((t) => t.ms)).toEqual([UPLOAD_SWEEP_INTERVAL_MS]);

      // Uploaded just before the first sweep: within the grace period then, past it an hour later.
      const second = await attach("second.pdf");
      const secondKey = (await row(second.id))!.storageKey;
      const createdAt = (await row(second.id))!.createdAt.getTime();
      const at = manualClock(createdAt + uploadSweepGraceMs() - HOUR / 2);
      await stopAndRestart(db, at);
      await expectKept(second, PDF);
      at.fire();
      await uploadSweepSettled(db);
      await expectSwept(second, secondKey);
      expect(at.pending.size).toBe(1);

      await closeDb();
      expect(at.pending.size).toBe(0);
    });
  });

  /** Replaces the sweeps' clock: stops them and starts them again (a sweep at once). */
  async function stopAndRestart(
    db: Awaited<ReturnType<typeof getDb>>,
    timers: ReturnType<typeof manualClock>,
  ) {
    await stopUploadSweeps(db);
    startUploadSweeps(db, timers.clock);
    await uploadSweepSettled(db);
  }
}
