/**
 * The data queries' CSV export (docs/decisions/0030) on PostgreSQL and PGlite alike: a record per
 * step of each thread, the list's clinical scope (a medico's own patients only), the list's
 * filters, RFC 4180 cells (comma, quote and line break inside a step's text), the byte-order mark,
 * and the `export` audit rows of the study.
 */
import { and, eq, gt, max } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as closeRoute } from "@/app/api/queries/[id]/close/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { GET as exportRoute } from "@/app/api/queries/export/route";
import { POST as openRoute } from "@/app/api/queries/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import { QUERY_EXPORT_COLUMNS } from "@/lib/schemas/queries";
import { BASE, call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;

let studyId: number;
let studyCode: string;
let monitor: Caller;
let medico: Caller;
let otherMedico: Caller;
let groupA: number;
let groupB: number;
let monitorName: string;
let medicoName: string;

/** Query 1: closed thread of three steps (medico's patient, group A, baseline visit, PASI). */
let closedId: number;
/** Query 2: open, on the other medico's patient (group B, week 4 visit, as a whole). */
let otherId: number;
/** Query 3: open, on the medico's patient's own field; its text holds a comma, quotes and a newline. */
let trickyId: number;
const TRICKY = 'PASI "20", really?\nPlease check the source';

async function enrol(caller: Caller, code: string, group: number) {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, code, { medical_group_id: group }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function visit(caller: Caller, patientId: number, n: number, type: string) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: {
      patient_id: patientId,
      visit_number: n,
      visit_date: `2024-0${n}-10`,
      visit_type: type,
      data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function open(body: Json) {
  const res = await call(openRoute, {
    method: "POST",
    headers: monitor.headers,
    body: { study_id: studyId, ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function nameOf(caller: Caller) {
  const db = await getDb();
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, caller.userId));
  return row!.name;
}

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  const study = await createStudy(admin);
  studyId = study.id;
  studyCode = study.code;
  groupA = (await createGroup(studyId, "XA")).id;
  groupB = (await createGroup(studyId, "XB")).id;
  monitor = await memberOf(studyId, "study_monitor");
  medico = await memberOf(studyId, "medico");
  otherMedico = await memberOf(studyId, "medico");
  monitorName = await nameOf(monitor);
  medicoName = await nameOf(medico);

  const own = await enrol(medico, "EXP-1", groupA);
  const ownVisit = await visit(medico, own, 1, "baseline");
  const other = await enrol(otherMedico, "EXP-2", groupB);
  await visit(otherMedico, other, 1, "baseline");
  const otherVisit = await visit(otherMedico, other, 2, "week_4");

  closedId = await open({
    entity_type: "visit",
    entity_id: ownVisit,
    field: "pasi_score",
    text: "PASI 20 at baseline?",
    assignee_id: medico.userId,
  });
  const answered = await call(respondRoute, {
    method: "POST",
    headers: medico.headers,
    params: { id: String(closedId) },
    body: { category: "confirmed_correct", text: "Checked against the chart" },
  });
  expect(answered.status).toBe(200);
  const closed = await call(closeRoute, {
    method: "POST",
    headers: monitor.headers,
    params: { id: String(closedId) },
    body: { text: "Accepted" },
  });
  expect(closed.status).toBe(200);
  otherId = await open({ entity_type: "visit", entity_id: otherVisit, text: "Visit date after the next?" });
  trickyId = await open({ entity_type: "patient", entity_id: own, field: "weight_kg", text: TRICKY });
});

function exportRequest(caller: Caller, query: Record<string, string> = {}) {
  const url = new URL(`${BASE}/api/queries/export`);
  url.searchParams.set("study_id", String(studyId));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return exportRoute(new Request(url, { headers: caller.headers }), { params: Promise.resolve({}) });
}

/** The file as read by an independent RFC 4180 reader: the header and the records as objects. */
async function exportCsv(caller: Caller, query: Record<string, string> = {}) {
  const res = await exportRequest(caller, query);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // The decoder drops the byte-order mark, as a spreadsheet does after reading it.
  const raw = new TextDecoder().decode(bytes);
  expect(res.status, raw.slice(0, 300)).toBe(200);
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(raw, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...records] = parsed.data;
  return {
    res,
    raw,
    header: header!,
    rows: records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]]))),
  };
}

describe("GET /api/queries/export", () => {
  it("writes a record per step of every thread, with the query's where, status and days open", async () => {
    const { res, header, rows } = await exportCsv(monitor, { order: "asc" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${studyCode}_queries_\\d{8}T\\d{6}Z\\.csv"$`),
    );
    expect(header).toEqual([...QUERY_EXPORT_COLUMNS]);
    // Oldest query first, each thread oldest step first.
    expect(rows.map((r) => [r.query_id, r.step_kind])).toEqual([
      [String(closedId), "open"],
      [String(closedId), "response"],
      [String(closedId), "close"],
      [String(otherId), "open"],
      [String(trickyId), "open"],
    ]);
    expect(rows[1]).toEqual({
      query_id: String(closedId),
      patient_code: "EXP-1",
      entity_type: "visit",
      visit_number: "1",
      visit_type: "baseline",
      field: "pasi_score",
      query_status: "closed",
      assignee_id: String(medico.userId),
      step_kind: "response",
      step_category: "confirmed_correct",
      step_text: "Checked against the chart",
      step_author: medicoName,
      step_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      days_open: "0",
    });
    expect(rows[0]).toMatchObject({
      step_author: monitorName,
      step_category: "",
      step_text: "PASI 20 at baseline?",
    });
    // A visit as a whole names no field; a patient query has no visit.
    expect(rows[3]).toMatchObject({
      patient_code: "EXP-2",
      visit_number: "2",
      visit_type: "week_4",
      field: "",
    });
    expect(rows[4]).toMatchObject({
      entity_type: "patient",
      visit_number: "",
      visit_type: "",
      field: "weight_kg",
    });
    // Newest first unless told: the order of the list.
    const newest = await exportCsv(monitor);
    expect([...new Set(newest.rows.map((r) => r.query_id))]).toEqual(
      [trickyId, otherId, closedId].map(String),
    );
  });

  it("keeps a comma, quotes and a line break inside one quoted cell", async () => {
    const { raw, rows } = await exportCsv(monitor, { field: "weight_kg" });
    expect(raw).toContain('"PASI ""20"", really?\nPlease check the source"');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.step_text).toBe(TRICKY);
  });

  it("holds only the caller's scope: a medico's file has their own patients' queries", async () => {
    const own = await exportCsv(medico);
    expect(new Set(own.rows.map((r) => r.patient_code))).toEqual(new Set(["EXP-1"]));
    expect(new Set(own.rows.map((r) => r.query_id))).toEqual(new Set([closedId, trickyId].map(String)));
    const theirs = await exportCsv(otherMedico);
    expect(theirs.rows.map((r) => [r.query_id, r.patient_code])).toEqual([[String(otherId), "EXP-2"]]);
  });

  it("applies the list's filters: status, visit type, field, medical group, days open", async () => {
    const ids = async (query: Record<string, string>) => [
      ...new Set((await exportCsv(monitor, query)).rows.map((r) => Number(r.query_id))),
    ];
    expect(await ids({ status: "closed" })).toEqual([closedId]);
    expect(await ids({ status: "open" })).toEqual([trickyId, otherId]);
    expect(await ids({ visit_type: "week_4" })).toEqual([otherId]);
    expect(await ids({ field: "pasi_score" })).toEqual([closedId]);
    expect(await ids({ medical_group_id: String(groupB) })).toEqual([otherId]);
    expect(await ids({ medical_group_id: String(groupA), status: "open" })).toEqual([trickyId]);
    // Everything was opened today: none has been open for a day yet. The header is still there.
    const none = await exportCsv(monitor, { min_days_open: "1" });
    expect(none.rows).toEqual([]);
    expect(none.header).toEqual([...QUERY_EXPORT_COLUMNS]);
  });

  it("refuses a bad filter with 422 before writing anything", async () => {
    const res = await exportRequest(monitor, { status: "pending" });
    expect(res.status).toBe(422);
  });

  it("is audited as an export of the study: what was asked before the first byte, the records sent at the end", async () => {
    const db = await getDb();
    const [{ last }] = (await db.select({ last: max(auditLogs.id) }).from(auditLogs)) as [
      { last: number | null },
    ];
    const { res, rows } = await exportCsv(medico, { status: "closed", field: "pasi_score" });
    const fileName = /filename="([^"]+)"/.exec(res.headers.get("content-disposition")!)![1];
    const audit = await db
      .select()
      .from(auditLogs)
      .where(
        and(gt(auditLogs.id, last ?? 0), eq(auditLogs.entityType, "study"), eq(auditLogs.action, "export")),
      )
      .orderBy(auditLogs.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      entityId: String(studyId),
      studyId,
      userId: medico.userId,
      newValues: {
        format: "queries-csv",
        file_name: fileName,
        order: "desc",
        filters: { status: "closed", field: "pasi_score" },
        patient_scope: "own",
      },
    });
    expect(audit[1]).toMatchObject({
      userId: medico.userId,
      newValues: { file_name: fileName, status: "completed", rows: rows.length },
    });
    expect(rows).toHaveLength(3);
  });
});
