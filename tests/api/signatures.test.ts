/**
 * Electronic signatures (decision 0032): the manifestation in every answer, re-authentication by
 * session and idle limit (an injected clock), invalidation of exactly the signatures that covered a
 * change, append-only rows, no copying to another record, and who may sign what. An authenticator
 * code counts once (decision 0033): the signer's codes are of steps the test chooses on its clocks.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as startTotp } from "@/app/api/auth/totp/route";
import { POST as confirmTotp } from "@/app/api/auth/totp/confirm/route";
import { GET as listPatientSignatures, POST as signPatient } from "@/app/api/patients/[id]/signatures/route";
import { PUT as updatePatientRoute } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as openQueryRoute } from "@/app/api/queries/route";
import { POST as closeQueryRoute } from "@/app/api/queries/[id]/close/route";
import { GET as listVisitSignatures, POST as signVisit } from "@/app/api/visits/[id]/signatures/route";
import { PUT as updateVisitRoute } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { GET as entityTrailRoute } from "@/app/api/admin/audit-logs/entity/[type]/[id]/route";
import { getDb } from "@/db/client";
import {
  auditLogs,
  signatureInvalidations,
  signatures,
  signInAttempts,
  userStudyRoles,
  users,
} from "@/db/schema";
import type { StudyRole } from "@/db/schema/study-roles";
import { setAuthClock } from "@/lib/server/auth/auth-clock";
import { unseal } from "@/lib/server/auth/sealed-secret";
import { setSigningClock } from "@/lib/server/signatures/signing-clock";
import { call, cookieFor, createUser } from "./helpers";
import { callerFor, createGroup, createStudy, patientBody, type Caller } from "./clinical-fixtures";

type Json = Record<string, unknown>;
type Member = Caller & { email: string; password: string; fullName: string };

let admin: Caller;
let studyId: number;
let pi: Member;
let groupId: number;

async function member(
  role: StudyRole,
  opts: { verified?: boolean; groupId?: number | null } = {},
): Promise<Member> {
  const user = await createUser();
  const db = await getDb();
  await db
    .insert(userStudyRoles)
    .values({ userId: user.id, studyId, role, medicalGroupId: opts.groupId ?? null });
  if (opts.verified !== false)
    await db
      .update(users)
      .set({
        identityVerifiedAt: new Date(),
        identityVerifiedBy: user.id,
        identityVerificationMethod: "test",
      })
      .where(eq(users.id, user.id));
  return {
    ...(await signIn(user.email, user.password)),
    userId: user.id,
    email: user.email,
    password: user.password,
    fullName: user.fullName,
  };
}

/** A new sign-in: a new session, so its first signature asks for everything. */
async function signIn(email: string, password: string, totp?: string) {
  const res = await call(login, { method: "POST", body: { email, password, ...(totp ? { totp } : {}) } });
  expect(res.status).toBe(200);
  return { headers: { authorization: `Bearer ${String(res.json.access_token)}` } };
}

async function patientWithVisits(code: string, visits = 2) {
  const p = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, code, { medical_group_id: groupId }),
  });
  expect(p.status, JSON.stringify(p.json)).toBe(201);
  const patientId = (p.json as { id: number }).id;
  const visitIds: number[] = [];
  for (let n = 1; n <= visits; n++) {
    const v = await call(createVisit, {
      method: "POST",
      headers: admin.headers,
      body: {
        patient_id: patientId,
        visit_number: n,
        visit_date: `2024-0${n}-01`,
        visit_type: n === 1 ? "baseline" : "unscheduled",
        data_fields: { current_therapy: "adalimumab", pasi_score: 10 + n, adverse_event: false },
      },
    });
    expect(v.status, JSON.stringify(v.json)).toBe(201);
    visitIds.push((v.json as { id: number }).id);
  }
  return { patientId, visitIds };
}

const sign = (
  who: { headers: Record<string, string> },
  target: { visit: number } | { patient: number },
  body: Json,
) =>
  "visit" in target
    ? call(signVisit, { method: "POST", headers: who.headers, params: { id: String(target.visit) }, body })
    : call(signPatient, {
        method: "POST",
        headers: who.headers,
        params: { id: String(target.patient) },
        body,
      });

const full = (m: Member, meaning = "approve") => ({ meaning, email: m.email, password: m.password });

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await member("principal_investigator");
  groupId = (await createGroup(studyId, "SIG")).id;
});

afterEach(() => {
  setSigningClock(null);
  setAuthClock(null);
});

describe("signing a visit and a casebook", () => {
  it("answers the manifestation: printed name, instant, meaning's words, the data's SHA-256; listed as valid", async () => {
    const { patientId, visitIds } = await patientWithVisits("SIG-1");
    const signer = await member("principal_investigator");
    const res = await sign(signer, { visit: visitIds[0]! }, full(signer, "review"));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      entity_type: "visit",
      visit_id: visitIds[0],
      patient_id: patientId,
      signer_id: signer.userId,
      signer_name: signer.fullName,
      meaning: "review",
      meaning_text: "I have reviewed the data",
      state: "valid",
      invalidated_by: null,
    });
    expect(res.json.data_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(res.json.signed_at as string).toISOString()).toBe(res.json.signed_at);
    const listed = await call(listVisitSignatures, {
      headers: signer.headers,
      params: { id: String(visitIds[0]) },
    });
    expect(listed.status).toBe(200);
    expect(listed.json.items).toEqual([res.json]);
    // The signature is an audit row (sign) on the visit, with the manifestation and the hash.
    const db = await getDb();
    const [row] = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "sign"),
          eq(auditLogs.entityType, "visit"),
          eq(auditLogs.entityId, String(visitIds[0])),
        ),
      );
    expect(row?.newValues).toMatchObject({
      signature_id: res.json.id,
      signer_name: signer.fullName,
      meaning_text: "I have reviewed the data",
      data_hash: res.json.data_hash,
    });
    // An Italian reader signing sees the meaning in Italian and it is kept as they saw it.
    const casebook = await call(signPatient, {
      method: "POST",
      headers: { ...signer.headers, "accept-language": "it" },
      params: { id: String(patientId) },
      body: { meaning: "approve", password: signer.password },
    });
    expect(casebook.status, JSON.stringify(casebook.json)).toBe(201);
    expect(casebook.json).toMatchObject({
      entity_type: "patient",
      visit_id: null,
      meaning_text: "Approvo i dati",
    });
    const all = await call(listPatientSignatures, {
      headers: signer.headers,
      params: { id: String(patientId) },
    });
    expect((all.json.items as Json[]).map((s) => s.entity_type)).toEqual(["visit", "patient"]);
  });

  it("asks for email and password first, the password alone later, everything again after the idle limit or in a new session", async () => {
    const { visitIds } = await patientWithVisits("SIG-2", 3);
    const signer = await member("principal_investigator");
    let now = new Date("2026-11-27T09:00:00Z");
    setSigningClock(() => now);
    const next = async (who: { headers: Record<string, string> }) =>
      (await call(listVisitSignatures, { headers: who.headers, params: { id: String(visitIds[0]) } })).json
        .next as Json;
    expect(await next(signer)).toMatchObject({ allowed: true, proof: "full", second_factor: false });
    const noEmail = await sign(
      signer,
      { visit: visitIds[0]! },
      { meaning: "approve", password: signer.password },
    );
    expect(noEmail.status).toBe(422);
    expect(JSON.stringify(noEmail.json)).toContain("email");
    expect((await sign(signer, { visit: visitIds[0]! }, full(signer))).status).toBe(201);
    now = new Date("2026-11-27T09:20:00Z");
    expect(await next(signer)).toMatchObject({ proof: "password" });
    expect(
      (await sign(signer, { visit: visitIds[1]! }, { meaning: "approve", password: signer.password })).status,
    ).toBe(201);
    // 31 minutes after the last signature: the session is no longer a continuous signing session.
    now = new Date("2026-11-27T09:51:00Z");
    expect(await next(signer)).toMatchObject({ proof: "full" });
    expect(
      (await sign(signer, { visit: visitIds[2]! }, { meaning: "approve", password: signer.password })).status,
    ).toBe(422);
    expect((await sign(signer, { visit: visitIds[2]! }, full(signer))).status).toBe(201);
    // A new session starts over, whatever the clock.
    const again = { ...signer, ...(await signIn(signer.email, signer.password)) };
    expect(await next(again)).toMatchObject({ proof: "full" });
  });

  it("refuses wrong credentials with one message, counts them as failed sign-ins and audits them", async () => {
    const { visitIds } = await patientWithVisits("SIG-3", 1);
    const signer = await member("principal_investigator");
    const db = await getDb();
    const failuresBefore = await db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, signer.email), eq(signInAttempts.succeeded, false)));
    const wrongPassword = await sign(
      signer,
      { visit: visitIds[0]! },
      { ...full(signer), password: "not it at all" },
    );
    const wrongEmail = await sign(
      signer,
      { visit: visitIds[0]! },
      { ...full(signer), email: "someone@example.org" },
    );
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({
        detail: [{ loc: ["body", "password"], msg: "The email address or password is not correct." }],
      });
    }
    const failuresAfter = await db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, signer.email), eq(signInAttempts.succeeded, false)));
    expect(failuresAfter.length - failuresBefore.length).toBe(2);
    const refused = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "sign"),
          eq(auditLogs.entityType, "user"),
          eq(auditLogs.entityId, String(signer.userId)),
        ),
      );
    expect(refused).toHaveLength(2);
    expect(refused[0]!.newValues).toMatchObject({ success: false });
    expect(await db.select().from(signatures).where(eq(signatures.signerId, signer.userId))).toEqual([]);
  });
});

describe("a signer with a second factor", () => {
  it("gives the authenticator code at the first signature of a session; a wrong one is refused and audited; a recovery code works once", async () => {
    const { visitIds } = await patientWithVisits("SIG-10", 3);
    const signer = await member("principal_investigator");
    // Sign-in and signature on one clock, 10 s into the step the test starts in; each use of the
    // authenticator below is thirty seconds later, so each code is of a step not used before.
    const STEP_MS = 30_000;
    let now = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS + 10_000);
    setAuthClock(() => now);
    setSigningClock(() => now);
    const db = await getDb();
    const [account] = await db.select().from(users).where(eq(users.id, signer.userId));
    const { cookie } = await cookieFor(account!);
    const headers = { cookie, origin: "http://localhost:3000", host: "localhost:3000" };
    expect((await call(startTotp, { method: "POST", path: "/api/auth/totp", headers })).status).toBe(200);
    const [row] = await db
      .select({ sealed: users.totpSecret })
      .from(users)
      .where(eq(users.id, signer.userId));
    const secret = unseal(row!.sealed!)!;
    const codeNow = () => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    const nextCode = () => {
      now = new Date(now.getTime() + STEP_MS);
      return codeNow();
    };
    const confirmed = await call(confirmTotp, {
      method: "POST",
      path: "/api/auth/totp/confirm",
      headers,
      body: { code: await codeNow() },
    });
    expect(confirmed.status).toBe(200);
    const recovery = (confirmed.json.recovery_codes as string[])[0]!;
    // A new session of the enrolled signer (the API login now takes the code).
    const signInCode = await nextCode();
    const session = await call(login, {
      method: "POST",
      body: { email: signer.email, password: signer.password, totp: signInCode },
    });
    expect(session.status, JSON.stringify(session.json)).toBe(200);
    const who = { headers: { authorization: `Bearer ${String(session.json.access_token)}` } };
    const listed = await call(listVisitSignatures, {
      headers: who.headers,
      params: { id: String(visitIds[0]) },
    });
    expect(listed.json.next).toMatchObject({ proof: "full", second_factor: true });
    const withoutCode = await sign(who, { visit: visitIds[0]! }, full(signer));
    expect(withoutCode.status).toBe(422);
    expect(withoutCode.json).toMatchObject({ detail: [{ loc: ["body", "totp"] }] });
    const wrong = signInCode === "000000" ? "111111" : "000000";
    const refused = await sign(who, { visit: visitIds[0]! }, { ...full(signer), totp: wrong });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      detail: [{ loc: ["body", "totp"], msg: "The code is not correct." }],
    });
    // The code the sign-in took is spent: answered as the wrong code is, and audited the same way.
    const replayed = await sign(who, { visit: visitIds[0]! }, { ...full(signer), totp: signInCode });
    expect(replayed.status).toBe(422);
    expect(replayed.json).toEqual(refused.json);
    const audited = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "sign"),
          eq(auditLogs.entityType, "user"),
          eq(auditLogs.entityId, String(signer.userId)),
        ),
      );
    expect(audited.map((r) => r.reason)).toEqual([
      "Signature refused: the second factor was wrong",
      "Signature refused: the second factor was wrong",
    ]);
    const good = await sign(who, { visit: visitIds[0]! }, { ...full(signer), totp: await nextCode() });
    expect(good.status, JSON.stringify(good.json)).toBe(201);
    // Within the session the password alone signs; in a new session a recovery code serves once.
    expect(
      (await sign(who, { visit: visitIds[1]! }, { meaning: "approve", password: signer.password })).status,
    ).toBe(201);
    const other = await call(login, {
      method: "POST",
      body: { email: signer.email, password: signer.password, totp: await nextCode() },
    });
    const next = { headers: { authorization: `Bearer ${String(other.json.access_token)}` } };
    expect((await sign(next, { visit: visitIds[2]! }, { ...full(signer), totp: recovery })).status).toBe(201);
    const spent = await sign(
      { headers: (await signIn(signer.email, signer.password, await nextCode())).headers },
      { patient: (await patientWithVisits("SIG-11", 1)).patientId },
      { ...full(signer), totp: recovery },
    );
    expect(spent.status).toBe(422);
  });
});

describe("a change after signing", () => {
  it("invalidates exactly the signatures that covered the changed data, each audited, and the record signs again", async () => {
    const { patientId, visitIds } = await patientWithVisits("SIG-4", 2);
    const signer = await member("principal_investigator");
    const first = await sign(signer, { visit: visitIds[0]! }, full(signer));
    const second = await sign(signer, { visit: visitIds[1]! }, full(signer));
    const casebook = await sign(signer, { patient: patientId }, full(signer));
    expect([first.status, second.status, casebook.status]).toEqual([201, 201, 201]);
    // The second visit's PASI changes (it is not the baseline: nothing else is recalculated).
    const db = await getDb();
    const [visit] = await db
      .execute<{ version: number }>(sql`select version from visits where id = ${visitIds[1]}`)
      .then((r) => (r as unknown as { rows: { version: number }[] }).rows);
    const changed = await call(updateVisitRoute, {
      method: "PUT",
      headers: admin.headers,
      params: { id: String(visitIds[1]) },
      body: { version: visit!.version, data_fields: { pasi_score: 3 }, reason: "Transcription error" },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const states = async () =>
      Object.fromEntries(
        (
          (await call(listPatientSignatures, { headers: signer.headers, params: { id: String(patientId) } }))
            .json.items as Json[]
        ).map((s) => [s.id as number, { state: s.state, by: s.invalidated_by }]),
      );
    const after = await states();
    expect(after[first.json.id as number]).toEqual({ state: "valid", by: null });
    const cause = { entity_type: "visit", entity_id: visitIds[1], fields: ["pasi_score"], visit_number: 2 };
    expect(after[second.json.id as number]).toEqual({ state: "invalidated", by: cause });
    expect(after[casebook.json.id as number]).toEqual({ state: "invalidated", by: cause });
    // One audit row per invalidated signature, on the signed record.
    const rows = await db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.newValues}->>'signature_state' = 'invalidated' and ${auditLogs.studyId} = ${studyId}`,
      );
    const mine = rows.filter((r) =>
      [second.json.id, casebook.json.id].includes((r.newValues as Json).signature_id),
    );
    expect(mine.map((r) => [r.entityType, r.entityId]).sort()).toEqual(
      [
        ["patient", String(patientId)],
        ["visit", String(visitIds[1])],
      ].sort(),
    );
    // A change of the patient's own values invalidates the new casebook signature, not the visits'.
    const resigned = await sign(signer, { patient: patientId }, full(signer));
    expect(resigned.status).toBe(201);
    const [patientRow] = await db
      .execute(sql`select version from patients where id = ${patientId}`)
      .then((r) => (r as unknown as { rows: { version: number }[] }).rows);
    const patientChange = await call(updatePatientRoute, {
      method: "PUT",
      headers: admin.headers,
      params: { id: String(patientId) },
      body: { version: patientRow!.version, weight_kg: 70.1, reason: "Weighed again" },
    });
    expect(patientChange.status, JSON.stringify(patientChange.json)).toBe(200);
    const last = await states();
    expect(last[resigned.json.id as number]).toMatchObject({
      state: "invalidated",
      by: { entity_type: "patient", fields: ["weight_kg"] },
    });
    expect(last[first.json.id as number]).toEqual({ state: "valid", by: null });
    // The trail reads the signature rows in the reader's words: who, the meaning's words, the
    // state and the change that invalidated it; never the hash or the internal keys.
    const trail = await call(entityTrailRoute, {
      headers: { ...admin.headers, "accept-language": "it" },
      params: { type: "patient", id: String(patientId) },
    });
    expect(trail.status, JSON.stringify(trail.json)).toBe(200);
    const readable = (trail.json.items as { action: string; readable: { changes: Json[] } | null }[]).flatMap(
      (item) => (item.readable?.changes ?? []).map((c) => [item.action, c.label, c.new_text]),
    );
    expect(readable).toContainEqual(["sign", "Firmato da", signer.fullName]);
    expect(readable).toContainEqual(["sign", "Significato", "I approve the data"]);
    expect(readable).toContainEqual(["update", "Stato della firma", "invalidata"]);
    expect(readable).toContainEqual(["update", "Invalidata da", "la modifica di visita 2: PASI"]);
    expect(readable.map(([, label]) => label)).not.toContain("Data hash");
    // The patient's count of valid signatures followed: only the first visit's remains.
    const [count] = await db
      .execute(sql`select signatures_valid from patients where id = ${patientId}`)
      .then((r) => (r as unknown as { rows: { signatures_valid: number }[] }).rows);
    expect(count!.signatures_valid).toBe(1);
  });
});

describe("integrity", () => {
  it("the database refuses to update or delete a signature or its invalidation", async () => {
    const { visitIds } = await patientWithVisits("SIG-5", 1);
    const signer = await member("principal_investigator");
    const signed = await sign(signer, { visit: visitIds[0]! }, full(signer));
    expect(signed.status).toBe(201);
    const db = await getDb();
    const id = signed.json.id as number;
    const refusal = async (statement: Promise<unknown>) => {
      try {
        await statement;
        return "accepted";
      } catch (error) {
        const e = error as { message: string; cause?: { message?: string } };
        return `${e.message} ${e.cause?.message ?? ""}`;
      }
    };
    expect(
      await refusal(db.update(signatures).set({ meaningText: "forged" }).where(eq(signatures.id, id))),
    ).toMatch(/append-only/);
    expect(await refusal(db.delete(signatures).where(eq(signatures.id, id)))).toMatch(/append-only/);
    await db.insert(signatureInvalidations).values({ signatureId: id, cause: { entity_type: "visit" } });
    expect(
      await refusal(db.delete(signatureInvalidations).where(eq(signatureInvalidations.signatureId, id))),
    ).toMatch(/append-only/);
  });

  it("cannot be copied to another record: the hash, signer and instant are the server's, per record", async () => {
    const a = await patientWithVisits("SIG-6", 1);
    const b = await patientWithVisits("SIG-7", 1);
    const signer = await member("principal_investigator");
    const original = await sign(signer, { visit: a.visitIds[0]! }, full(signer));
    expect(original.status).toBe(201);
    // A request carrying another signature's hash or signer is refused outright.
    const forged = await sign(
      signer,
      { visit: b.visitIds[0]! },
      {
        ...full(signer),
        data_hash: original.json.data_hash,
        signer_id: pi.userId,
      },
    );
    expect(forged.status).toBe(422);
    // Signing the other record makes its own signature, over its own data.
    const own = await sign(signer, { visit: b.visitIds[0]! }, full(signer));
    expect(own.status).toBe(201);
    expect(own.json.data_hash).not.toBe(original.json.data_hash);
    expect(own.json.visit_id).toBe(b.visitIds[0]);
  });
});

describe("who signs, and when", () => {
  it("a principal investigator signs; monitor, medico and data manager are refused; a sub-investigator only where the study allows", async () => {
    const { patientId } = await patientWithVisits("SIG-8", 1);
    for (const role of ["study_monitor", "medico", "data_manager"] as const) {
      const someone = await member(role);
      const res = await sign(someone, { patient: patientId }, full(someone));
      expect([role, res.status]).toEqual([role, role === "medico" ? 404 : 403]);
    }
    const sub = await member("sub_investigator", { groupId });
    expect((await sign(sub, { patient: patientId }, full(sub))).status).toBe(403);
    const db = await getDb();
    const config = (
      await db
        .execute(sql`select config from studies where id = ${studyId}`)
        .then((r) => (r as unknown as { rows: { config: Json }[] }).rows)
    )[0]!.config;
    await db.execute(
      sql`update studies set config = ${JSON.stringify({ ...config, signatures: { sub_investigators_sign: true } })}::jsonb where id = ${studyId}`,
    );
    try {
      const res = await sign(sub, { patient: patientId }, full(sub));
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    } finally {
      await db.execute(
        sql`update studies set config = ${JSON.stringify(config)}::jsonb where id = ${studyId}`,
      );
    }
  });

  it("refuses a signer whose identity was not verified, and a record with an open query until it is closed", async () => {
    const { visitIds } = await patientWithVisits("SIG-9", 1);
    const unverified = await member("principal_investigator", { verified: false });
    const refused = await sign(unverified, { visit: visitIds[0]! }, full(unverified));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain("identity");
    const signer = await member("principal_investigator");
    const query = await call(openQueryRoute, {
      method: "POST",
      headers: admin.headers,
      body: {
        study_id: studyId,
        entity_type: "visit",
        entity_id: visitIds[0],
        field: "pasi_score",
        text: "Check",
      },
    });
    expect(query.status).toBe(201);
    const blocked = await sign(signer, { visit: visitIds[0]! }, full(signer));
    expect(blocked.status).toBe(409);
    expect(blocked.json.detail).toBe("This record cannot be signed while 1 query is open or answered.");
    const listed = await call(listVisitSignatures, {
      headers: signer.headers,
      params: { id: String(visitIds[0]) },
    });
    expect(listed.json.next).toMatchObject({ allowed: false, refusal: blocked.json.detail });
    const closed = await call(closeQueryRoute, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(query.json.id) },
      body: { text: "Confirmed against the source." },
    });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    expect((await sign(signer, { visit: visitIds[0]! }, full(signer))).status).toBe(201);
  });
});
