/**
 * Bulk import (docs/decisions/0037-bulk-import.md): a study's own csv-long export read back into an
 * empty copy of the study, previewed (nothing written) and applied through the form save's rules
 * (calculations and therapy lines equal to the source's form saves), re-imported as a no-op, a
 * prepared file's issues, who may import, cancel, and a job resumed after its process stopped.
 */
import { createHash, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { GET as studyRoute, PUT as putStudy } from "@/app/api/studies/[id]/route";
import { GET as listRoute, POST as startRoute } from "@/app/api/studies/[id]/imports/route";
import { GET as jobRoute } from "@/app/api/studies/[id]/imports/[jobId]/route";
import { POST as cancelRoute } from "@/app/api/studies/[id]/imports/[jobId]/cancel/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, importIssues, importJobs, patients, therapyLines, visits } from "@/db/schema";
import type { ImportJobResponse } from "@/lib/schemas/import-jobs";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { importDir } from "@/lib/server/imports/import-files";
import { commitWriteBatch, prepareWriteBatch, writeContext } from "@/lib/server/imports/import-batch";
import { openCsvRecords } from "@/lib/server/imports/csv-records";
import { createImportReader } from "@/lib/imports/import-reader";
import type { ImportedGroup } from "@/lib/imports/import-records";
import { IMPORT_STALE_AFTER_MS } from "@/lib/server/imports/import-job-queries";
import {
  IMPORT_BATCH_GROUPS,
  importRunSettled,
  importSweepSettled,
  startImportSweeps,
  resumeOrphanedImports,
  stopImportRuns,
} from "@/lib/server/imports/import-runner";
import { BASE, call } from "./helpers";
import { importJobOf } from "./import-fixtures";
import { manualClock } from "../support/manual-clock";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let source: { id: number };
let target: { id: number };
let dataManager: Caller;
let medico: Caller;
let exported: string;

const PATIENTS = 5;

async function enrol(studyId: number, code: string) {
  const res = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, code),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function visit(patientId: number, n: number, type: string, date: string, data: object) {
  const res = await call(createVisit, {
    method: "POST",
    headers: admin.headers,
    body: { patient_id: patientId, visit_number: n, visit_date: date, visit_type: type, data_fields: data },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

async function exportLong(studyId: number): Promise<string> {
  const url = new URL(`${BASE}/api/studies/${studyId}/export`);
  url.searchParams.set("format", "csv-long");
  const res = await exportRoute(new Request(url, { headers: admin.headers }), {
    params: Promise.resolve({ id: String(studyId) }),
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return text;
}

/** POSTs a multipart import; answers the status and the job (or the error). */
async function startImport(
  caller: Caller,
  studyId: number,
  fields: Record<string, string>,
  file?: { text: string | Uint8Array<ArrayBuffer>; name?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new Blob([file.text], { type: "text/csv" }), file.name ?? "import.csv");
  const res = await startRoute(
    new Request(`${BASE}/api/studies/${studyId}/imports`, {
      method: "POST",
      headers: caller.headers,
      body: form,
    }),
    { params: Promise.resolve({ id: String(studyId) }) },
  );
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : null) as ImportJobResponse & { detail?: unknown },
  };
}

async function job(caller: Caller, studyId: number, jobId: number) {
  const res = await call(jobRoute, {
    headers: caller.headers,
    params: { id: String(studyId), jobId: String(jobId) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as ImportJobResponse;
}

/** Starts an import and waits for this process's run of it to end. */
async function runImport(
  studyId: number,
  fields: Record<string, string>,
  file?: { text: string | Uint8Array<ArrayBuffer>; name?: string },
) {
  const started = await startImport(dataManager, studyId, fields, file);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  await importRunSettled(await getDb(), started.json.id);
  return job(dataManager, studyId, started.json.id);
}

type ConfigFields = { data_fields: { name: string; label: string; validation?: object }[] };

/** Changes a study's configuration through the API, as an administrator does between two jobs. */
async function changeConfig(studyId: number, change: (config: ConfigFields) => void) {
  const current = await call(studyRoute, { headers: admin.headers, params: { id: String(studyId) } });
  const config = current.json.config as ConfigFields;
  change(config);
  const changed = await call(putStudy, {
    method: "PUT",
    headers: admin.headers,
    params: { id: String(studyId) },
    body: { version: current.json.version, config },
  });
  expect(changed.status, JSON.stringify(changed.json)).toBe(200);
}

async function recordsOf(studyId: number) {
  const db = await getDb();
  const rows = await db
    .select({
      code: patients.code,
      customFields: patients.customFields,
      birthDate: patients.birthDate,
      visitNumber: visits.visitNumber,
      visitType: visits.visitType,
      visitDate: visits.visitDate,
      dataFields: visits.dataFields,
      calculated: visits.calculatedValues,
      notes: visits.calculationNotes,
      warnings: visits.confirmedWarnings,
      line: therapyLines.lineNumber,
      lineStart: therapyLines.startDate,
      lineEnd: therapyLines.endDate,
      switchReason: therapyLines.switchReason,
      switchData: therapyLines.switchData,
      // The figures and dates kept on the patient row (refreshPatientSummary).
      visitCount: patients.visitCount,
      lineCount: patients.therapyLineCount,
      activeLine: patients.hasActiveLine,
      efficacyAchieved: patients.efficacyAchieved,
      nextVisit: patients.nextVisitType,
      nextVisitDue: patients.nextVisitDue,
      enrolledOn: patients.enrolledOn,
    })
    .from(patients)
    .leftJoin(visits, and(eq(visits.patientId, patients.id), sql`${visits.deletedAt} is null`))
    .leftJoin(therapyLines, eq(therapyLines.id, visits.therapyLineId))
    .where(and(eq(patients.studyId, studyId), sql`${patients.deletedAt} is null`))
    .orderBy(patients.code, visits.visitNumber);
  return rows;
}

const efficacy = (pasi: number, extra: object = {}) => ({
  current_therapy: "adalimumab",
  pasi_score: pasi,
  adverse_event: false,
  ...extra,
});

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  source = await createStudy(admin);
  target = await createStudy(admin);
  dataManager = await memberOf(target.id, "data_manager");
  medico = await memberOf(target.id, "medico");
  for (let n = 1; n <= PATIENTS; n++) {
    const patient = await enrol(source.id, `IMP-${n}`);
    await visit(patient.id, 1, "baseline", "2024-01-10", efficacy(20 + n));
    await visit(patient.id, 2, "week_4", "2024-02-07", {
      ...efficacy(10 + n),
      therapy_switch: { is_continuing_therapy: true },
    });
    if (n % 2 === 0)
      await visit(patient.id, 3, "week_12", "2024-04-03", {
        ...efficacy(5, { current_therapy: "secukinumab" }),
        therapy_switch: { is_continuing_therapy: false, switch_reason: "inefficacia" },
      });
  }
  exported = await exportLong(source.id);
});

describe("bulk import of a study's own csv-long export", () => {
  let preview: ImportJobResponse;

  it("previews the file without writing anything", async () => {
    preview = await runImport(target.id, { format: "csv-long", mode: "preview" }, { text: exported });
    expect(preview.state, JSON.stringify(preview.issues)).toBe("previewed");
    expect(preview.counts).toMatchObject({
      patients_create: PATIENTS,
      patients_update: 0,
      visits_create: PATIENTS * 2 + Math.floor(PATIENTS / 2),
      blocking_issues: 0,
    });
    expect(preview.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await recordsOf(target.id)).toEqual([]);
  });

  it("applies the previewed file: the records equal the source's form saves", async () => {
    const applied = await runImport(target.id, {
      format: "csv-long",
      mode: "apply",
      preview_job_id: String(preview.id),
    });
    expect(applied.state, JSON.stringify(applied.issues)).toBe("applied");
    expect(applied.file_sha256).toBe(preview.file_sha256);
    // Nothing changed in the study since the preview: its check is the apply's, report included.
    expect(applied.check_reused).toBe(true);
    expect(applied.issues).toEqual(preview.issues);
    const strip = (rows: Awaited<ReturnType<typeof recordsOf>>) => rows.map((row) => ({ ...row }));
    expect(strip(await recordsOf(target.id))).toEqual(strip(await recordsOf(source.id)));

    const db = await getDb();
    const importRows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "import"), eq(auditLogs.entityId, String(applied.id))));
    expect(importRows).toHaveLength(1);
    expect(importRows[0]!.newValues).toMatchObject({
      file_sha256: preview.file_sha256,
      counts: { patients_create: PATIENTS, visits_create: preview.counts.visits_create },
    });
    expect(applied.progress).toBe(1);
    const created = await db
      .select({ n: count() })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.studyId, target.id),
          eq(auditLogs.action, "create"),
          sql`${auditLogs.newValues} ->> 'import_job' = ${String(applied.id)}`,
        ),
      );
    expect(created[0]!.n).toBeGreaterThanOrEqual(PATIENTS + applied.counts.visits_create);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("an apply checks the file again when the study's configuration changed since its preview", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const previewed = await runImport(study.id, { format: "csv-long", mode: "preview" }, { text: exported });
    expect(previewed.state).toBe("previewed");
    await changeConfig(study.id, (config) => {
      config.data_fields[0]!.label = `${config.data_fields[0]!.label} (v2)`;
    });
    const applied = await runImport(study.id, {
      format: "csv-long",
      mode: "apply",
      preview_job_id: String(previewed.id),
    });
    expect(applied.state, JSON.stringify(applied.issues)).toBe("applied");
    expect(applied.check_reused).toBe(false);
    expect(applied.counts.patients_create).toBe(PATIENTS);
  });

  it("re-importing the same file changes nothing", async () => {
    const db = await getDb();
    const before = await db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.studyId, target.id));
    const again = await runImport(target.id, { format: "csv-long", mode: "apply" }, { text: exported });
    expect(again.state, JSON.stringify(again.issues)).toBe("applied");
    expect(again.counts).toMatchObject({
      patients_create: 0,
      patients_update: 0,
      patients_unchanged: PATIENTS,
      visits_create: 0,
      visits_update: 0,
    });
    const after = await db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.studyId, target.id));
    // Only the job's own rows: its creation and its import row.
    expect(after[0]!.n - before[0]!.n).toBe(2);
  });

  it("lists the study's jobs newest first", async () => {
    const res = await call(listRoute, { headers: dataManager.headers, params: { id: String(target.id) } });
    expect(res.status).toBe(200);
    const items = (res.json as { items: ImportJobResponse[] }).items;
    expect(items.map((item) => item.mode)).toEqual(["apply", "apply", "preview"]);
  });
});

describe("the other layouts", () => {
  it("reads the same export compressed with gzip; its SHA-256 is of the bytes sent", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const compressed = new Uint8Array(gzipSync(exported));
    expect(compressed.length).toBeLessThan(Buffer.byteLength(exported) / 2);
    const applied = await runImport(
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: compressed, name: "export.csv.gz" },
    );
    expect(applied.state, JSON.stringify(applied.issues)).toBe("applied");
    expect(applied.file_sha256).toBe(createHash("sha256").update(compressed).digest("hex"));
    expect(applied.file_name).toBe("export.csv.gz");
    expect(applied.progress).toBe(1);
    const strip = (rows: Awaited<ReturnType<typeof recordsOf>>) => rows.map((row) => ({ ...row }));
    expect(strip(await recordsOf(study.id))).toEqual(strip(await recordsOf(source.id)));

    // Cut short, the file's reading stops with a blocking issue of the file; its apply is refused.
    const cut = await runImport(
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: compressed.slice(0, compressed.length - 200) },
    );
    expect(cut.state).toBe("blocked");
    expect(cut.issues.map((issue) => [issue.code, issue.blocking])).toContainEqual(["gzipBroken", true]);
    expect(cut.issues.find((issue) => issue.code === "gzipBroken")!.message).toBe(
      "The compressed file is damaged or cut short: compress the CSV again and upload it again",
    );
  });

  it("reads the study's csv-wide export back into an empty study", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const url = new URL(`${BASE}/api/studies/${source.id}/export`);
    url.searchParams.set("format", "csv-wide");
    const res = await exportRoute(new Request(url, { headers: admin.headers }), {
      params: Promise.resolve({ id: String(source.id) }),
    });
    const wide = await res.text();
    expect(res.status).toBe(200);
    const applied = await runImport(study.id, { format: "csv-wide", mode: "apply" }, { text: wide });
    expect(applied.state, JSON.stringify(applied.issues)).toBe("applied");
    expect(await recordsOf(study.id)).toEqual(await recordsOf(source.id));
  });

  it("imports REDCap's flat export: events as visit types, checkbox columns as a multiple choice", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const redcap = [
      "record_id,redcap_event_name,birth_date,sex,psoriasis_onset,psoriasis_phenotypes___plaque,psoriasis_phenotypes___nail,demographics_complete,visit_date,current_therapy,pasi_score,adverse_event,continuing_therapy,efficacy_complete",
      "RC-1,baseline_arm_1,1975-03-02,M,2010-05,1,0,2,2024-01-08,adalimumab,18,0,,2",
      "RC-1,week_4_arm_1,,,,0,0,0,2024-02-05,adalimumab,9,0,1,2",
      "RC-2,baseline_arm_1,1988-11-20,F,2016-01,Checked,Checked,2,2024-01-15,adalimumab,22.5,0,,2",
    ].join("\n");
    const preview = await runImport(study.id, { format: "redcap", mode: "preview" }, { text: redcap });
    expect(preview.state, JSON.stringify(preview.issues)).toBe("previewed");
    expect(preview.counts).toMatchObject({ patients_create: 2, visits_create: 3, blocking_issues: 0 });
    expect(preview.events).toEqual([
      { event: "baseline_arm_1", visit_type: "baseline", rows: 2 },
      { event: "week_4_arm_1", visit_type: "week_4", rows: 1 },
    ]);
    expect(preview.ignored_columns).toEqual(
      expect.arrayContaining(["demographics_complete", "efficacy_complete"]),
    );
    const applied = await runImport(study.id, {
      format: "redcap",
      mode: "apply",
      preview_job_id: String(preview.id),
    });
    expect(applied.state, JSON.stringify(applied.issues)).toBe("applied");
    const rows = await recordsOf(study.id);
    expect(rows.map((r) => [r.code, r.visitNumber, r.visitType, r.visitDate])).toEqual([
      ["RC-1", 1, "baseline", "2024-01-08"],
      ["RC-1", 2, "week_4", "2024-02-05"],
      ["RC-2", 1, "baseline", "2024-01-15"],
    ]);
    expect(rows[0]!.customFields).toMatchObject({
      psoriasis_onset: "2010-05",
      psoriasis_phenotypes: ["plaque"],
    });
    expect(rows[2]!.customFields).toMatchObject({ psoriasis_phenotypes: ["plaque", "nail"] });
    // The calculation ran as on a form save: week 4's PASI improvement against the baseline.
    expect(rows[1]!.calculated).toMatchObject({ pasi_improvement: 50 });
  });

  it("an unknown REDCap event blocks its rows until the event map names its visit type", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const redcap = [
      "record_id,redcap_event_name,birth_date,sex,psoriasis_onset,psoriasis_phenotypes___plaque,visit_date,current_therapy,pasi_score,adverse_event",
      "EV-1,enrolment_arm_1,1975-03-02,M,2010-05,1,2024-01-08,adalimumab,18,0",
    ].join("\n");
    const blocked = await runImport(study.id, { format: "redcap", mode: "preview" }, { text: redcap });
    expect(blocked.events).toEqual([{ event: "enrolment_arm_1", visit_type: null, rows: 1 }]);
    expect(blocked.issues.map((issue) => [issue.row, issue.code, issue.blocking])).toContainEqual([
      2,
      "unknownEvent",
      true,
    ]);
    const mapped = await runImport(
      study.id,
      { format: "redcap", mode: "preview", event_map: JSON.stringify({ enrolment_arm_1: "baseline" }) },
      { text: redcap },
    );
    expect(mapped.counts).toMatchObject({ patients_create: 1, visits_create: 1, blocking_issues: 0 });
  });
});

describe("medical groups", () => {
  it("places a new patient in the group its code names; a later file naming another group changes the rest, never the group", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const north = await createGroup(study.id, "NORTH");
    await createGroup(study.id, "SOUTH");
    const file = (group: string, weight: string) =>
      [
        "patient_code,medical_group,birth_date,sex,weight_kg,psoriasis_onset,psoriasis_phenotypes",
        `GRP-1,${group},1970-02-03,F,${weight},2001-05,plaque`,
      ].join("\r\n");
    const first = await runImport(
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: file("north", "70") },
    );
    expect(first.state, JSON.stringify(first.issues)).toBe("applied");
    const db = await getDb();
    const groupOf = async () => (await db.select().from(patients).where(eq(patients.studyId, study.id)))[0]!;
    expect((await groupOf()).medicalGroupId).toBe(north.id);
    const second = await runImport(
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: file("SOUTH", "72.5") },
    );
    expect(second.state, JSON.stringify(second.issues)).toBe("applied");
    expect(second.counts).toMatchObject({ patients_update: 1, blocking_issues: 0 });
    expect(second.issues.map((issue) => [issue.code, issue.blocking])).toEqual([
      ["medical_group_differs", false],
    ]);
    const after = await groupOf();
    expect([after.medicalGroupId, Number(after.weightKg)]).toEqual([north.id, 72.5]);
  });
});

describe("a prepared file's issues", () => {
  it("reports each problem with its row and writes nothing", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const header = exported.split("\r\n")[0]!;
    const columns = header.split(",");
    const base = exported.split("\r\n")[1]!.split(",");
    const rowWith = (changes: Record<string, string>) =>
      columns.map((column, index) => (column in changes ? changes[column]! : base[index]!)).join(",");
    const lines = [
      header,
      rowWith({ patient_code: "BAD-1", pasi_score: "lots" }), // bad type
      rowWith({ patient_code: "BAD-2", current_therapy: "aspirin" }), // unknown option
      rowWith({ patient_code: "BAD-3", psoriasis_onset: "" }), // missing required
      rowWith({ patient_code: "BAD-4", visit_date: "2024-02-30" }), // impossible date
      rowWith({ patient_code: "BAD-5", visit_type: "week_99" }), // unknown visit type
      rowWith({ patient_code: "BAD-6" }),
      rowWith({ patient_code: "BAD-6" }), // duplicate row
    ];
    const report = await runImport(
      study.id,
      { format: "csv-long", mode: "preview" },
      { text: lines.join("\r\n") },
    );
    expect(report.state).toBe("previewed");
    const rowsWithIssues = new Set(report.issues.filter((issue) => issue.blocking).map((issue) => issue.row));
    expect([...rowsWithIssues].sort()).toEqual([2, 3, 4, 5, 6, 8]);
    const columnOf = (row: number) => report.issues.find((issue) => issue.row === row)?.column;
    expect(columnOf(2)).toBe("pasi_score");
    expect(columnOf(3)).toBe("current_therapy");
    expect(columnOf(4)).toBe("psoriasis_onset");
    expect(columnOf(5)).toBe("visit_date");
    expect(columnOf(6)).toBe("visit_type");
    expect(report.issues.find((issue) => issue.row === 8)?.code).toBe("duplicateVisit");
    expect(report.counts.blocking_issues).toBeGreaterThanOrEqual(6);

    const apply = await runImport(
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: lines.join("\r\n") },
    );
    expect(apply.state).toBe("blocked");
    expect(await recordsOf(study.id)).toEqual([]);
  });
});

describe("a write batch planned before its transaction", () => {
  /** A write-phase job of its own (not run) and the export's patient groups, as the runner reads them. */
  async function batchOf(studyId: number) {
    const db = await getDb();
    const row = await importJobOf(studyId, dataManager.userId, "running", { mode: "apply", phase: "write" });
    const { study } = await writeContext(db, row);
    const source = await openCsvRecords(Readable.from([Buffer.from(exported)]));
    const reader = createImportReader(study.config, "csv-long", { dialect: source.dialect });
    const groups: ImportedGroup[] = [];
    for await (const item of source.items) {
      if (item.issue) throw new Error(item.issue.message);
      if (item.row === 1) expect(reader.header(item.cells).filter((issue) => issue.blocking)).toEqual([]);
      else groups.push(...reader.record(item.cells, item.row));
    }
    groups.push(...reader.end());
    return { db, job: row, groups };
  }

  it("writes the plans made before it when nothing they were made from changed", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const { db, job: row, groups } = await batchOf(study.id);
    const prepared = await prepareWriteBatch(db, row, groups);
    expect(prepared.planned.size).toBe(PATIENTS);
    const outcomes = await commitWriteBatch(db, row, prepared);
    // The very outcomes of the plans: nothing was planned again.
    outcomes.forEach((outcome, index) => expect(outcome).toBe(prepared.planned.get(groups[index]!)!.outcome));
    const strip = (rows: Awaited<ReturnType<typeof recordsOf>>) => rows.map((r) => ({ ...r }));
    expect(strip(await recordsOf(study.id))).toEqual(strip(await recordsOf(source.id)));
    const [stored] = await db.select().from(importJobs).where(eq(importJobs.id, row.id));
    expect(stored!.resumeAfter).toBe(PATIENTS);
  });

  it("plans again inside the transaction after a configuration change, and reports what it now refuses", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const { db, job: row, groups } = await batchOf(study.id);
    const prepared = await prepareWriteBatch(db, row, groups);
    expect([...prepared.planned.values()].every((planned) => planned.plan !== null)).toBe(true);
    // Between the plan and the write, PASI above 8 becomes impossible.
    await changeConfig(study.id, (config) => {
      const pasi = config.data_fields.find((field) => field.name === "pasi_score")!;
      pasi.validation = { ...pasi.validation, max: 8 };
    });

    const outcomes = await commitWriteBatch(db, row, prepared);
    // Every baseline (PASI 21-25) and week 4 (11-15) is refused; so is each week 12, whose therapy
    // switch now has no earlier visit: the form save's own answers, on each record's row.
    expect(outcomes.map((outcome) => outcome.patient)).toEqual(Array(PATIENTS).fill("create"));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.visits.refused, 0)).toBe(
      PATIENTS * 2 + Math.floor(PATIENTS / 2),
    );
    const late = outcomes.flatMap((outcome) => outcome.issues.filter((issue) => issue.blocking));
    expect(late.filter((issue) => issue.column === "pasi_score")).toHaveLength(PATIENTS * 2);
    expect(late.filter((issue) => issue.column === "therapy_switch")).toHaveLength(Math.floor(PATIENTS / 2));
    expect(late).toHaveLength(PATIENTS * 2 + Math.floor(PATIENTS / 2));
    // The late refusals joined the job's report and counts in the batch's transaction.
    const [stored] = await db.select().from(importJobs).where(eq(importJobs.id, row.id));
    expect(stored!.counts.blocking_issues).toBe(late.length);
    const reported = await db
      .select()
      .from(importIssues)
      .where(eq(importIssues.jobId, row.id))
      .orderBy(importIssues.seq);
    expect(reported.map((issue) => [issue.row, issue.column])).toEqual(
      late.map((issue) => [issue.row, issue.column]),
    );
    const written = await recordsOf(study.id);
    expect(written.map((record) => [record.code, record.visitNumber])).toEqual(
      Array.from({ length: PATIENTS }, (_, n) => [`IMP-${n + 1}`, null]),
    );
  });
});

async function memberOfStudy(studyId: number) {
  const db = await getDb();
  const { userStudyRoles } = await import("@/db/schema");
  await db.insert(userStudyRoles).values({ userId: dataManager.userId, studyId, role: "data_manager" });
}

describe("who may import", () => {
  it("refuses a medico (403) before reading the file, and a bad format (422)", async () => {
    const refused = await startImport(
      medico,
      target.id,
      { format: "csv-long", mode: "preview" },
      { text: exported },
    );
    expect(refused.status).toBe(403);
    const bad = await startImport(
      dataManager,
      target.id,
      { format: "xlsx", mode: "preview" },
      { text: exported },
    );
    expect(bad.status).toBe(422);
    const none = await startImport(dataManager, target.id, { format: "csv-long", mode: "preview" });
    expect(none.status).toBe(422);
  });
});

describe("stopping and resuming", () => {
  it("a cancelled job stops and says so", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const started = await startImport(
      dataManager,
      study.id,
      { format: "csv-long", mode: "apply" },
      { text: exported },
    );
    expect(started.status).toBe(202);
    const res = await call(cancelRoute, {
      method: "POST",
      headers: dataManager.headers,
      params: { id: String(study.id), jobId: String(started.json.id) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await importRunSettled(await getDb(), started.json.id);
    const after = await job(dataManager, study.id, started.json.id);
    expect(after.state).toBe("cancelled");
  });

  it("a job queued by a server that died before taking it up is taken up at the next start", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const db = await getDb();
    const key = "a".repeat(32);
    const text = exported;
    await mkdir(importDir(), { recursive: true });
    await writeFile(path.join(importDir(), key), text);
    const [queued] = await db
      .insert(importJobs)
      .values({
        studyId: study.id,
        format: "csv-long",
        mode: "preview",
        state: "queued",
        fileName: "left-behind.csv",
        fileKey: key,
        fileSha256: "0".repeat(64),
        fileBytes: Buffer.byteLength(text),
        createdBy: dataManager.userId,
        locale: "en",
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    expect(await resumeOrphanedImports(db)).toContain(queued!.id);
    await importRunSettled(db, queued!.id);
    const done = await job(dataManager, study.id, queued!.id);
    expect(done.state).toBe("previewed");
    expect(done.counts.patients_create).toBe(PATIENTS);
  });

  it("a job of a killed server is taken up at once by the embedded database's next start, else by a sweep once its heartbeat is stale", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const db = await getDb();
    await mkdir(importDir(), { recursive: true });
    const leftRunning = async (name: string) => {
      const key = randomBytes(16).toString("hex");
      await writeFile(path.join(importDir(), key), exported);
      // A killed process cannot say it stopped: its job stays 'running', its last heartbeat just now.
      const [row] = await db
        .insert(importJobs)
        .values({
          studyId: study.id,
          format: "csv-long",
          mode: "preview",
          state: "running",
          heartbeatAt: new Date(),
          fileName: name,
          fileKey: key,
          fileSha256: "0".repeat(64),
          fileBytes: Buffer.byteLength(exported),
          createdBy: dataManager.userId,
          locale: "en",
        })
        .returning();
      return row!.id;
    };
    // Beside other servers, a fresh heartbeat may be another server's job: left alone.
    const shared = await leftRunning("shared.csv");
    expect(await resumeOrphanedImports(db)).not.toContain(shared);
    const { clock, fire, pending } = manualClock(Date.now());
    startImportSweeps(db, clock);
    expect([...pending.values()].map((timer) => timer.ms)).toEqual([IMPORT_STALE_AFTER_MS]);
    fire();
    await importSweepSettled(db);
    await importRunSettled(db, shared);
    expect((await job(dataManager, study.id, shared)).state).toBe("previewed");
    expect(pending.size).toBe(1); // the next sweep is due
    // The embedded database is held by one process: whatever it finds running at its start was left.
    const embedded = await leftRunning("embedded.csv");
    expect(await resumeOrphanedImports(db, { sole: true })).toContain(embedded);
    await importRunSettled(db, embedded);
    expect((await job(dataManager, study.id, embedded)).state).toBe("previewed");
    await stopImportRuns(db);
    expect(pending.size).toBe(0);
  });

  it("a job whose server died mid-way resumes after its last whole batch, with the same result", async () => {
    const study = await createStudy(admin);
    await memberOfStudy(study.id);
    const lines = exported.split("\r\n");
    const columns = lines[0]!.split(",");
    const codeAt = columns.indexOf("patient_code");
    const firstVisit = lines[1]!.split(",");
    // Enough patients for several batches, each with its baseline visit.
    const many = Array.from({ length: IMPORT_BATCH_GROUPS * 2 + 30 }, (_, n) =>
      firstVisit
        .map((cell, index) => (index === codeAt ? `MANY-${String(n).padStart(4, "0")}` : cell))
        .join(","),
    );
    const text = [lines[0], ...many].join("\r\n");
    const started = await startImport(dataManager, study.id, { format: "csv-long", mode: "apply" }, { text });
    expect(started.status).toBe(202);
    const db = await getDb();
    const jobRow = async () =>
      (await db.select().from(importJobs).where(eq(importJobs.id, started.json.id)))[0]!;
    // The first batch commits; then the server goes down (as closeDb does at SIGTERM).
    await expect.poll(async () => (await jobRow()).resumeAfter, { timeout: 60_000 }).toBeGreaterThan(0);
    await stopImportRuns(db);
    const stopped = await jobRow();
    // Batches are whole: exactly the patients of the committed batches exist.
    const [written] = await db.select({ n: count() }).from(patients).where(eq(patients.studyId, study.id));
    expect(written!.n).toBe(stopped.resumeAfter);
    expect(stopped.resumeAfter % IMPORT_BATCH_GROUPS === 0 || stopped.state === "applied").toBe(true);
    // A killed process cannot say it stopped: its job stays 'running' with a heartbeat that ends.
    await db
      .update(importJobs)
      .set({ state: "running", heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(and(eq(importJobs.id, started.json.id), eq(importJobs.state, "interrupted")));
    const resumed = await resumeOrphanedImports(db);
    if (stopped.state === "interrupted") expect(resumed).toContain(started.json.id);
    await importRunSettled(db, started.json.id);
    const done = await job(dataManager, study.id, started.json.id);
    expect(done.state).toBe("applied");
    const [all] = await db.select({ n: count() }).from(patients).where(eq(patients.studyId, study.id));
    expect(all!.n).toBe(many.length);
    const [visitCount] = await db
      .select({ n: count() })
      .from(visits)
      .innerJoin(patients, eq(patients.id, visits.patientId))
      .where(eq(patients.studyId, study.id));
    expect(visitCount!.n).toBe(many.length);
    // One import row for the job, resumed or not.
    const importRows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "import"), eq(auditLogs.entityId, String(started.json.id))));
    expect(importRows).toHaveLength(1);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});
