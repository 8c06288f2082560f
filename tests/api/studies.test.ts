import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as resolve } from "@/app/api/resolve-study/route";
import { GET as fieldSchema } from "@/app/api/studies/[id]/field-schema/route";
import { GET as getOne, PUT as update } from "@/app/api/studies/[id]/route";
import { GET as list, POST as create } from "@/app/api/studies/route";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { auditLogs, userStudyRoles } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { call, createUser } from "./helpers";

type Caller = { headers: Record<string, string>; userId: number };

async function callerWith(roleLevel: "user" | "admin" | "superadmin"): Promise<Caller> {
  const user = await createUser({ roleLevel });
  const tokens = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
  return { headers: { authorization: `Bearer ${String(tokens.json.access_token)}` }, userId: user.id };
}

let admin: Caller;
let plain: Caller;
let seq = 0;
const code = () => `study_${++seq}_${Date.now() % 100000}`;

const newStudy = (overrides: Record<string, unknown> = {}) => ({
  code: code(),
  name: "Atopic Dermatitis Registry",
  disease: "Atopic dermatitis",
  ...overrides,
});

async function createAs(caller: Caller, body: Record<string, unknown>) {
  return call(create, { method: "POST", path: "/api/studies", headers: caller.headers, body });
}

beforeAll(async () => {
  admin = await callerWith("admin");
  plain = await callerWith("user");
});

describe("POST /api/studies", () => {
  it("creates a study with the subdomain defaulting to the code, audited with its values", async () => {
    const body = newStudy({ description: "Adults with AD" });
    const res = await createAs(admin, body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      code: body.code,
      domain: body.code,
      name: body.name,
      study_name: body.name,
      is_active: true,
      field_count: 0,
    });
    expect(res.json.config).toMatchObject({ version: 1, visit_types: [], data_fields: [] });
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "study"), eq(auditLogs.entityId, String(res.json.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "create",
      userId: admin.userId,
      studyId: res.json.id,
      oldValues: null,
    });
    expect(rows[0]!.newValues).toMatchObject({ code: body.code, name: body.name, domain: body.code });
  });

  it("requires code, name and disease with the spec's rules", async () => {
    const res = await createAs(admin, { code: "Bad Code!" });
    expect(res.status).toBe(422);
    const messages = Object.fromEntries(
      (res.json.detail as { loc: string[]; msg: string }[]).map((d) => [d.loc.join("."), d.msg]),
    );
    expect(messages).toMatchObject({
      "body.code": "Code must contain only lowercase letters, numbers, and underscores",
      "body.name": "Name is required",
      "body.disease": "Disease is required",
    });
  });

  it("refuses a duplicate code or subdomain with 409", async () => {
    const first = newStudy();
    expect((await createAs(admin, first)).status).toBe(201);
    expect(await createAs(admin, { ...newStudy(), code: first.code })).toMatchObject({
      status: 409,
      json: { detail: "A study with this code already exists" },
    });
    expect(await createAs(admin, newStudy({ domain: first.code }))).toMatchObject({
      status: 409,
      json: { detail: "A study with this subdomain already exists" },
    });
  });

  it("validates the configuration and names the bad path", async () => {
    const config = JSON.parse(JSON.stringify(DEMO_STUDY_CONFIG));
    config.visit_types[1].code = "Week 4";
    const res = await createAs(admin, newStudy({ config }));
    expect(res.status).toBe(422);
    expect(res.json.detail).toContainEqual({
      loc: ["body", "config", "visit_types", 1, "code"],
      msg: "Code must contain only lowercase letters, numbers, and underscores",
      type: "custom",
    });
  });

  it("answers a hostile, deeply nested body with 422, not a crash", async () => {
    const condition = `${'{"and":['.repeat(5000)}${"]}".repeat(5000)}`;
    const rawBody = `{"code":"deep","name":"x","disease":"y","config":{"version":1,"data_fields":[{"entity":"visit","name":"a","label":"A","type":"text","show_if":${condition}}]}}`;
    const res = await call(create, { method: "POST", headers: admin.headers, rawBody });
    expect(res.status).toBe(422);
    expect((res.json.detail as { msg: string }[])[0]!.msg).toBe(
      "Request body is nested more than 64 levels deep",
    );
  });

  it("is refused to non-admins with 403 and an access_denied audit row", async () => {
    expect((await createAs(plain, newStudy())).status).toBe(403);
    const db = await getDb();
    const denied = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "access_denied"), eq(auditLogs.userId, plain.userId)));
    expect(denied.length).toBeGreaterThan(0);
  });
});

describe("GET/PUT /api/studies/{id}", () => {
  it("updates name and config with one audit row of old and new values, and refuses a code change", async () => {
    const created = (await createAs(admin, newStudy({ config: DEMO_STUDY_CONFIG }))).json;
    const id = String(created.id);
    const config = JSON.parse(JSON.stringify(DEMO_STUDY_CONFIG));
    config.ui_settings.primary_color = "#aa0000";
    const res = await call(update, {
      method: "PUT",
      headers: admin.headers,
      params: { id },
      body: { name: "Renamed", config, code: created.code, version: created.version },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Renamed", code: created.code });
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entityType, "study"), eq(auditLogs.entityId, id), eq(auditLogs.action, "update")),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.oldValues).toMatchObject({ name: created.name });
    expect(rows[0]!.newValues).toMatchObject({ name: "Renamed" });
    expect(JSON.stringify(rows[0]!.newValues)).toContain("#aa0000");
    expect(JSON.stringify(rows[0]!.oldValues)).not.toContain("#aa0000");

    const changeCode = await call(update, {
      method: "PUT",
      headers: admin.headers,
      params: { id },
      body: { code: "other_code", version: 2 },
    });
    expect(changeCode).toMatchObject({
      status: 422,
      json: { detail: [{ loc: ["body", "code"], msg: "Study code cannot be changed after creation" }] },
    });
    expect((await call(getOne, { headers: admin.headers, params: { id } })).json.code).toBe(created.code);
  });

  it("answers 404 for a missing study and for a study the user has no role in; 422 for a bad id", async () => {
    expect((await call(getOne, { headers: admin.headers, params: { id: "999999" } })).status).toBe(404);
    expect((await call(getOne, { headers: admin.headers, params: { id: "abc" } })).status).toBe(422);
    expect((await call(getOne, { headers: admin.headers, params: { id: "99999999999" } })).status).toBe(422);
    const created = (await createAs(admin, newStudy())).json;
    expect((await call(getOne, { headers: plain.headers, params: { id: String(created.id) } })).status).toBe(
      404,
    );
  });

  it("lets members read, data managers configure, and other roles only read", async () => {
    const created = (await createAs(admin, newStudy())).json;
    const id = created.id as number;
    const db = await getDb();
    const monitor = await callerWith("user");
    const manager = await callerWith("user");
    await db.insert(userStudyRoles).values([
      { userId: monitor.userId, studyId: id, role: "study_monitor" },
      { userId: manager.userId, studyId: id, role: "data_manager" },
    ]);
    expect((await call(getOne, { headers: monitor.headers, params: { id: String(id) } })).status).toBe(200);
    expect((await call(list, { headers: monitor.headers })).json).toEqual([expect.objectContaining({ id })]);
    expect(
      (
        await call(update, {
          method: "PUT",
          headers: monitor.headers,
          params: { id: String(id) },
          body: { name: "x", version: 1 },
        })
      ).status,
    ).toBe(403);
    const res = await call(update, {
      method: "PUT",
      headers: manager.headers,
      params: { id: String(id) },
      body: { description: "Managed", version: 1 },
    });
    expect(res).toMatchObject({ status: 200, json: { description: "Managed" } });
  });
});

describe("field schema and study resolution", () => {
  it("answers one entity's fields sorted, with visit types, calculations and the switch config", async () => {
    const created = (await createAs(admin, newStudy({ config: DEMO_STUDY_CONFIG }))).json;
    const visit = await call(fieldSchema, { headers: admin.headers, params: { id: String(created.id) } });
    expect(visit.status).toBe(200);
    const fields = visit.json.fields as { entity: string; order: number }[];
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((f) => f.entity === "visit")).toBe(true);
    expect(fields.map((f) => f.order)).toEqual([...fields.map((f) => f.order)].sort((a, b) => a - b));
    expect((visit.json.visit_types as { code: string }[])[0]!.code).toBe("baseline");
    expect(visit.json.therapy_switch_config).toMatchObject({ enabled: true });
    const patient = await call(fieldSchema, {
      headers: admin.headers,
      params: { id: String(created.id) },
      path: "/api/studies/1/field-schema?entity=patient",
    });
    expect((patient.json.fields as { entity: string }[]).every((f) => f.entity === "patient")).toBe(true);
    const bad = await call(fieldSchema, {
      headers: admin.headers,
      params: { id: String(created.id) },
      path: "/api/studies/1/field-schema?entity=lab",
    });
    expect(bad.status).toBe(422);
  });

  it("resolves a study by subdomain or code, but not an inactive one", async () => {
    const active = (await createAs(admin, newStudy({ domain: `dom-${seq}` }))).json;
    const byDomain = await call(resolve, {
      headers: admin.headers,
      path: `/api/resolve-study?domain=${String(active.domain)}`,
    });
    expect(byDomain).toMatchObject({ status: 200, json: { study_id: active.id } });
    const byCode = await call(resolve, {
      headers: admin.headers,
      path: `/api/resolve-study?domain=${String(active.code)}`,
    });
    expect(byCode.json.study_id).toBe(active.id);
    const inactive = (await createAs(admin, newStudy({ is_active: false }))).json;
    expect(
      (
        await call(resolve, {
          headers: admin.headers,
          path: `/api/resolve-study?domain=${String(inactive.code)}`,
        })
      ).status,
    ).toBe(404);
    expect((await call(resolve, { headers: admin.headers, path: "/api/resolve-study" })).status).toBe(422);
  });
});
