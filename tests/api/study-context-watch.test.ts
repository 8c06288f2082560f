/**
 * A study's context (the study, the reader's role there, the protocol version in force) is as
 * current as a database read on every request, though on PostgreSQL reads outside a transaction
 * take it from this process's watched copy (lib/server/clinical/study-context-cache.ts,
 * docs/decisions/0019): a role removed, moved to another medical group or given, whether through
 * this process or another connection (another instance, an operator), counts from the very next
 * request.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getPatient } from "@/app/api/patients/[id]/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { getDb } from "@/db/client";
import { poolOf } from "@/lib/server/auth/session-watch";
import { call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let other: { run: (statement: string, values: unknown[]) => Promise<void>; close: () => Promise<void> };
let admin: Caller;
let studyId: number;
let groupA: number;
let groupB: number;
const patientIds: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  const pool = poolOf(db);
  if (pool) {
    const client = new pg.Client(pool.options);
    await client.connect();
    other = {
      run: async (text, values) => void (await client.query(text, values)),
      close: () => client.end(),
    };
  } else {
    // PGlite serves one process over one connection: "another instance" cannot exist.
    const client = (db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } })
      .$client;
    other = { run: async (text, values) => void (await client.query(text, values)), close: async () => {} };
  }
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  groupA = (await createGroup(studyId, "A")).id;
  groupB = (await createGroup(studyId, "B")).id;
  // A patient belongs to the medical group of the sub-investigator who enrols it.
  for (const [code, group] of [
    ["WATCH-A", groupA],
    ["WATCH-B", groupB],
  ] as const) {
    const enrolling = await memberOf(studyId, "sub_investigator", group);
    const res = await call(createPatient, {
      method: "POST",
      headers: enrolling.headers,
      body: patientBody(studyId, code),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    patientIds[code] = Number(res.json.id);
  }
});

afterAll(() => other.close());

const path = () => `/api/patients?study_id=${studyId}&page=1&page_size=20&sort=code`;

async function codesSeenBy(caller: Caller): Promise<string[] | number> {
  const res = await call(listPatients, { path: path(), headers: caller.headers });
  if (res.status !== 200) return res.status;
  return (res.json.items as { code: string }[]).map((p) => p.code);
}

describe("the study context of a list read", () => {
  it("a sub-investigator moved to another group by another connection sees that group's patients at once", async () => {
    // Several times over: a race between the change and the next request would show here.
    for (let i = 0; i < 5; i++) {
      const sub = await memberOf(studyId, "sub_investigator", groupA);
      expect(await codesSeenBy(sub)).toEqual(["WATCH-A"]);
      expect(await codesSeenBy(sub)).toEqual(["WATCH-A"]);
      await other.run("update user_study_roles set medical_group_id = $2 where user_id = $1", [
        sub.userId,
        groupB,
      ]);
      expect(await codesSeenBy(sub)).toEqual(["WATCH-B"]);
    }
  });

  it("a role removed by another connection refuses the very next read", async () => {
    for (let i = 0; i < 5; i++) {
      const monitor = await memberOf(studyId, "study_monitor");
      expect(await codesSeenBy(monitor)).toEqual(["WATCH-A", "WATCH-B"]);
      expect(await codesSeenBy(monitor)).toEqual(["WATCH-A", "WATCH-B"]);
      await other.run("delete from user_study_roles where user_id = $1", [monitor.userId]);
      expect(await codesSeenBy(monitor)).toBe(404);
    }
  });

  it("a role given by another connection opens the very next read", async () => {
    for (let i = 0; i < 5; i++) {
      const newcomer = await callerFor();
      expect(await codesSeenBy(newcomer)).toBe(404);
      expect(await codesSeenBy(newcomer)).toBe(404);
      await other.run("insert into user_study_roles (user_id, study_id, role) values ($1, $2, 'read_only')", [
        newcomer.userId,
        studyId,
      ]);
      expect(await codesSeenBy(newcomer)).toEqual(["WATCH-A", "WATCH-B"]);
    }
  });

  it("a truncation of the roles by another connection forgets every copy", async () => {
    const monitor = await memberOf(studyId, "study_monitor");
    expect(await codesSeenBy(monitor)).toEqual(["WATCH-A", "WATCH-B"]);
    // The roles are moved aside, truncated, and put back (a truncation is announced on commit).
    await other.run("create temporary table saved_roles as select * from user_study_roles", []);
    await other.run("truncate user_study_roles", []);
    expect(await codesSeenBy(monitor)).toBe(404);
    await other.run("insert into user_study_roles overriding system value select * from saved_roles", []);
    await other.run("drop table saved_roles", []);
    expect(await codesSeenBy(monitor)).toEqual(["WATCH-A", "WATCH-B"]);
  });
});

describe("a patient's detail seen before (its study is known to this process)", () => {
  const detailStatus = async (caller: Caller, code: string) =>
    (await call(getPatient, { headers: caller.headers, params: { id: String(patientIds[code]) } })).status;

  it("moved out of the reader's scope, or the role removed, by another connection: 404 at once", async () => {
    for (let i = 0; i < 5; i++) {
      const sub = await memberOf(studyId, "sub_investigator", groupA);
      expect(await detailStatus(sub, "WATCH-A")).toBe(200);
      expect(await detailStatus(sub, "WATCH-A")).toBe(200);
      await other.run("update user_study_roles set medical_group_id = $2 where user_id = $1", [
        sub.userId,
        groupB,
      ]);
      expect(await detailStatus(sub, "WATCH-A")).toBe(404);
      expect(await detailStatus(sub, "WATCH-B")).toBe(200);
      await other.run("delete from user_study_roles where user_id = $1", [sub.userId]);
      expect(await detailStatus(sub, "WATCH-B")).toBe(404);
    }
  });

  it("deleted by another connection: 404 at once, then back", async () => {
    const monitor = await memberOf(studyId, "study_monitor");
    expect(await detailStatus(monitor, "WATCH-A")).toBe(200);
    await other.run("update patients set deleted_at = now() where id = $1", [patientIds["WATCH-A"]]);
    expect(await detailStatus(monitor, "WATCH-A")).toBe(404);
    await other.run("update patients set deleted_at = null where id = $1", [patientIds["WATCH-A"]]);
    expect(await detailStatus(monitor, "WATCH-A")).toBe(200);
  });
});
