/**
 * The statements a request sends to the database, counted (docs/decisions/0019): counted work,
 * unlike timings, does not depend on how busy the machine is.
 */
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getPatient } from "@/app/api/patients/[id]/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { GET as getQueryRoute } from "@/app/api/queries/[id]/route";
import { POST as openQueryRoute } from "@/app/api/queries/route";
import { GET as visitsOfPatient } from "@/app/api/visits/patient/[patientId]/route";
import { getDb } from "@/db/client";
import { poolOf } from "@/lib/server/auth/session-watch";
import { call } from "./helpers";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";

type Statement = { text: string; named: boolean };
type Queryish = { query: (...a: unknown[]) => unknown; exec?: (...a: unknown[]) => unknown };

/**
 * Every statement `fn` sent on the application's connections. On PostgreSQL: what node-postgres
 * sent, transaction control included; the session watch's empty barrier query (shared by the
 * requests that arrive together, session-watch.ts) is left out. On PGlite: what drizzle asked of
 * the database and of its transactions (PGlite begins and commits by itself).
 */
async function statementsOf(fn: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const note = (config: unknown) => {
    const text = typeof config === "string" ? config : String((config as { text?: string })?.text ?? "");
    const named = typeof config === "object" && Boolean((config as { name?: string })?.name);
    if (text !== "") seen.push({ text, named });
  };
  const db = await getDb();
  const restore: (() => void)[] = [];
  const wrap = (target: Queryish, method: "query" | "exec") => {
    const original = target[method]!;
    target[method] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => (target[method] = original));
  };
  if (poolOf(db)) {
    wrap(pg.Client.prototype as unknown as Queryish, "query");
  } else {
    const client = (db as unknown as { $client: Queryish & { transaction: (...a: unknown[]) => unknown } })
      .$client;
    wrap(client, "query");
    wrap(client, "exec");
    const transaction = client.transaction;
    client.transaction = (callback: unknown, ...rest: unknown[]) =>
      transaction.call(
        client,
        (tx: Queryish) => {
          wrap(tx, "query");
          wrap(tx, "exec");
          return (callback as (tx: Queryish) => unknown)(tx);
        },
        ...rest,
      );
    restore.push(() => (client.transaction = transaction));
  }
  try {
    await fn();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return seen;
}

let admin: Caller;
let studyId: number;
let patientId: number;

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  const res = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, "RT-1"),
  });
  expect(res.status).toBe(201);
  patientId = (res.json as { id: number }).id;
});

const visitBody = (n: number) => ({
  patient_id: patientId,
  visit_number: n,
  visit_date: "2024-01-01",
  visit_type: n === 1 ? "baseline" : "unscheduled",
  data_fields: { current_therapy: "adalimumab", pasi_score: 12, adverse_event: false },
});

describe("round trips of an audited visit write", () => {
  it("a follow-up visit: no session read, no protocol-version read, the audit rows in one statement", async () => {
    // The first visit of the study records its protocol version (and warms the session copy).
    expect(
      (await call(createVisit, { method: "POST", headers: admin.headers, body: visitBody(1) })).status,
    ).toBe(201);
    const statements = await statementsOf(async () => {
      const res = await call(createVisit, { method: "POST", headers: admin.headers, body: visitBody(2) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    });
    const texts = statements.map((s) => s.text);
    const onPostgres = poolOf(await getDb()) !== null;
    expect(texts.filter((t) => t.includes('"auth_sessions"'))).toEqual(
      onPostgres ? [] : [expect.any(String)],
    );
    expect(texts.filter((t) => t.includes('from "protocol_versions"'))).toEqual([]);
    expect(texts.filter((t) => /audit_logs|audit_append_at_head/.test(t))).toEqual([
      "select audit_append_at_head($1, $2, $3::jsonb) as head",
    ]);
    // begin; study context; patient (locked); its visits; its lines; the visit; the patient's
    // figures; the audit rows; commit. It was 12 (a session read, a protocol-version read, the
    // chain lock and head read, then the audit insert).
    if (onPostgres) expect(statements).toHaveLength(9);
    else expect(statements.length).toBeLessThanOrEqual(9);
  });
});

describe("round trips of the hot reads", () => {
  it("the patient list's page and a patient's detail seen before: the data alone on PostgreSQL (the study context is a watched copy)", async () => {
    const onPostgres = poolOf(await getDb()) !== null;
    const path = `/api/patients?study_id=${studyId}&page=1&page_size=100&sort=code`;
    await call(listPatients, { path, headers: admin.headers });
    await call(getPatient, { headers: admin.headers, params: { id: String(patientId) } });
    const list = await statementsOf(async () => {
      expect((await call(listPatients, { path, headers: admin.headers })).status).toBe(200);
    });
    const detail = await statementsOf(async () => {
      const res = await call(getPatient, { headers: admin.headers, params: { id: String(patientId) } });
      expect(res.status).toBe(200);
    });
    // Prepared (named) on PostgreSQL: parsed and planned once per connection.
    expect(list).toHaveLength(onPostgres ? 1 : 3);
    expect(detail).toHaveLength(onPostgres ? 1 : 3);
    if (onPostgres) expect([...list, ...detail].every((s) => s.named)).toBe(true);
  });

  it("a patient's visits: the patient in scope with its visits in one (after the study context on PGlite)", async () => {
    const onPostgres = poolOf(await getDb()) !== null;
    const read = () =>
      call(visitsOfPatient, { headers: admin.headers, params: { patientId: String(patientId) } });
    await read();
    const statements = await statementsOf(async () => {
      const res = await read();
      expect(res.status).toBe(200);
      expect((res.json as unknown as unknown[]).length).toBeGreaterThan(0);
    });
    const bare = await call(createPatient, {
      method: "POST",
      headers: admin.headers,
      body: patientBody(studyId, "RT-2"),
    });
    const none = await call(visitsOfPatient, {
      headers: admin.headers,
      params: { patientId: String((bare.json as { id: number }).id) },
    });
    expect([none.status, none.json]).toEqual([200, []]);
    // It was 3: the study context, the patient, then its visits; then 2 (the study context read).
    expect(statements).toHaveLength(onPostgres ? 1 : 3);
    if (onPostgres) expect(statements.every((s) => s.named)).toBe(true);
  });
});

describe("round trips of opening a query", () => {
  it("the query, its step and its patient's count in one statement, nothing read back, the same answer as a read", async () => {
    const onPostgres = poolOf(await getDb()) !== null;
    const visit = await call(createVisit, { method: "POST", headers: admin.headers, body: visitBody(7) });
    expect(visit.status).toBe(201);
    const body = (n: number) => ({
      study_id: studyId,
      entity_type: "visit",
      entity_id: (visit.json as { id: number }).id,
      field: "pasi_score",
      text: `Please check the score (${n}).`,
    });
    await call(openQueryRoute, { method: "POST", headers: admin.headers, body: body(1) });
    let opened: { status: number; json: unknown } | undefined;
    const statements = await statementsOf(async () => {
      opened = await call(openQueryRoute, { method: "POST", headers: admin.headers, body: body(2) });
    });
    expect(opened!.status, JSON.stringify(opened!.json)).toBe(201);
    const texts = statements.map((s) => s.text);
    // begin; study context; the visit in scope; the query, its step and the count; the audit rows;
    // commit. It was 10 (the whole visit row, three inserts and updates, two reads back).
    if (onPostgres) expect(statements).toHaveLength(6);
    else expect(statements.length).toBeLessThanOrEqual(6);
    expect(texts.filter((t) => /insert into|update /i.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /from "queries"|from "query_steps"/.test(t))).toEqual([]);
    // The answer built from the write is the query as it is read afterwards.
    const id = String((opened!.json as { id: number }).id);
    const read = await call(getQueryRoute, { headers: admin.headers, params: { id } });
    expect(read.status).toBe(200);
    expect(opened!.json).toEqual(read.json);
    expect(read.json).toMatchObject({
      status: "open",
      patient_code: "RT-1",
      visit_number: 7,
      field: "pasi_score",
    });
  });
});
