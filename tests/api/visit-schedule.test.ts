/**
 * The visit schedule (decision 0025) through the API, with the clinical day fixed
 * (setClinicalClock): one patient's planned visits with exact statuses, the overdue list, scope,
 * the maintained next visit after every visit write and config change, and the next-visit sort.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as scheduleRoute } from "@/app/api/patients/[id]/schedule/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { GET as overdueRoute } from "@/app/api/reports/overdue-visits/route";
import { GET as getStudy, PUT as putStudy } from "@/app/api/studies/[id]/route";
import { DELETE as removeVisit, PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { patients, visits } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { visitSchedule } from "@/lib/schedule/visit-schedule";
import { setClinicalClock } from "@/lib/server/clinical/clinical-today";
import { call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let studyId: number;
let pi: Caller;
let subA: Caller;
let outsider: Caller;
let otherStudyId: number;
let seq = 0;
let groupB: number;

/** Noon of a calendar day, local time: the clinical day is the server's local one. */
const onDay = (day: string) => setClinicalClock(() => new Date(`${day}T12:00:00`));

const data = { current_therapy: "adalimumab", pasi_score: 10, adverse_event: false };

/** A study with medical groups asks for one (decision 0028): a PI's patients go to group B here. */
async function enrol(caller: Caller, code = `SCH-${++seq}`, study = studyId) {
  const group = study === studyId && caller !== subA ? { medical_group_id: groupB } : {};
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(study, code, group),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function visit(caller: Caller, patientId: number, number: number, type: string, date: string) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: {
      patient_id: patientId,
      visit_number: number,
      visit_date: date,
      visit_type: type,
      data_fields: data,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number };
}

const schedule = (caller: Caller, id: number) =>
  call(scheduleRoute, { headers: caller.headers, params: { id: String(id) } });
const overdue = (caller: Caller, query: string) =>
  call(overdueRoute, { headers: caller.headers, path: `/api/reports/overdue-visits?${query}` });

type Planned = {
  visit_type: string;
  due: string | null;
  window_start: string | null;
  window_end: string | null;
  status: string | null;
};

async function maintained(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ type: patients.nextVisitType, due: patients.nextVisitDue, end: patients.nextVisitWindowEnd })
    .from(patients)
    .where(eq(patients.id, id));
  return row!;
}

let p1: number; // baseline 2024-01-01, week 4 out of window, week 12 on time
let p2: number; // baseline 2024-01-01 only: week 4 overdue
let p3: number; // no visit: not started
let p4: number; // sub-investigator A's, baseline 2024-03-01 only: week 4 overdue

beforeAll(async () => {
  onDay("2024-06-01");
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  const groupA = await createGroup(studyId, "SCHA");
  groupB = (await createGroup(studyId, "SCHB")).id;
  pi = await memberOf(studyId, "principal_investigator");
  subA = await memberOf(studyId, "sub_investigator", groupA.id);
  otherStudyId = (await createStudy(admin)).id;
  outsider = await memberOf(otherStudyId, "principal_investigator");

  p1 = (await enrol(pi)).id;
  await visit(pi, p1, 1, "baseline", "2024-01-01");
  await visit(pi, p1, 2, "week_4", "2024-02-10");
  await visit(pi, p1, 3, "week_12", "2024-03-20");
  p2 = (await enrol(pi)).id;
  await visit(pi, p2, 1, "baseline", "2024-01-01");
  p3 = (await enrol(pi)).id;
  p4 = (await enrol(subA)).id;
  await visit(subA, p4, 1, "baseline", "2024-03-01");
});

afterAll(() => setClinicalClock(null));

describe("GET /api/patients/{id}/schedule", () => {
  it("plans each scheduled visit from the baseline with exact dates and statuses on a fixed day", async () => {
    onDay("2024-06-01");
    const res = await schedule(pi, p1);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      patient_id: p1,
      today: "2024-06-01",
      scheduled: true,
      started: true,
      baseline_type: "baseline",
      baseline_date: "2024-01-01",
    });
    const planned = res.json.planned as Planned[];
    expect(planned.map((p) => [p.visit_type, p.due, p.window_start, p.window_end, p.status])).toEqual([
      ["baseline", "2024-01-01", "2024-01-01", "2024-01-01", "done"],
      ["week_4", "2024-01-29", "2024-01-22", "2024-02-05", "out_of_window"],
      ["week_12", "2024-03-25", "2024-03-18", "2024-04-08", "done"],
      ["week_24", "2024-06-17", "2024-06-03", "2024-07-01", "upcoming"],
      ["week_52", "2024-12-30", "2024-12-02", "2025-01-27", "upcoming"],
    ]);
    expect(res.json.next).toMatchObject({ visit_type: "week_24", due: "2024-06-17" });
    expect((res.json.planned as { visit: unknown }[])[2]!.visit).toMatchObject({
      visit_number: 3,
      visit_date: "2024-03-20",
    });
  });

  it("the window's first and last days are due, the day after is overdue", async () => {
    const status = async (day: string) => {
      onDay(day);
      return ((await schedule(pi, p1)).json.planned as Planned[])[3]!.status;
    };
    expect(await status("2024-06-02")).toBe("upcoming");
    expect(await status("2024-06-03")).toBe("due");
    expect(await status("2024-07-01")).toBe("due");
    expect(await status("2024-07-02")).toBe("overdue");
    onDay("2024-06-01");
  });

  it("a patient without a baseline visit: the schedule has not started", async () => {
    const res = await schedule(pi, p3);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ started: false, baseline_date: null, next: null });
    expect((res.json.planned as Planned[]).every((p) => p.due === null && p.status === null)).toBe(true);
  });

  it("within scope: a sub-investigator reads their group's, 404 for others; 404 across studies", async () => {
    expect((await schedule(subA, p4)).status).toBe(200);
    expect((await schedule(subA, p1)).status).toBe(404);
    expect((await schedule(outsider, p1)).status).toBe(404);
    expect((await schedule(pi, 2_000_000_000)).status).toBe(404);
  });
});

describe("GET /api/reports/overdue-visits", () => {
  it("lists the patients whose next visit's window closed, longest overdue first, with days late", async () => {
    onDay("2024-06-01");
    const res = await overdue(pi, `study_id=${studyId}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ today: "2024-06-01", total: 2, next_cursor: null });
    expect(res.json.items).toEqual([
      {
        patient_id: p2,
        patient_code: expect.any(String),
        visit_type: "week_4",
        due: "2024-01-29",
        window_end: "2024-02-05",
        days_overdue: 117,
      },
      {
        patient_id: p4,
        patient_code: expect.any(String),
        visit_type: "week_4",
        due: "2024-03-29",
        window_end: "2024-04-05",
        days_overdue: 57,
      },
    ]);
    // On the window's last day a visit is still due, not overdue.
    onDay("2024-02-05");
    expect((await overdue(pi, `study_id=${studyId}`)).json.total).toBe(0);
    onDay("2024-02-06");
    expect((await overdue(pi, `study_id=${studyId}`)).json.items).toMatchObject([
      { patient_id: p2, days_overdue: 1 },
    ]);
    onDay("2024-06-01");
  });

  it("pages with a keyset cursor", async () => {
    const first = await overdue(pi, `study_id=${studyId}&page_size=1`);
    expect(first.json.items).toMatchObject([{ patient_id: p2 }]);
    const second = await overdue(
      pi,
      `study_id=${studyId}&page_size=1&cursor=${String(first.json.next_cursor)}`,
    );
    expect(second.json.items).toMatchObject([{ patient_id: p4 }]);
    expect((await overdue(pi, `study_id=${studyId}&page_size=1&page=2`)).json.items).toMatchObject([
      { patient_id: p4 },
    ]);
    expect((await overdue(pi, `study_id=${studyId}&cursor=nonsense`)).status).toBe(422);
    expect((await overdue(pi, `study_id=${studyId}&page_size=1000`)).status).toBe(422);
  });

  it("within scope: a sub-investigator sees their group's only; another study's member is refused", async () => {
    const mine = await overdue(subA, `study_id=${studyId}`);
    expect(mine.json).toMatchObject({ total: 1, items: [{ patient_id: p4 }] });
    expect((await overdue(outsider, `study_id=${studyId}`)).status).toBe(404);
  });
});

describe("the maintained next visit (patients.next_visit_*)", () => {
  it("follows every visit create, update and delete, and equals the pure schedule's next", async () => {
    const id = (await enrol(pi)).id;
    expect(await maintained(id)).toEqual({ type: null, due: null, end: null });
    const base = await visit(pi, id, 1, "baseline", "2024-02-01");
    expect(await maintained(id)).toEqual({ type: "week_4", due: "2024-02-29", end: "2024-03-07" });
    const w4 = await visit(pi, id, 2, "week_4", "2024-03-01");
    expect(await maintained(id)).toEqual({ type: "week_12", due: "2024-04-25", end: "2024-05-09" });
    // Moving the baseline moves every due date.
    const moved = await call(updateVisit, {
      method: "PUT",
      headers: pi.headers,
      params: { id: String(base.id) },
      body: { version: base.version, reason: "Date corrected", visit_date: "2024-02-08" },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await maintained(id)).toEqual({ type: "week_12", due: "2024-05-02", end: "2024-05-16" });
    const gone = await call(removeVisit, {
      method: "DELETE",
      headers: pi.headers,
      params: { id: String(w4.id) },
      body: { reason: "Entered twice" },
    });
    expect(gone.status, JSON.stringify(gone.json)).toBe(204);
    expect(await maintained(id)).toEqual({ type: "week_4", due: "2024-03-07", end: "2024-03-14" });

    const db = await getDb();
    const rows = await db.select().from(visits).where(eq(visits.patientId, id));
    const live = rows.filter((v) => v.deletedAt === null);
    const pure = visitSchedule(DEMO_STUDY_CONFIG.visit_types ?? [], live, "2024-06-01").next;
    expect(await maintained(id)).toEqual({ type: pure?.visitType, due: pure?.due, end: pure?.windowEnd });
  });

  it("is recomputed for the whole study in the transaction that changes its visit types", async () => {
    const study = (await call(getStudy, { headers: admin.headers, params: { id: String(studyId) } }))
      .json as {
      version: number;
      config: {
        visit_types: {
          code: string;
          order: number;
          day_offset?: number;
          window_before?: number;
          window_after?: number;
        }[];
      };
    };
    // Week 4 leaves the schedule: p2 and p4 are next due at week 12.
    const config = {
      ...study.config,
      visit_types: study.config.visit_types.map(
        ({ day_offset: _d, window_before: _b, window_after: _a, ...vt }) =>
          vt.code === "week_4" ? vt : { ...vt, day_offset: _d, window_before: _b, window_after: _a },
      ),
    };
    const res = await call(putStudy, {
      method: "PUT",
      headers: admin.headers,
      params: { id: String(studyId) },
      body: { version: study.version, config },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await maintained(p2)).toEqual({ type: "week_12", due: "2024-03-25", end: "2024-04-08" });
    expect(await maintained(p4)).toEqual({ type: "week_12", due: "2024-05-24", end: "2024-06-07" });
    expect(await maintained(p3)).toEqual({ type: null, due: null, end: null });
    // The set-based statement (schedule-queries.ts) and the pure schedule agree on every patient.
    const db = await getDb();
    for (const id of [p1, p2, p3, p4]) {
      const live = (await db.select().from(visits).where(eq(visits.patientId, id))).filter(
        (v) => v.deletedAt === null,
      );
      const pure = visitSchedule(config.visit_types, live, "2024-06-01").next;
      expect(await maintained(id), `patient ${id}`).toEqual({
        type: pure?.visitType ?? null,
        due: pure?.due ?? null,
        end: pure?.windowEnd ?? null,
      });
    }
    // p4's week 12 window is still open on 1 June; the earlier test's patient is overdue too.
    const list = await overdue(pi, `study_id=${studyId}`);
    const items = list.json.items as { patient_id: number; visit_type: string; days_overdue: number }[];
    expect(items[0]).toMatchObject({ patient_id: p2, visit_type: "week_12", days_overdue: 54 });
    expect(items.map((item) => item.patient_id)).not.toContain(p4);
  });

  it("a window without an offset, or two day-0 types, is refused on save with a field message", async () => {
    const study = (await call(getStudy, { headers: admin.headers, params: { id: String(otherStudyId) } }))
      .json as {
      version: number;
      config: { visit_types: Record<string, unknown>[] };
    };
    const types = study.config.visit_types.map((vt) =>
      vt.code === "unscheduled"
        ? { ...vt, window_after: 3 }
        : vt.code === "week_4"
          ? { ...vt, day_offset: 0 }
          : vt,
    );
    const res = await call(putStudy, {
      method: "PUT",
      headers: admin.headers,
      params: { id: String(otherStudyId) },
      body: { version: study.version, config: { ...study.config, visit_types: types } },
    });
    expect(res.status).toBe(422);
    const messages = JSON.stringify(res.json.detail);
    expect(messages).toContain("A window needs a day offset.");
    expect(messages).toContain("Only one visit type can be the baseline (day 0).");
  });
});

describe("GET /api/patients?sort=next_visit_due", () => {
  it("sorts by the next visit due on the index, nulls last going up and first going down, with keyset pages", async () => {
    const sortStudy = (await createStudy(admin)).id;
    const doc = await memberOf(sortStudy, "principal_investigator");
    const dated: Record<string, number> = {};
    for (const [code, baseline] of [
      ["S-C", "2024-03-01"],
      ["S-A", "2024-01-01"],
      ["S-B", "2024-02-01"],
    ] as const) {
      dated[code] = (await enrol(doc, code, sortStudy)).id;
      await visit(doc, dated[code], 1, "baseline", baseline);
    }
    await enrol(doc, "S-N1", sortStudy);
    await enrol(doc, "S-N2", sortStudy);
    const page = (query: string) =>
      call(listPatients, {
        headers: doc.headers,
        path: `/api/patients?study_id=${sortStudy}&sort=next_visit_due&${query}`,
      });
    const codes = (res: { json: Record<string, unknown> }) =>
      (res.json.items as { code: string }[]).map((p) => p.code);

    const all = await page("page_size=10");
    expect(codes(all)).toEqual(["S-A", "S-B", "S-C", "S-N1", "S-N2"]);
    expect((all.json.items as { next_visit_due: string | null }[])[0]!.next_visit_due).toBe("2024-01-29");
    expect(codes(await page("page_size=10&order=desc"))).toEqual(["S-N2", "S-N1", "S-C", "S-B", "S-A"]);

    // Keyset pages of two, both ways, across the boundary between dates and nulls.
    for (const [order, expected] of [
      ["asc", ["S-A", "S-B", "S-C", "S-N1", "S-N2"]],
      ["desc", ["S-N2", "S-N1", "S-C", "S-B", "S-A"]],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await page(`page_size=2&order=${order}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        seen.push(...codes(res));
        cursor = res.json.next_cursor as string | null;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
    // Offset pages too.
    expect(codes(await page("page_size=2&page=2"))).toEqual(["S-C", "S-N1"]);
  });
});
