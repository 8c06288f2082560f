import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as fieldSchema } from "@/app/api/studies/[id]/field-schema/route";
import { GET as getOne, PUT as update } from "@/app/api/studies/[id]/route";
import { GET as list, POST as create } from "@/app/api/studies/route";
import { GET as listPatients } from "@/app/api/patients/route";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { auditLogs, studies } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { SYSTEM_META } from "@/lib/server/api/request-meta";
import { resolveActor } from "@/lib/server/auth/actor";
import { openStudyArea } from "@/lib/server/studies/study-service";
import { call, createUser } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

type Caller = { headers: Record<string, string>; userId: number };

async function adminCaller(): Promise<Caller> {
  const user = await createUser({ roleLevel: "admin" });
  const tokens = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
  return { headers: { authorization: `Bearer ${String(tokens.json.access_token)}` }, userId: user.id };
}

let alice: Caller;
let bob: Caller;
let seq = 0;

async function createStudy(overrides: Record<string, unknown> = {}) {
  const res = await call(create, {
    method: "POST",
    headers: alice.headers,
    body: { code: `integrity_${++seq}`, name: "Integrity Study", disease: "Psoriasis", ...overrides },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; code: string; version: number; name: string };
}

const put = (caller: Caller, id: number, body: Record<string, unknown>) =>
  call(update, { method: "PUT", headers: caller.headers, params: { id: String(id) }, body });

async function storedRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(studies).where(eq(studies.id, id));
  return row!;
}

/**
 * Stores a broken document by hand, as a faulty repair would: the database moves the version with
 * it (trigger studies_config_bumps_version), which is what keeps cached parses right.
 */
async function breakStoredConfig(id: number): Promise<number> {
  const db = await getDb();
  const before = await storedRow(id);
  await db.update(studies).set({ config: BROKEN_CONFIG }).where(eq(studies.id, id));
  const after = await storedRow(id);
  expect(after.version).toBe(before.version + 1);
  return after.version;
}

async function updateAudits(id: number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "study"),
        eq(auditLogs.entityId, String(id)),
        eq(auditLogs.action, "update"),
      ),
    );
}

/** Three visit fields, one with a name the rules refuse: fails the config schema. */
const BROKEN_CONFIG = {
  version: 1,
  data_fields: [
    { entity: "visit", name: "pasi", label: "PASI", type: "number", order: 1 },
    { entity: "visit", name: "bsa", label: "BSA", type: "number", order: 2 },
    { entity: "visit", name: "Mood Score", label: "Mood", type: "text", order: 3 },
  ],
};

beforeAll(async () => {
  alice = await adminCaller();
  bob = await adminCaller();
});

describe("an unreadable stored configuration", () => {
  it("is answered as a 409 that names the problem, never as an empty config, and no save drops it", async () => {
    const study = await createStudy({ config: DEMO_STUDY_CONFIG });
    const version = await breakStoredConfig(study.id);
    const storedBefore = JSON.stringify((await storedRow(study.id)).config);

    const res = await call(getOne, { headers: alice.headers, params: { id: String(study.id) } });
    expect(res.status).toBe(409);
    expect(res.json.detail).toContain(`The stored configuration of study "${study.code}" cannot be read`);
    expect(res.json.detail).toContain("data_fields › 2 › name");
    expect(res.json).not.toHaveProperty("field_count");

    const fields = await call(fieldSchema, { headers: alice.headers, params: { id: String(study.id) } });
    expect(fields.status).toBe(409);

    // A save of the basics alone would keep a config no one can read: refused, nothing written.
    const rename = await put(alice, study.id, { name: "Renamed", version });
    expect(rename.status).toBe(409);
    expect(rename.json.detail).toContain("cannot be read");
    const after = await storedRow(study.id);
    expect(JSON.stringify(after.config)).toBe(storedBefore);
    expect(after.name).toBe("Integrity Study");
    expect(after.version).toBe(version);
    expect(await updateAudits(study.id)).toHaveLength(0);
  });

  it("makes the study area say the study cannot be opened, and why, instead of failing the page", async () => {
    const study = await createStudy({ config: DEMO_STUDY_CONFIG });
    await breakStoredConfig(study.id);
    const db = await getDb();
    const actor = await resolveActor(db, new Headers(alice.headers));

    const area = await openStudyArea(db, actor!, study.code, SYSTEM_META);
    expect(area).toMatchObject({ kind: "unreadable", name: "Integrity Study" });
    expect(area?.kind === "unreadable" && inEnglish(area.detail)).toContain("data_fields › 2 › name");
  });

  it("reaches clinical calls at once, although they keep parsed configurations by version", async () => {
    const study = await createStudy({ config: DEMO_STUDY_CONFIG });
    const patients = () =>
      call(listPatients, { headers: alice.headers, path: `/api/patients?study_id=${study.id}` });
    expect((await patients()).status).toBe(200); // the valid document is parsed and kept
    await breakStoredConfig(study.id);
    const res = await patients();
    expect(res.status).toBe(409);
    expect(res.json.detail).toContain("data_fields › 2 › name");
  });

  it("is replaced only by an explicit valid config based on the current version, audited with the old document", async () => {
    const study = await createStudy();
    const version = await breakStoredConfig(study.id);

    const stale = await put(bob, study.id, { config: DEMO_STUDY_CONFIG, version: version - 1 });
    expect(stale.status).toBe(409);
    expect(JSON.stringify((await storedRow(study.id)).config)).toContain("Mood Score");

    const replaced = await put(bob, study.id, { config: DEMO_STUDY_CONFIG, version });
    expect(replaced.status).toBe(200);
    expect(replaced.json.version).toBe(version + 1);
    const [audit] = await updateAudits(study.id);
    expect(JSON.stringify(audit!.oldValues)).toContain("Mood Score");
    expect((await call(getOne, { headers: bob.headers, params: { id: String(study.id) } })).status).toBe(200);
  });

  it("still migrates an old (version 0) document forward, and the list counts its fields", async () => {
    const study = await createStudy();
    const db = await getDb();
    await db
      .update(studies)
      .set({
        config: {
          data_fields: {
            patient: [{ name: "sex", label: "Sex", type: "text", order: 1 }],
            visit: [
              { name: "pasi", label: "PASI", type: "number", order: 1 },
              { name: "bsa", label: "BSA", type: "number", order: 2 },
            ],
          },
        },
      })
      .where(eq(studies.id, study.id));
    const res = await call(getOne, { headers: alice.headers, params: { id: String(study.id) } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ field_count: 3, config: { version: 1 } });
    const listed = (await call(list, { headers: alice.headers })).json as unknown as {
      id: number;
      field_count: number;
    }[];
    expect(listed.find((s) => s.id === study.id)).toMatchObject({ field_count: 3 });
  });
});

describe("the study list", () => {
  it("counts fields in SQL from what is stored, without parsing configs, so an unreadable one still lists", async () => {
    const study = await createStudy({ config: DEMO_STUDY_CONFIG });
    const version = await breakStoredConfig(study.id);
    const res = await call(list, { headers: alice.headers });
    expect(res.status).toBe(200);
    const listed = res.json as unknown as Record<string, unknown>[];
    const row = listed.find((s) => s.id === study.id);
    // Before: the whole config was parsed, and a failing one counted as an empty config's 0 fields.
    expect(row).toMatchObject({ field_count: 3, version, code: study.code });
    expect(row).not.toHaveProperty("config");
  });
});

describe("stale writes", () => {
  it("two admins edit one study: the later save, based on an old version, is refused and overwrites nothing", async () => {
    const study = await createStudy();
    const seenByAlice = (await call(getOne, { headers: alice.headers, params: { id: String(study.id) } }))
      .json;
    const seenByBob = (await call(getOne, { headers: bob.headers, params: { id: String(study.id) } })).json;
    expect(seenByAlice.version).toBe(1);
    expect(seenByBob.version).toBe(1);

    const first = await put(alice, study.id, { name: "Alice's name", version: seenByAlice.version });
    expect(first).toMatchObject({ status: 200, json: { name: "Alice's name", version: 2 } });

    const second = await put(bob, study.id, { name: "Bob's name", version: seenByBob.version });
    expect(second).toMatchObject({
      status: 409,
      json: {
        detail:
          "This study was changed by someone else since you opened it (version 1, now 2). Reload to see their changes.",
      },
    });
    const row = await storedRow(study.id);
    expect(row).toMatchObject({ name: "Alice's name", version: 2 });
    expect(await updateAudits(study.id)).toHaveLength(1);

    // Based on the current version, Bob's save goes through and bumps it again.
    expect(await put(bob, study.id, { name: "Bob's name", version: 2 })).toMatchObject({
      status: 200,
      json: { name: "Bob's name", version: 3 },
    });
  });

  it("requires the version an update is based on", async () => {
    const study = await createStudy();
    const res = await put(alice, study.id, { name: "No version" });
    expect(res.status).toBe(422);
    expect(res.json.detail).toContainEqual(
      expect.objectContaining({
        loc: ["body", "version"],
        msg: "version is required: send the version of the record your change is based on",
      }),
    );
    expect((await storedRow(study.id)).name).toBe("Integrity Study");
  });

  it("lets exactly one of several concurrent saves based on the same version win", async () => {
    const study = await createStudy();
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((suffix) =>
        put(suffix < "c" ? alice : bob, study.id, { name: `Name ${suffix}`, version: 1 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(await storedRow(study.id)).toMatchObject({ name: winner.json.name, version: 2 });
  });
});

describe("length limits name themselves", () => {
  it("says an 80-character code and a 250-character name are too long, not missing", async () => {
    const res = await call(create, {
      method: "POST",
      headers: alice.headers,
      body: { code: "a".repeat(80), name: "n".repeat(250), disease: "d".repeat(201), domain: "x".repeat(64) },
    });
    expect(res.status).toBe(422);
    const messages = Object.fromEntries(
      (res.json.detail as { loc: string[]; msg: string }[]).map((d) => [d.loc.join("."), d.msg]),
    );
    expect(messages).toEqual({
      "body.code": "Code must be at most 50 characters",
      "body.name": "Name must be at most 200 characters",
      "body.disease": "Disease must be at most 200 characters",
      "body.domain": "Subdomain must be at most 63 characters",
    });
  });
});
