import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as remove } from "@/app/api/field-templates/[id]/route";
import { GET as list, POST as create } from "@/app/api/field-templates/route";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { auditRowsFor, call, createUser } from "./helpers";

type Caller = { headers: Record<string, string>; userId: number };

async function callerWith(roleLevel: "user" | "admin" | "superadmin"): Promise<Caller> {
  const user = await createUser({ roleLevel });
  const tokens = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
  return { headers: { authorization: `Bearer ${String(tokens.json.access_token)}` }, userId: user.id };
}

let adminA: Caller;
let adminB: Caller;
let plain: Caller;
let superadmin: Caller;

const fields = [
  { name: "pasi_score", label: "PASI", type: "number", validation: { min: 0, max: 72 } },
  { name: "severity", label: "Severity", type: "select", options: [{ value: "mild", label: "Mild" }] },
];

const post = (caller: Caller, body: Record<string, unknown>) =>
  call(create, { method: "POST", path: "/api/field-templates", headers: caller.headers, body });
const get = (caller: Caller, query = "") =>
  call(list, { path: `/api/field-templates${query}`, headers: caller.headers });
const del = (caller: Caller, id: unknown) =>
  call(remove, {
    method: "DELETE",
    path: `/api/field-templates/${String(id)}`,
    headers: caller.headers,
    params: { id: String(id) },
  });
const names = (res: { json: Record<string, unknown> }) =>
  (res.json.templates as { name: string }[]).map((t) => t.name);

beforeAll(async () => {
  adminA = await callerWith("admin");
  adminB = await callerWith("admin");
  plain = await callerWith("user");
  superadmin = await callerWith("superadmin");
});

describe("field templates", () => {
  it("creates a global template (default category 'Other'), audited with its values", async () => {
    const res = await post(adminA, { name: "Scores", description: "Severity scores", fields });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Scores",
      description: "Severity scores",
      category: "Other",
      is_global: true,
      field_count: 2,
      created_by: adminA.userId,
      can_delete: true,
    });
    expect(res.json.fields).toEqual(fields);
    const rows = await auditRowsFor("field_template", res.json.id as number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "create", userId: adminA.userId, oldValues: null });
    expect(rows[0]!.newValues).toMatchObject({ name: "Scores", is_global: true, field_count: 2 });
  });

  it("shows personal templates only to their creator; global ones to everyone; filters by category", async () => {
    const mine = await post(adminA, { name: "A private", category: "Derm", fields, is_global: false });
    const shared = await post(adminA, { name: "A shared", category: "Derm", fields });
    const personalOfPlain = await post(plain, { name: "Plain private", fields, is_global: false });
    expect([mine.status, shared.status, personalOfPlain.status]).toEqual([201, 201, 201]);

    const forA = await get(adminA, "?category=Derm");
    expect(names(forA).sort()).toEqual(["A private", "A shared"]);
    expect(forA.json.total).toBe(2);
    const forB = await get(adminB, "?category=Derm");
    expect(names(forB)).toEqual(["A shared"]);
    expect((forB.json.templates as { can_delete: boolean }[])[0]!.can_delete).toBe(false);
    const forPlain = await get(plain);
    expect(names(forPlain)).toContain("Plain private");
    expect(names(forPlain)).not.toContain("A private");
    expect(names(await get(adminA))).not.toContain("Plain private");
  });

  it("refuses bad input with 422 and loc paths", async () => {
    const empty = await post(adminA, { name: " ", fields: [] });
    expect(empty.status).toBe(422);
    const messages = Object.fromEntries(
      (empty.json.detail as { loc: (string | number)[]; msg: string }[]).map((d) => [d.loc.join("."), d.msg]),
    );
    expect(messages).toMatchObject({
      "body.name": "Template name is required",
      "body.fields": "Please select at least one field",
    });
    const badNames = await post(adminA, {
      name: "Bad",
      fields: [
        { name: "Bad Name", label: "x", type: "text" },
        { name: "dup", label: "x", type: "text" },
        { name: "dup", label: "y", type: "text" },
      ],
    });
    expect(badNames.status).toBe(422);
    const locs = (badNames.json.detail as { loc: (string | number)[]; msg: string }[]).map((d) => [
      d.loc.join("."),
      d.msg,
    ]);
    expect(locs).toContainEqual([
      "body.fields.0.name",
      "Field name must start with a lowercase letter and contain only lowercase letters, numbers, and underscores",
    ]);
    expect(locs).toContainEqual(["body.fields.2.name", "Field names must be unique within a template"]);
  });

  it("lets only platform administrators create global templates (the refusal is audited)", async () => {
    const res = await post(plain, { name: "Everyone's", fields, is_global: true });
    expect(res.status).toBe(403);
    const db = await getDb();
    const denials = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "access_denied"), eq(auditLogs.userId, plain.userId)));
    expect(denials.some((row) => row.entityType === "field_template")).toBe(true);
  });

  it("deletes only the creator's templates: others get 403 (global) or 404 (personal); audited", async () => {
    const shared = await post(adminA, { name: "To delete", fields });
    const personal = await post(adminA, { name: "Personal to delete", fields, is_global: false });
    expect((await del(adminB, shared.json.id)).status).toBe(403);
    expect((await del(adminB, personal.json.id)).status).toBe(404);
    expect((await del(plain, shared.json.id)).status).toBe(403);
    expect((await del(adminA, 999_999)).status).toBe(404);
    expect((await del(adminA, "abc")).status).toBe(422);

    const denied = await auditRowsFor("field_template", shared.json.id as number);
    expect(denied.filter((r) => r.action === "access_denied").length).toBeGreaterThanOrEqual(2);

    expect((await del(adminA, shared.json.id)).status).toBe(204);
    expect((await del(adminA, personal.json.id)).status).toBe(204);
    expect(names(await get(adminA))).not.toContain("To delete");
    const rows = await auditRowsFor("field_template", shared.json.id as number);
    const deletion = rows.find((r) => r.action === "delete");
    expect(deletion).toMatchObject({ userId: adminA.userId, newValues: null });
    expect(deletion!.oldValues).toMatchObject({ name: "To delete", field_count: 2 });
  });

  it("lets a superadmin retire another admin's global template, never a personal one", async () => {
    const shared = await post(adminB, { name: "Retire me", fields });
    const personal = await post(adminB, { name: "Mine only", fields, is_global: false });
    expect((await del(superadmin, personal.json.id)).status).toBe(404);
    expect((await del(superadmin, shared.json.id)).status).toBe(204);
  });

  it("needs a session", async () => {
    expect((await call(list, { path: "/api/field-templates" })).status).toBe(401);
  });
});
