/**
 * The data dictionary routes on the real database — the CSV download (audited),
 * the preview (writes nothing), the import through updateStudy's rules (round trip on an empty
 * study, updates, protocol-version governance, stale versions, roles, row-numbered 422s, audit).
 */
import { and, count, eq, gt, max } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/data-dictionary/route";
import { POST as importRoute } from "@/app/api/studies/[id]/data-dictionary/import/route";
import { POST as previewRoute } from "@/app/api/studies/[id]/data-dictionary/preview/route";
import { GET as getStudyRoute } from "@/app/api/studies/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, studies } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { quoteCsvCell } from "@/lib/csv/csv-cells";
import { DICTIONARY_COLUMNS, MAX_CONDITION_TEXT_LENGTH } from "@/lib/dictionary";
import type { DictionaryImportResponse, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import type { StudyResponse } from "@/lib/schemas/studies";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { BASE } from "./helpers";

let admin: Caller;
const DEMO = StudyConfigSchema.parse(DEMO_STUDY_CONFIG);

type Cells = Partial<Record<(typeof DICTIONARY_COLUMNS)[number], string>>;
const HEADER = `${DICTIONARY_COLUMNS.join(",")}\r\n`;
/** A CSV's records as they are in the file (an independent read: papaparse, no unguarding). */
const records = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
const csvText = (rows: string[][]) =>
  rows.map((row) => `${row.map((cell) => quoteCsvCell(cell)).join(",")}\r\n`).join("");
const line = (cells: Cells) => `${DICTIONARY_COLUMNS.map((c) => cells[c] ?? "").join(",")}\r\n`;

async function send(
  handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  method: string,
  path: string,
  studyId: number,
  caller: Caller,
  body?: unknown,
) {
  const headers: Record<string, string> = { ...caller.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await handler(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(studyId) }) },
  );
  // Keep a byte-order mark (Response.text() would drop it).
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  const isJson = res.headers.get("content-type")?.includes("json") ?? false;
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: (isJson && text ? JSON.parse(text) : null) as unknown,
  };
}

const exportCsv = (studyId: number, caller = admin) =>
  send(exportRoute, "GET", `/api/studies/${studyId}/data-dictionary`, studyId, caller);
const preview = (studyId: number, csv: string, caller = admin) =>
  send(previewRoute, "POST", `/api/studies/${studyId}/data-dictionary/preview`, studyId, caller, { csv });
const importCsv = (studyId: number, csv: string, version: number, caller = admin) =>
  send(importRoute, "POST", `/api/studies/${studyId}/data-dictionary/import`, studyId, caller, {
    csv,
    version,
  });

async function study(id: number): Promise<StudyResponse> {
  const res = await send(getStudyRoute, "GET", `/api/studies/${id}`, id, admin);
  expect(res.status).toBe(200);
  return res.json as StudyResponse;
}

async function lastAuditId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: max(auditLogs.id) }).from(auditLogs);
  return row?.id ?? 0;
}

async function auditSince(id: number, studyId: number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(and(gt(auditLogs.id, id), eq(auditLogs.studyId, studyId)))
    .orderBy(auditLogs.id);
}

/** A study of the demo config with one patient and a baseline visit (PASI 20): a study with data. */
async function studyWithData() {
  const created = await createStudy(admin);
  const patient = await send(
    createPatient,
    "POST",
    "/api/patients",
    0,
    admin,
    patientBody(created.id, "DD-1"),
  );
  expect(patient.status, patient.text).toBe(201);
  const visit = await send(createVisit, "POST", "/api/visits", 0, admin, {
    patient_id: (patient.json as { id: number }).id,
    visit_number: 1,
    visit_date: "2024-01-01",
    visit_type: "baseline",
    data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
  });
  expect(visit.status, visit.text).toBe(201);
  return created;
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "superadmin" });
}, 60_000);

describe("GET /api/studies/{id}/data-dictionary", () => {
  it("answers the CSV as an attachment named by code and UTC time, and audits the export", async () => {
    const source = await createStudy(admin);
    const before = await lastAuditId();
    const res = await exportCsv(source.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="data_dictionary_${source.code}_\\d{8}T\\d{6}Z\\.csv"$`),
    );
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.text.startsWith(`\uFEFF${HEADER}`)).toBe(true);
    expect(res.text.split("\r\n").filter(Boolean)).toHaveLength(
      1 + DEMO.data_fields.length + DEMO.calculations.length,
    );
    const rows = await auditSince(before, source.id);
    expect(rows.map((r) => [r.action, r.entityType, r.entityId, r.newValues])).toEqual([
      [
        "export",
        "study",
        String(source.id),
        { kind: "data_dictionary", fields: DEMO.data_fields.length, calculations: DEMO.calculations.length },
      ],
    ]);
  });
});

describe("import", () => {
  it("round trip: export → import on an EMPTY study gives the same fields and calculations", async () => {
    const source = await createStudy(admin);
    const csv = (await exportCsv(source.id)).text;
    const target = await createStudy(admin, { version: 1 });
    expect((await study(target.id)).config.data_fields).toEqual([]);

    const previewed = await preview(target.id, csv);
    expect(previewed.status).toBe(200);
    const plan = previewed.json as DictionaryPreviewResponse;
    expect(plan.issues).toEqual([]);
    expect(plan.compatibility).toBeNull(); // no patients yet
    expect(plan.version).toBe(target.version);
    expect(plan.changes.filter((c) => c.kind !== "category").every((c) => c.status === "created")).toBe(true);
    expect(plan.changes.filter((c) => c.kind === "field")).toHaveLength(DEMO.data_fields.length);
    // The preview wrote nothing.
    expect((await study(target.id)).version).toBe(target.version);

    const before = await lastAuditId();
    const imported = await importCsv(target.id, csv, target.version);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toEqual({
      created: DEMO.data_fields.length + DEMO.calculations.length,
      updated: 0,
      unchanged: 0,
      kept: 0,
      version: target.version + 1,
    } satisfies DictionaryImportResponse);
    const after = await study(target.id);
    expect(after.config.data_fields).toEqual((await study(source.id)).config.data_fields);
    expect(after.config.calculations).toEqual((await study(source.id)).config.calculations);
    expect(after.config.data_fields.map((f) => `${f.entity}:${f.name}`)).toEqual(
      DEMO.data_fields.map((f) => `${f.entity}:${f.name}`),
    );
    // update (by updateStudy) and import, in that order, in one transaction.
    const rows = await auditSince(before, target.id);
    expect(rows.map((r) => r.action)).toEqual(["update", "import"]);
    expect(rows[1]!.newValues).toMatchObject({
      kind: "data_dictionary",
      created: DEMO.data_fields.length + DEMO.calculations.length,
    });
  });

  it("updates an existing field and keeps those the file leaves out", async () => {
    const target = await createStudy(admin);
    const csv =
      HEADER +
      line({
        variable_name: "pasi_score",
        entity: "visit",
        form_name: "efficacy",
        field_type: "number",
        field_label_en: "PASI total",
        validation_min: "0",
        validation_max: "72",
      });
    const plan = (await preview(target.id, csv)).json as DictionaryPreviewResponse;
    const pasi = plan.changes.find((c) => c.name === "pasi_score")!;
    expect(pasi).toMatchObject({ status: "updated", row: 2, entity: "visit" });
    expect(pasi.changes).toContainEqual({ property: "label", before: "PASI", after: "PASI total" });
    expect(plan.changes.filter((c) => c.status === "kept")).toHaveLength(
      DEMO.data_fields.length - 1 + DEMO.calculations.length,
    );
    const res = await importCsv(target.id, csv, target.version);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      created: 0,
      updated: 1,
      kept: DEMO.data_fields.length - 1 + DEMO.calculations.length,
    });
    const after = await study(target.id);
    expect(after.config.data_fields.find((f) => f.name === "pasi_score")!.label).toBe("PASI total");
    expect(after.config.data_fields).toHaveLength(DEMO.data_fields.length);
    expect(after.config.calculations).toEqual(DEMO.calculations);
  });

  it("carries 'SDV required' both ways; a file without its column leaves the flags as they were (decision 0031)", async () => {
    const flagged = (name: string) => name === "pasi_score" || name === "hospital_record_number";
    const config = {
      ...DEMO_STUDY_CONFIG,
      sdv_requirement: "key",
      data_fields: DEMO.data_fields.map((f) => (flagged(f.name) ? { ...f, sdv_required: true } : f)),
    };
    const source = await createStudy(admin, config);
    const csv = (await exportCsv(source.id)).text;
    const [header, ...rows] = records(csv);
    const at = header!.indexOf("sdv_required");
    expect(at).toBe(header!.indexOf("identifier") + 1);
    const cell = (name: string) => rows.find((row) => row[0] === name)![at];
    expect(cell("pasi_score")).toBe("y");
    expect(cell("hospital_record_number")).toBe("y");
    expect(cell("itch_nrs")).toBe(""); // not set, not "n"

    // Round trip into an empty study: the same fields, flags and all.
    const target = await createStudy(admin, { version: 1 });
    const imported = await importCsv(target.id, csv, target.version);
    expect(imported.status, imported.text).toBe(200);
    const sourceFields = (await study(source.id)).config.data_fields;
    expect(sourceFields.filter((f) => f.sdv_required).map((f) => f.name)).toEqual([
      "hospital_record_number",
      "pasi_score",
    ]);
    expect((await study(target.id)).config.data_fields).toEqual(sourceFields);

    // A file written before the column: read, every field unchanged, the flags kept.
    const older = csvText(records(csv).map((row) => row.filter((_, i) => i !== at)));
    expect(older.split("\r\n")[0]).toBe(DICTIONARY_COLUMNS.filter((c) => c !== "sdv_required").join(","));
    const plan = (await preview(source.id, older)).json as DictionaryPreviewResponse;
    expect(plan.issues).toEqual([]);
    expect(plan.changes.filter((c) => c.status !== "unchanged")).toEqual([]);

    // "n" in the file: the change is named, and saved as false.
    const cleared = csvText(
      records(csv).map((row) => (row[0] === "pasi_score" ? row.map((c, i) => (i === at ? "n" : c)) : row)),
    );
    const planCleared = (await preview(source.id, cleared)).json as DictionaryPreviewResponse;
    expect(planCleared.changes.find((c) => c.name === "pasi_score")).toMatchObject({
      status: "updated",
      changes: [{ property: "sdv_required", before: true, after: false }],
    });
    const before = await study(source.id);
    const res = await importCsv(source.id, cleared, before.version);
    expect(res.status, res.text).toBe(200);
    const after = await study(source.id);
    expect(after.config.data_fields.find((f) => f.name === "pasi_score")!.sdv_required).toBe(false);
    expect(after.config.data_fields.find((f) => f.name === "hospital_record_number")!.sdv_required).toBe(
      true,
    );
    expect(after.config.sdv_requirement).toBe("key");
  });

  it("on a study with data: the preview shows the breaking change and its counts, the import answers 409 and writes nothing", async () => {
    const target = await studyWithData();
    const csv = (await exportCsv(target.id)).text.replace(
      /^(pasi_score,visit,efficacy,number,,PASI,[^\r\n]*?),72,/m,
      "$1,10,",
    );
    expect(csv).not.toBe((await exportCsv(target.id)).text);
    const plan = (await preview(target.id, csv)).json as DictionaryPreviewResponse;
    expect(plan.issues).toEqual([]);
    expect(plan.changes.find((c) => c.name === "pasi_score")).toMatchObject({
      status: "updated",
      changes: [{ property: "validation.max", before: 72, after: 10 }],
    });
    expect(plan.compatibility).toMatchObject({ compatible: false, affected_patients: 1, affected_visits: 1 });
    expect(plan.compatibility!.breaking_changes).toEqual([
      expect.objectContaining({ target: "pasi_score", affected_visits: 1, affected_patients: 1 }),
    ]);

    const db = await getDb();
    const [{ value: auditBefore }] = (await db.select({ value: count() }).from(auditLogs)) as [
      { value: number },
    ];
    const before = await study(target.id);
    const res = await importCsv(target.id, csv, before.version);
    expect(res.status).toBe(409);
    expect((res.json as { detail: string }).detail).toContain("pasi_score");
    const after = await study(target.id);
    expect(after.version).toBe(before.version);
    expect(after.config).toEqual(before.config);
    const [{ value: auditAfter }] = (await db.select({ value: count() }).from(auditLogs)) as [
      { value: number },
    ];
    expect(auditAfter).toBe(auditBefore);
  });

  it("on a study with data: a compatible import becomes a new protocol version", async () => {
    const target = await studyWithData();
    const csv =
      (await exportCsv(target.id)).text +
      line({ variable_name: "dd_note", entity: "visit", field_type: "text", field_label_en: "Note" });
    const plan = (await preview(target.id, csv)).json as DictionaryPreviewResponse;
    expect(plan.compatibility).toMatchObject({ compatible: true, breaking_changes: [] });
    const before = await lastAuditId();
    const res = await importCsv(target.id, csv, plan.version);
    expect(res.status, res.text).toBe(200);
    const rows = await auditSince(before, target.id);
    expect(rows.map((r) => `${r.action} ${r.entityType}`)).toEqual([
      "create protocol_version",
      "update study",
      "import study",
    ]);
  });

  it("on a study with data: marking and unmarking 'SDV required' is no breaking change (decision 0031)", async () => {
    const target = await studyWithData();
    const csv = (await exportCsv(target.id)).text;
    const [header] = records(csv);
    const at = header!.indexOf("sdv_required");
    const marked = csvText(
      records(csv).map((row) => (row[0] === "pasi_score" ? row.map((c, i) => (i === at ? "y" : c)) : row)),
    );
    const plan = (await preview(target.id, marked)).json as DictionaryPreviewResponse;
    expect(plan.changes.find((c) => c.name === "pasi_score")).toMatchObject({
      status: "updated",
      changes: [{ property: "sdv_required", before: null, after: true }],
    });
    expect(plan.compatibility).toMatchObject({ compatible: true, breaking_changes: [], warnings: [] });
    const res = await importCsv(target.id, marked, plan.version);
    expect(res.status, res.text).toBe(200);
    const after = await study(target.id);
    expect(after.config.data_fields.find((f) => f.name === "pasi_score")!.sdv_required).toBe(true);
    // Taken back (blank): compatible again.
    const back = (await preview(target.id, csv)).json as DictionaryPreviewResponse;
    expect(back.compatibility).toMatchObject({ compatible: true, breaking_changes: [] });
    expect((await importCsv(target.id, csv, after.version)).status).toBe(200);
    expect(
      "sdv_required" in (await study(target.id)).config.data_fields.find((f) => f.name === "pasi_score")!,
    ).toBe(false);
  });

  it("refuses a stale version with 409 and writes nothing", async () => {
    const target = await createStudy(admin, { version: 1 });
    const csv =
      HEADER + line({ variable_name: "x", entity: "visit", field_type: "text", field_label_en: "X" });
    const res = await importCsv(target.id, csv, target.version + 5);
    expect(res.status).toBe(409);
    expect((res.json as { detail: string }).detail).toMatch(/changed by someone else/);
    expect((await study(target.id)).config.data_fields).toEqual([]);
  });

  it("answers 422 naming each bad row and column, never 500", async () => {
    const target = await createStudy(admin, { version: 1 });
    const csv =
      HEADER +
      line({
        variable_name: "a",
        entity: "visit",
        field_type: "number",
        field_label_en: "A",
        validation_max: "lots",
      }) +
      line({
        variable_name: "b",
        entity: "visit",
        field_type: "text",
        field_label_en: "B",
        branching_logic: "[a] ~ 1",
      }) +
      line({ variable_name: "Bad", entity: "visit", field_type: "text", field_label_en: "C" });
    const res = await importCsv(target.id, csv, target.version);
    expect(res.status).toBe(422);
    const detail = (res.json as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
    expect(detail).toEqual([
      {
        loc: ["body", "csv", 2, "validation_max"],
        msg: "Row 2, validation_max: validation_max must be a number (got 'lots')",
        type: "data_dictionary",
      },
      {
        loc: ["body", "csv", 3, "branching_logic"],
        msg: expect.stringMatching(/^Row 3, branching_logic: Unexpected character '~'/),
        type: "data_dictionary",
      },
    ]);
    // Once the cells parse, the config rules speak, still by row.
    const rules = await importCsv(
      target.id,
      HEADER + line({ variable_name: "Bad", entity: "visit", field_type: "text", field_label_en: "C" }),
      target.version,
    );
    expect(rules.status).toBe(422);
    expect((rules.json as { detail: { msg: string }[] }).detail[0]!.msg).toMatch(
      /^Row 2, variable_name: Field name must start/,
    );
    for (const garbage of ["hello", '"unclosed', "variable_name\r\n"]) {
      const res = await importCsv(target.id, garbage, target.version);
      expect(res.status, garbage).toBe(422);
    }
    const body = await send(
      importRoute,
      "POST",
      `/api/studies/${target.id}/data-dictionary/import`,
      target.id,
      admin,
      { csv: 5 },
    );
    expect(body.status).toBe(422);
    // The preview reports the same problems with 200 (it is a preview).
    const previewed = await preview(target.id, csv);
    expect(previewed.status).toBe(200);
    expect((previewed.json as DictionaryPreviewResponse).issues.map((i) => [i.row, i.column])).toEqual([
      [2, "validation_max"],
      [3, "branching_logic"],
    ]);
    expect((await study(target.id)).version).toBe(target.version);
  });

  it("caps branching-logic text per cell: an 820 KB condition is one row's 422, not a stalled server", async () => {
    const target = await createStudy(admin, { version: 1 });
    // A condition far beyond anything the config allows, as a probe sent it: about 820 KB.
    const huge = Array.from({ length: 49_000 }, (_, i) => `[a] = '${i}'`).join(" or ");
    expect(huge.length).toBeGreaterThan(MAX_CONDITION_TEXT_LENGTH);
    const csv =
      HEADER +
      line({ variable_name: "a", entity: "visit", field_type: "text", field_label_en: "A" }) +
      line({ variable_name: "b", entity: "visit", field_type: "text", field_label_en: "B", enable_if: huge });
    const res = await importCsv(target.id, csv, target.version);
    expect(res.status).toBe(422);
    expect((res.json as { detail: unknown[] }).detail).toEqual([
      {
        loc: ["body", "csv", 3, "enable_if"],
        msg: `Row 3, enable_if: The condition is ${huge.length} characters long; at most ${MAX_CONDITION_TEXT_LENGTH} are read`,
        type: "data_dictionary",
      },
    ]);
    const previewed = await preview(target.id, csv);
    expect(previewed.status).toBe(200);
    expect((previewed.json as DictionaryPreviewResponse).issues.map((i) => [i.row, i.column])).toEqual([
      [3, "enable_if"],
    ]);
    // A long condition within the cap still imports.
    const long = Array.from({ length: 500 }, (_, i) => `[a] = '${i}'`).join(" or ");
    expect(long.length).toBeLessThanOrEqual(MAX_CONDITION_TEXT_LENGTH);
    const ok = await importCsv(
      target.id,
      HEADER +
        line({ variable_name: "a", entity: "visit", field_type: "text", field_label_en: "A" }) +
        line({
          variable_name: "b",
          entity: "visit",
          field_type: "text",
          field_label_en: "B",
          enable_if: long,
        }),
      target.version,
    );
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  });

  it("lets a study monitor download but not preview or import (403, audited)", async () => {
    const target = await createStudy(admin);
    const monitor = await memberOf(target.id, "study_monitor");
    const csv = (await exportCsv(target.id, monitor)).text;
    expect(csv.startsWith(`\uFEFF${HEADER}`)).toBe(true);
    expect((await preview(target.id, csv, monitor)).status).toBe(403);
    const res = await importCsv(target.id, csv, target.version, monitor);
    expect(res.status).toBe(403);
    const db = await getDb();
    const denied = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, monitor.userId), eq(auditLogs.action, "access_denied")));
    expect(denied).toHaveLength(2);
    const [row] = await db
      .select({ version: studies.version })
      .from(studies)
      .where(eq(studies.id, target.id));
    expect(row!.version).toBe(target.version);
    const outsider = await callerFor();
    expect((await exportCsv(target.id, outsider)).status).toBe(404);
  });
});
