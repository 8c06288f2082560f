/**
 * Refused accesses are counted, not written one row each (docs/decisions/0018): a scripted loop of
 * refusals by one signed-in user on one route writes the first refusal at once and the repeats of
 * the minute as one row with their count. The windows follow an injected clock: nothing here waits
 * on the wall clock.
 */
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getPatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { closeDb, getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { DENIAL_WINDOW_MS, flushDenials, useDenialClock } from "@/lib/server/audit/denial-aggregator";
import type { BackgroundClock } from "@/lib/server/background-clock";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { restartsDatabase } from "./setup-database";

// Some tests here close and reopen the database (a restart).
restartsDatabase();

/** A clock that moves only when told, and timers that fire only when it passes them. */
function manualClock(start: number) {
  let now = start;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const clock: BackgroundClock = {
    now: () => now,
    schedule(run, ms) {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    cancel: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
  };
  return { clock, advance, pending: () => timers.size };
}

let owner: Caller;
let prober: Caller;
let patientId: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  const study = await createStudy(admin);
  owner = await memberOf(study.id, "medico");
  prober = await memberOf(study.id, "medico");
  const res = await call(createPatient, {
    method: "POST",
    headers: owner.headers,
    body: patientBody(study.id, "DENY-1"),
  });
  expect(res.status).toBe(201);
  patientId = (res.json as { id: number }).id;
});

const probe = () =>
  call(getPatient, {
    headers: prober.headers,
    path: `/api/patients/${patientId}`,
    params: { id: String(patientId) },
  });

async function denialRows() {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "access_denied"), eq(auditLogs.userId, prober.userId)))
    .orderBy(asc(auditLogs.id));
}

const countOf = (row: { newValues: Record<string, unknown> | null }) => Number(row.newValues?.count);

describe("denial auditing", () => {
  it("writes a burst of 500 refusals of one route within a minute as at most 2 rows counting 500", async () => {
    const db = await getDb();
    const time = manualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
    await useDenialClock(db, time.clock);
    const before = (await denialRows()).length;

    for (let wave = 0; wave < 50; wave++) {
      const answers = await Promise.all(Array.from({ length: 10 }, probe));
      expect(answers.every((a) => a.status === 404)).toBe(true);
      time.advance(100); // 5 s in all: the burst stays inside one window
    }
    // The first refusal was written at once; the 499 repeats wait for the window to close.
    expect((await denialRows()).length - before).toBe(1);
    time.advance(DENIAL_WINDOW_MS);
    await flushDenials(db);

    const rows = (await denialRows()).slice(before);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.map(countOf)).toEqual([1, 499]);
    expect(rows.reduce((sum, r) => sum + countOf(r), 0)).toBe(500);
    expect(rows[1]!.reason).toContain("repeated 499 more time(s)");
    expect(rows.every((r) => r.entityType === "patient" && r.entityId === String(patientId))).toBe(true);
  });

  it("starts a new window a minute after the first refusal, and loses no count at closeDb", async () => {
    const db = await getDb();
    const time = manualClock(Date.UTC(2026, 0, 5, 10, 0, 0));
    await useDenialClock(db, time.clock);
    const before = (await denialRows()).length;

    for (let i = 0; i < 3; i++) expect((await probe()).status).toBe(404);
    time.advance(DENIAL_WINDOW_MS - 1);
    expect((await probe()).status).toBe(404); // still the first window: 4 so far
    time.advance(1); // the window closes on its timer: its 3 repeats are written
    expect((await probe()).status).toBe(404); // a new window, written at once
    for (let i = 0; i < 6; i++) expect((await probe()).status).toBe(404);

    // Shutting down writes the open window's 6 repeats.
    await closeDb();
    const rows = (await denialRows()).slice(before);
    // The closed window's row and the new window's first row are written concurrently: any order.
    expect(rows.map(countOf).sort((a, b) => a - b)).toEqual([1, 1, 3, 6]);
    expect(time.pending()).toBe(0);
  });
});
