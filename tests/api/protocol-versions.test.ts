/**
 * Protocol versions (decision 0013) (state machine, database guarantees), the compatibility report with
 * exact counts on a study with data, atomic approval, the governance of direct saves, the version a
 * visit records, and the time bound of custom expressions. Runs on PGlite and on PostgreSQL.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getStudyRoute, PUT as putStudy } from "@/app/api/studies/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/studies/[id]/protocol-versions/route";
import { POST as approveRoute } from "@/app/api/studies/[id]/protocol-versions/[versionId]/approve/route";
import { POST as checkRoute } from "@/app/api/studies/[id]/protocol-versions/[versionId]/check-compatibility/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, protocolVersions } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { evaluateExpression, WORK_LIMIT_MESSAGE } from "@/lib/calc";
import type { CompatibilityResult, ProtocolVersionListResponse } from "@/lib/schemas/protocol-versions";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";

let admin: Caller;
const TODAY = new Date().toISOString().slice(0, 10);
const clone = (): StudyConfig => structuredClone(DEMO_STUDY_CONFIG) as StudyConfig;

async function patient(studyId: number, code: string, phenotypes: string[]) {
  const res = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, code, {
      custom_fields: { psoriasis_onset: "2015-03", psoriasis_phenotypes: phenotypes },
    }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function visit(patientId: number, n: number, type: string, data: Record<string, unknown>) {
  const res = await call(createVisit, {
    method: "POST",
    headers: admin.headers,
    body: {
      patient_id: patientId,
      visit_number: n,
      visit_date: `2024-0${n}-01`,
      visit_type: type,
      data_fields: {
        current_therapy: "adalimumab",
        adverse_event: false,
        ...(n > 1 ? { therapy_switch: { is_continuing_therapy: true } } : {}),
        ...data,
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as {
    id: number;
    protocol_version_id: number | null;
    calculated_values: Record<string, unknown>;
  };
}

const list = async (studyId: number, caller = admin) => {
  const res = await call(listRoute, { headers: caller.headers, params: { id: String(studyId) } });
  return { status: res.status, body: res.json as unknown as ProtocolVersionListResponse };
};

function amend(studyId: number, config: StudyConfig, extra: Record<string, unknown> = {}, caller = admin) {
  return call(createRoute, {
    method: "POST",
    headers: caller.headers,
    params: { id: String(studyId) },
    body: {
      effective_from: TODAY,
      amendment_reason: "Protocol amendment 2",
      config,
      status: "draft",
      ...extra,
    },
  });
}

function decide(studyId: number, versionId: number, body: Record<string, unknown>, caller = admin) {
  return call(approveRoute, {
    method: "POST",
    headers: caller.headers,
    params: { id: String(studyId), versionId: String(versionId) },
    body,
  });
}

async function check(studyId: number, versionId: number) {
  const res = await call(checkRoute, {
    method: "POST",
    headers: admin.headers,
    params: { id: String(studyId), versionId: String(versionId) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as CompatibilityResult;
}

async function saveConfig(studyId: number, config: StudyConfig) {
  const current = await call(getStudyRoute, { headers: admin.headers, params: { id: String(studyId) } });
  return call(putStudy, {
    method: "PUT",
    headers: admin.headers,
    params: { id: String(studyId) },
    body: { version: current.json.version, config },
  });
}

async function liveConfig(studyId: number) {
  const res = await call(getStudyRoute, { headers: admin.headers, params: { id: String(studyId) } });
  return res.json.config as StudyConfig;
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
});

describe("the version state machine", () => {
  it("numbers a new amendment latest + 1 and requires its reason and effective date", async () => {
    const study = await createStudy(admin);
    const first = await amend(study.id, clone());
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({
      version_number: 1,
      status: "draft",
      is_active: false,
      effective_from: TODAY,
    });
    const second = await amend(study.id, clone(), { version_number: 40 });
    expect(second.json.version_number).toBe(2);

    const noReason = await amend(study.id, clone(), { amendment_reason: "  " });
    expect(noReason.status).toBe(422);
    expect(noReason.json.detail).toEqual([
      expect.objectContaining({ loc: ["body", "amendment_reason"], msg: "Amendment reason is required" }),
    ]);
    const noDate = await amend(study.id, clone(), { effective_from: undefined });
    expect(noDate.status).toBe(422);
    expect(JSON.stringify(noDate.json.detail)).toContain("effective_from");
    const badConfig = await amend(study.id, {
      ...clone(),
      visit_types: [{ code: "x" }],
    } as unknown as StudyConfig);
    expect(badConfig.status).toBe(422);
  });

  it("approves and rejects only drafts; every other transition is refused with a detail", async () => {
    const study = await createStudy(admin);
    const v1 = (await amend(study.id, clone())).json as { id: number };
    const v2 = (await amend(study.id, clone())).json as { id: number };
    const v3 = (await amend(study.id, clone())).json as { id: number };

    const noReason = await decide(study.id, v3.id, { approved: false });
    expect(noReason.status).toBe(422);
    expect(noReason.json.detail).toEqual([
      expect.objectContaining({ loc: ["body", "rejection_reason"], msg: "A rejection reason is required" }),
    ]);

    const approved = await decide(study.id, v1.id, { approved: true });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json).toMatchObject({ status: "active", is_active: true, approved_by: admin.userId });

    const again = await decide(study.id, v1.id, { approved: true });
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe("Only draft versions can be approved or rejected; this version is active");
    expect((await decide(study.id, v1.id, { approved: false, rejection_reason: "no" })).json.detail).toBe(
      "Only draft versions can be approved or rejected; this version is active",
    );

    const rejected = await decide(study.id, v3.id, { approved: false, rejection_reason: "Wrong visit plan" });
    expect(rejected.json).toMatchObject({ status: "rejected", rejection_reason: "Wrong visit plan" });
    const reApprove = await decide(study.id, v3.id, { approved: true });
    expect(reApprove.status).toBe(409);
    expect(reApprove.json.detail).toBe(
      "Only draft versions can be approved or rejected; this version is rejected",
    );

    expect((await decide(study.id, v2.id, { approved: true })).status).toBe(200);
    const superseded = await decide(study.id, v1.id, { approved: true });
    expect(superseded.status).toBe(409);
    expect(superseded.json.detail).toBe(
      "Only draft versions can be approved or rejected; this version is superseded",
    );
    expect((await decide(study.id, 999_999, { approved: true })).status).toBe(404);

    const { body } = await list(study.id);
    expect(body.active_version_id).toBe(v2.id);
    expect(body.versions.map((v) => [v.version_number, v.status, v.effective_to])).toEqual([
      [3, "rejected", null],
      [2, "active", null],
      [1, "superseded", TODAY],
    ]);
    const db = await getDb();
    const trail = await db
      .select({ action: auditLogs.action, id: auditLogs.entityId, reason: auditLogs.reason })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "protocol_version"), eq(auditLogs.studyId, study.id)));
    expect(trail.filter((row) => row.action === "create")).toHaveLength(3);
    expect(trail.filter((row) => row.action === "approve").map((row) => row.id)).toEqual([
      String(v1.id),
      String(v2.id),
    ]);
    expect(trail.filter((row) => row.action === "reject")).toEqual([
      { action: "reject", id: String(v3.id), reason: "Wrong visit plan" },
    ]);
  });

  it("the database keeps one active version per study and refuses changes to non-draft versions", async () => {
    const study = await createStudy(admin);
    const v1 = (await amend(study.id, clone())).json as { id: number };
    const v2 = (await amend(study.id, clone())).json as { id: number };
    await decide(study.id, v1.id, { approved: true });
    const db = await getDb();
    // A second active version: the partial unique index refuses it.
    await expect(
      db
        .update(protocolVersions)
        .set({ status: "active", isActive: true })
        .where(eq(protocolVersions.id, v2.id)),
    ).rejects.toThrow();
    // The active version's config, its deletion, a superseded version's status: the trigger refuses.
    await expect(
      db.update(protocolVersions).set({ amendmentReason: "rewritten" }).where(eq(protocolVersions.id, v1.id)),
    ).rejects.toThrow();
    await expect(db.delete(protocolVersions).where(eq(protocolVersions.id, v1.id))).rejects.toThrow();
    await expect(
      db
        .update(protocolVersions)
        .set({ status: "superseded", isActive: false, amendmentReason: "x" })
        .where(eq(protocolVersions.id, v1.id)),
    ).rejects.toThrow();
    const [kept] = await db.select().from(protocolVersions).where(eq(protocolVersions.id, v1.id));
    expect(kept).toMatchObject({ status: "active", amendmentReason: "Protocol amendment 2" });
  });

  it("is for those who configure the study: readers list, only configurers amend and decide", async () => {
    const study = await createStudy(admin);
    const monitor = await memberOf(study.id, "study_monitor");
    expect((await list(study.id, monitor)).status).toBe(200);
    expect((await amend(study.id, clone(), {}, monitor)).status).toBe(403);
    const draft = (await amend(study.id, clone())).json as { id: number };
    expect((await decide(study.id, draft.id, { approved: true }, monitor)).status).toBe(403);
    const stranger = await callerFor();
    expect((await list(study.id, stranger)).status).toBe(404);
  });
});

describe("the compatibility report on a study with data", () => {
  let studyId: number;
  let next: StudyConfig;

  beforeAll(async () => {
    studyId = (await createStudy(admin)).id;
    const p1 = await patient(studyId, "C-1", ["plaque"]);
    const p2 = await patient(studyId, "C-2", ["plaque", "nail"]);
    await patient(studyId, "C-3", ["guttate"]);
    await visit(p1.id, 1, "baseline", { pasi_score: 12, dlqi_score: 5 });
    await visit(p1.id, 2, "week_4", { pasi_score: 3, dlqi_score: 25 });
    await visit(p2.id, 1, "baseline", { pasi_score: 40, current_therapy: "secukinumab" });

    next = clone();
    // Removed field with data in 2 visits of 1 patient; a field without data (itch_nrs) removed too.
    next.data_fields = next.data_fields.filter((f) => f.name !== "dlqi_score" && f.name !== "itch_nrs");
    const pasi = next.data_fields.find((f) => f.name === "pasi_score")!;
    pasi.validation = { ...pasi.validation, max: 30 }; // 40 fails: 1 visit of 1 patient
    const phenotypes = next.data_fields.find((f) => f.name === "psoriasis_phenotypes")!;
    phenotypes.options = phenotypes.options!.filter((o) => o.value !== "nail"); // 1 patient
    const therapy = next.data_fields.find((f) => f.name === "current_therapy")!;
    therapy.options = therapy.options!.filter((o) => o.value !== "secukinumab"); // 1 visit
    next.visit_types = next.visit_types.filter((t) => t.code !== "week_4"); // 1 visit
    next.calculations = next.calculations
      .filter((c) => c.name !== "pro_burden_total")
      .map((c) => (c.name === "pasi_percent_of_max" ? { ...c, name: "pasi_pct" } : c));
  });

  it("lists each breaking change with the exact patients and visits it affects", async () => {
    const draft = (await amend(studyId, next)).json as { id: number };
    const report = await check(studyId, draft.id);
    const counts = (issues: CompatibilityResult["breaking_changes"]) =>
      Object.fromEntries(
        issues.map((i) => [`${i.kind}:${i.target}`, [i.affected_patients, i.affected_visits]]),
      );
    expect(report.compatible).toBe(false);
    expect(counts(report.breaking_changes)).toEqual({
      "field_removed:dlqi_score": [1, 2],
      "validation_tightened:pasi_score": [1, 1],
      "option_removed:psoriasis_phenotypes": [1, 0],
      "option_removed:current_therapy": [1, 1],
      "visit_type_removed:week_4": [1, 1],
    });
    // Patients C-1 and C-2; visits: C-1's two and C-2's one.
    expect([report.affected_patients, report.affected_visits]).toEqual([2, 3]);
    expect(counts(report.warnings)).toEqual({
      "field_removed:itch_nrs": [0, 0],
      // DLQI + itch: no visit has both, so no value was stored under it.
      "calculation_removed:pro_burden_total": [0, 0],
      "calculation_renamed:pasi_percent_of_max": [2, 3],
    });
    expect(report.breaking_changes.find((i) => i.target === "dlqi_score")!.message).toBe(
      "Field 'dlqi_score' (visit) is removed: 2 visit(s) of 1 patient(s) hold a value",
    );
  });

  it("counts a removed field's stored values only where they hold something (not null, '' or [])", async () => {
    const other = (await createStudy(admin)).id;
    const p = await patient(other, "H-1", ["plaque"]);
    const visits = [];
    for (const n of [1, 2, 3, 4, 5])
      visits.push(await visit(p.id, n, n === 1 ? "baseline" : "week_4", { pasi_score: 10 }));
    const db = await getDb();
    // Stored as an older form or an import might have left them; the API would not write these.
    const stored: unknown[] = [null, "", [], 0, ["x"]];
    for (const [i, value] of stored.entries())
      await db.execute(
        sql`update visits set data_fields = data_fields || jsonb_build_object('itch_nrs', ${JSON.stringify(value)}::jsonb) where id = ${visits[i]!.id}`,
      );
    const without = clone();
    without.data_fields = without.data_fields.filter((f) => f.name !== "itch_nrs");
    const draft = (await amend(other, without)).json as { id: number };
    const report = await check(other, draft.id);
    const removed = report.breaking_changes.find((i) => i.target === "itch_nrs");
    // 0 and ["x"] hold a value; null, "" and [] do not.
    expect([removed?.affected_patients, removed?.affected_visits]).toEqual([1, 2]);
  });

  it("finds nothing breaking in the live config itself, and values that still pass tightened rules", async () => {
    const same = (await amend(studyId, clone())).json as { id: number };
    expect(await check(studyId, same.id)).toEqual({
      compatible: true,
      affected_patients: 0,
      affected_visits: 0,
      breaking_changes: [],
      warnings: [],
    });
    const loose = clone();
    const pasi = loose.data_fields.find((f) => f.name === "pasi_score")!;
    pasi.validation = { ...pasi.validation, max: 45, min: 1 }; // 3, 12 and 40 all pass
    const report = await check(studyId, ((await amend(studyId, loose)).json as { id: number }).id);
    expect(report.compatible).toBe(true);
    expect(report.warnings.map((w) => [w.kind, w.affected_visits])).toEqual([
      ["validation_tightened", 0],
      ["validation_tightened", 0],
    ]);
  });
});

describe("approval is atomic", () => {
  it("a failure while the config is written leaves the old version live and the draft a draft", async () => {
    const study = await createStudy(admin);
    const p = await patient(study.id, "A-1", ["plaque"]);
    const first = await visit(p.id, 1, "baseline", { pasi_score: 10 });
    const before = await list(study.id);
    expect(before.body.active_version_id).toBe(first.protocol_version_id);
    const failing = clone();
    failing.visit_types.push({ code: "explode", label: "Explode", order: 9 });
    const draft = (await amend(study.id, failing)).json as { id: number };
    const db = await getDb();
    // The last step of the approval (the study's live config) hits a constraint of the database.
    await db.execute(
      sql.raw(`ALTER TABLE studies ADD CONSTRAINT studies_no_explode_check
      CHECK (NOT (config::text LIKE '%"explode"%')) NOT VALID`),
    );
    try {
      const res = await decide(study.id, draft.id, { approved: true });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await db.execute(sql.raw("ALTER TABLE studies DROP CONSTRAINT studies_no_explode_check"));
    }
    const after = await list(study.id);
    expect(after.body.active_version_id).toBe(first.protocol_version_id);
    expect(after.body.versions.map((v) => [v.id, v.status, v.effective_to])).toEqual([
      [draft.id, "draft", null],
      [first.protocol_version_id, "active", null],
    ]);
    expect((await liveConfig(study.id)).visit_types.map((t) => t.code)).not.toContain("explode");
    // Without the fault the same approval goes through.
    expect((await decide(study.id, draft.id, { approved: true })).status).toBe(200);
    expect((await liveConfig(study.id)).visit_types.map((t) => t.code)).toContain("explode");
  });
});

describe("governance of direct saves", () => {
  it("a study without patients saves its config directly, without versions", async () => {
    const study = await createStudy(admin);
    const changed = clone();
    changed.data_fields = changed.data_fields.filter((f) => f.name !== "dlqi_score");
    const res = await saveConfig(study.id, changed);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await list(study.id)).body).toEqual({ versions: [], active_version_id: null });
  });

  it("with patients: a breaking save is refused with 409, a compatible one becomes the new active version", async () => {
    const study = await createStudy(admin);
    const p = await patient(study.id, "G-1", ["plaque"]);
    const v = await visit(p.id, 1, "baseline", { pasi_score: 10, dlqi_score: 4 });
    const [first] = (await list(study.id)).body.versions;
    expect(first).toMatchObject({ id: v.protocol_version_id, version_number: 1, status: "active" });
    expect(first).toMatchObject({ patient_count: 1, visit_count: 1 });

    const breaking = clone();
    breaking.data_fields = breaking.data_fields.filter((f) => f.name !== "dlqi_score");
    const refused = await saveConfig(study.id, breaking);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(
      "This change is not compatible with the data already entered (1 breaking change). Create an " +
        "amendment in the Version History tab instead. Breaking: Field 'dlqi_score' (visit) is removed: " +
        "1 visit(s) of 1 patient(s) hold a value",
    );
    expect((await liveConfig(study.id)).data_fields.some((f) => f.name === "dlqi_score")).toBe(true);
    expect((await list(study.id)).body.versions).toHaveLength(1);

    const compatible = clone();
    compatible.data_fields.push({ entity: "visit", name: "nurse_note", label: "Nurse note", type: "text" });
    const saved = await saveConfig(study.id, compatible);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const { body } = await list(study.id);
    expect(body.versions.map((x) => [x.version_number, x.status])).toEqual([
      [2, "active"],
      [1, "superseded"],
    ]);
    expect(body.active_version_id).toBe(body.versions[0]!.id);
    expect(body.versions[0]!.config.data_fields.some((f) => f.name === "nurse_note")).toBe(true);

    // The next visit records the new version; the first keeps its own.
    const later = await visit(p.id, 2, "week_4", { pasi_score: 5 });
    expect(later.protocol_version_id).toBe(body.versions[0]!.id);
    const counts = (await list(study.id)).body.versions.map((x) => [x.visit_count, x.patient_count]);
    expect(counts).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
});

describe("the work budget of custom expressions", () => {
  it("a costly expression in a study's calculation stops at the work budget instead of holding the request", async () => {
    const config = clone();
    const costly = Array.from({ length: 45 }, () => "sum([2**4000]*99999)").join("+");
    expect(costly.length).toBeLessThan(1000);
    config.calculations.push({
      name: "costly",
      label: "Costly",
      formula: { type: "custom_expression", expression: costly },
    });
    const study = await createStudy(admin, config);
    const p = await patient(study.id, "T-1", ["plaque"]);
    const v = await visit(p.id, 1, "baseline", { pasi_score: 10 });
    expect(v.calculated_values.costly).toBeNull();
    expect(v.calculated_values).toMatchObject({ pasi_improvement: 0, pasi75_achieved: false });
    const stored = (await list(study.id)).body.versions[0]!;
    expect(stored.visit_count).toBe(1);
    // Counted work (decision 0017): the same refusal whatever the load of the server.
    expect(evaluateExpression(costly, {}).error).toBe(WORK_LIMIT_MESSAGE);
  });
});
