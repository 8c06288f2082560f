/**
 * The study data export (decision 0016): the actor's patient scope, de-identification, the audit rows,
 * the layouts, the zip package, bad options, and cancelling mid-stream.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { GET as getPatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { readCsv } from "@/lib/dictionary/csv";
import { EXPORT_HEADERS } from "@/lib/schemas/study-export";
import { flushDenials } from "@/lib/server/audit/denial-aggregator";
import { activeExportStreams } from "@/lib/server/exports/export-stream";
import { EXPORT_BATCH_PATIENTS } from "@/lib/server/exports/study-export-service";
import { BASE, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { errorsOf, validateSubset } from "../unit/exports/odm-fixture";
import { readZip, testWithUnzip } from "../support/zip-reader";

let admin: Caller;
let studyId: number;
let medicoA: Caller;
let medicoB: Caller;
let monitor: Caller;

/** Every true date and identifier the fixture stores: none may appear in a de-identified file. */
const TRUE_DATES = ["1971-02-03", "2024-01-10", "2024-04-10", "2024-03-28", "2015-03"];
const HOSPITAL_NUMBER = "MI-004512";

function exportRequest(caller: Caller, query: Record<string, string>) {
  const url = new URL(`${BASE}/api/studies/${studyId}/export`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return exportRoute(new Request(url, { headers: caller.headers }), {
    params: Promise.resolve({ id: String(studyId) }),
  });
}

async function exportText(caller: Caller, query: Record<string, string>) {
  const res = await exportRequest(caller, query);
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return { text, res };
}

async function enrol(caller: Caller, code: string, extra: Record<string, unknown> = {}) {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, code, extra),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

async function visit(caller: Caller, patientId: number, n: number, type: string, date: string, data: object) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: { patient_id: patientId, visit_number: n, visit_date: date, visit_type: type, data_fields: data },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

const efficacy = (pasi: number, extra: object = {}) => ({
  current_therapy: "adalimumab",
  pasi_score: pasi,
  adverse_event: false,
  ...extra,
});

/** RFC 4180 records, read by the data dictionary's reader (formula guards dropped). */
function parseCsv(text: string): string[][] {
  const read = readCsv(text);
  if (!read.ok) throw new Error(`row ${read.row}: ${read.message}`);
  return read.records.map((record) => record.cells);
}

function asObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

/** The entries of a zip, read and CRC-checked by readers independent of the writer. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  expect(testWithUnzip(bytes)).toContain("No errors detected");
  return new Map((await readZip(bytes)).map((entry) => [entry.name, entry.text]));
}

async function exportAuditRows() {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.action, "export"), eq(auditLogs.entityType, "study"), eq(auditLogs.studyId, studyId)),
    )
    .orderBy(desc(auditLogs.id));
}

let patientA1: number;

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  medicoA = await memberOf(studyId, "medico");
  medicoB = await memberOf(studyId, "medico");
  monitor = await memberOf(studyId, "study_monitor");
  patientA1 = (
    await enrol(medicoA, "A-001", {
      birth_date: "1971-02-03",
      custom_fields: {
        psoriasis_onset: "2015-03",
        psoriasis_phenotypes: ["plaque", "scalp"],
        hospital_record_number: HOSPITAL_NUMBER,
      },
    })
  ).id;
  await visit(medicoA, patientA1, 1, "baseline", "2024-01-10", efficacy(20));
  await visit(
    medicoA,
    patientA1,
    2,
    "week_12",
    "2024-04-10",
    efficacy(4, {
      adverse_event: true,
      ae_description: 'Rash, "mild"\nresolved',
      ae_onset_date: "2024-03-28",
      ae_serious: false,
    }),
  );
  await enrol(medicoA, "A-002");
  const b1 = await enrol(medicoB, "B-001");
  await visit(medicoB, b1.id, 1, "baseline", "2024-02-01", efficacy(30));
});

describe("scope: an export holds exactly the patients the actor's lists show", () => {
  it("gives a medico only their own patients, and an admin every patient", async () => {
    const mine = asObjects((await exportText(medicoA, { format: "csv-long" })).text);
    expect(new Set(mine.map((row) => row.patient_code))).toEqual(new Set(["A-001", "A-002"]));
    // A-001's two visits, and A-002 (no visit) as one row with empty visit columns.
    expect(mine).toHaveLength(3);
    expect(mine.find((row) => row.patient_code === "A-002")!.visit_number).toBe("");
    const all = asObjects((await exportText(admin, { format: "csv-long" })).text);
    expect(new Set(all.map((row) => row.patient_code))).toEqual(new Set(["A-001", "A-002", "B-001"]));
    const odm = (await exportText(medicoB, { format: "odm" })).text;
    expect(odm).toContain('SubjectKey="B-001"');
    expect(odm).not.toContain("A-001");
  });

  it("announces the record count it streams, and a wide export has a row per patient", async () => {
    const { text, res } = await exportText(admin, { format: "csv-wide" });
    expect(res.headers.get(EXPORT_HEADERS.totalRows)).toBe("3");
    expect(res.headers.get(EXPORT_HEADERS.unit)).toBe("rows");
    const rows = asObjects(text);
    expect(rows).toHaveLength(3);
    const a1 = rows.find((row) => row.patient_code === "A-001")!;
    expect(a1.baseline__pasi_score).toBe("20");
    expect(a1.week_12__pasi_score).toBe("4");
    expect(a1.week_12__ae_description).toBe('Rash, "mild"\nresolved');
    expect(a1.psoriasis_phenotypes).toBe("plaque|scalp");
    const long = await exportRequest(admin, { format: "csv-long" });
    expect(long.headers.get(EXPORT_HEADERS.totalRows)).toBe("4");
    await long.body!.cancel();
  });

  it("writes option labels when asked", async () => {
    const rows = asObjects((await exportText(medicoA, { format: "csv-long", values: "labels" })).text);
    const baseline = rows.find((row) => row.visit_number === "1")!;
    expect(baseline.sex).toBe("Female");
    expect(baseline.visit_type).not.toBe("baseline");
    expect(baseline.naive_systemic).toBe("Yes");
  });

  it("refuses a caller without access to the study with 404, and audits the refusal", async () => {
    const outsider = await callerFor();
    const res = await exportRequest(outsider, { format: "csv-long" });
    expect(res.status).toBe(404);
    const monitorRes = await exportRequest(monitor, { format: "odm" });
    expect(monitorRes.status).toBe(200);
    await monitorRes.body!.cancel();
  });
});

describe("clinical text leaves exactly as stored", () => {
  it("keeps CR, LF and CRLF inside a cell, read back byte for byte by an RFC 4180 reader, zipped or not", async () => {
    const study = await createStudy(admin);
    const medico = await memberOf(study.id, "medico");
    const description = 'Rash\rthen "itch"\nthen\r\nresolved\r';
    const patient = await call(createPatient, {
      method: "POST",
      headers: medico.headers,
      body: patientBody(study.id, "=CR-001"),
    });
    expect(patient.status).toBe(201);
    const created = await call(createVisit, {
      method: "POST",
      headers: medico.headers,
      body: {
        patient_id: (patient.json as { id: number }).id,
        visit_number: 1,
        visit_date: "2024-05-02",
        visit_type: "week_12",
        data_fields: efficacy(3, {
          adverse_event: true,
          ae_description: description,
          ae_onset_date: "2024-04-20",
          ae_serious: false,
        }),
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const url = (zip: boolean) =>
      new URL(`${BASE}/api/studies/${study.id}/export?format=csv-long${zip ? "&zip=true" : ""}`);
    const plain = await (
      await exportRoute(new Request(url(false), { headers: medico.headers }), {
        params: Promise.resolve({ id: String(study.id) }),
      })
    ).text();
    const zipped = await exportRoute(new Request(url(true), { headers: medico.headers }), {
      params: Promise.resolve({ id: String(study.id) }),
    });
    const files = await unzip(Buffer.from(await zipped.arrayBuffer()));
    const inZip = files.get([...files.keys()][0]!)!;
    expect(inZip).toBe(plain);
    const [row] = asObjects(plain);
    expect(Buffer.from(row!.ae_description!, "utf8").equals(Buffer.from(description, "utf8"))).toBe(true);
    expect(row!.patient_code).toBe("=CR-001");
  });
});

describe("ODM 1.3.2", () => {
  it.each([
    ["with the audit record of each item", { audit: "true" }],
    ["de-identified", { deidentify: "true" }],
  ])("validates against the schema %s, from the real database", async (_, options) => {
    const { text } = await exportText(admin, { format: "odm", ...options });
    const result = await validateSubset(text);
    expect(errorsOf(result)).toBe("");
    expect(result.valid).toBe(true);
    expect(text.match(/<SubjectData /g)).toHaveLength(3);
    if ("audit" in options) {
      expect(text).toContain("<AuditRecord>");
      expect(text).toContain(`<User OID="USR.${medicoA.userId}"`);
    }
  });
});

describe("ODM AdminData", () => {
  it("names only the authors of the exported audit rows, never a user who was refused a record", async () => {
    // A user of another study tries to read A-001: a refusal audited against this study's patient.
    const otherAdmin = await callerFor({ roleLevel: "admin" });
    const otherStudy = await createStudy(otherAdmin);
    const outsider = await memberOf(otherStudy.id, "medico");
    const refused = await call(getPatient, {
      headers: outsider.headers,
      path: `/api/patients/${patientA1}`,
      params: { id: String(patientA1) },
    });
    expect(refused.status).toBe(404);
    await flushDenials(await getDb());

    const usersOf = (odm: string) =>
      [...odm.matchAll(/<User OID="USR\.(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    // medico A's export holds A's patients only: A wrote every row of them.
    const mine = (await exportText(medicoA, { format: "odm", audit: "true" })).text;
    expect(usersOf(mine)).toEqual([medicoA.userId]);
    expect(mine).not.toContain("access_denied");
    // The admin's holds every patient: both medicos, and still not the refused outsider.
    const all = (await exportText(admin, { format: "odm", audit: "true" })).text;
    expect(usersOf(all)).toEqual([medicoA.userId, medicoB.userId].sort((a, b) => a - b));
    expect(all).not.toContain(`USR.${outsider.userId}"`);
  });
});

describe("de-identification", () => {
  it("leaves no identifier, patient code or true date in any format", async () => {
    for (const format of ["csv-long", "csv-wide", "odm"]) {
      const { text } = await exportText(medicoA, { format, deidentify: "true" });
      expect(text, format).not.toContain(HOSPITAL_NUMBER);
      expect(text, format).not.toContain("hospital_record_number");
      expect(text, format).not.toContain("A-001");
      expect(text, format).not.toContain("A-002");
      for (const date of TRUE_DATES) expect(text, `${format} holds ${date}`).not.toContain(date);
      // The records were created today: their creation day is a true date too. (The ODM root's
      // CreationDateTime says when the file was made, not anything about a patient.)
      const records = format === "odm" ? text.slice(text.indexOf("<ClinicalData")) : text;
      expect(records, format).not.toContain(new Date().toISOString().slice(0, 10));
    }
  });

  it("keeps pseudonyms stable across exports and intervals within a patient", async () => {
    const first = asObjects((await exportText(medicoA, { format: "csv-long", deidentify: "true" })).text);
    const second = asObjects((await exportText(medicoA, { format: "csv-long", deidentify: "true" })).text);
    expect(first.map((row) => row.patient_code)).toEqual(second.map((row) => row.patient_code));
    expect(first[0]!.patient_code).toMatch(new RegExp(`^S${studyId}-[A-Z2-9]{10}$`));
    expect(first[0]).not.toHaveProperty("patient_id");
    expect(first[0]).not.toHaveProperty("visit_id");
    const [baseline, week12] = first.filter((row) => row.visit_number !== "");
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    expect(days(baseline!.visit_date!, week12!.visit_date!)).toBe(days("2024-01-10", "2024-04-10"));
    expect(days(week12!.ae_onset_date!, week12!.visit_date!)).toBe(days("2024-03-28", "2024-04-10"));
  });
});

describe("audit rows", () => {
  it("records the options, filters and counts before streaming, and the end with the rows sent", async () => {
    const { res } = await exportText(medicoA, {
      format: "csv-long",
      visit_types: "baseline",
      visit_date_from: "2024-01-01",
    });
    const fileName = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")![1];
    const rows = (await exportAuditRows()).filter((row) => row.newValues?.file_name === fileName);
    const start = rows.find((row) => "format" in (row.newValues ?? {}));
    const end = rows.find((row) => "status" in (row.newValues ?? {}));
    expect(start!.userId).toBe(medicoA.userId);
    expect(start!.newValues).toMatchObject({
      format: "csv-long",
      filters: { visit_types: ["baseline"], visit_date_from: "2024-01-01" },
      patients: 2,
      visits: 1,
      rows: 2,
      patient_scope: "own",
    });
    // Written before the last byte was sent: there when the download has ended.
    expect(end!.newValues).toMatchObject({ status: "completed", rows: 2, expected: 2 });
    expect(end!.id).toBeGreaterThan(start!.id);
  });
});

describe("options", () => {
  it.each([
    [{ format: "csv" }, "format must be one of"],
    [{ format: "csv-long", audit: "true" }, "Audit records can only be included in an ODM export"],
    [{ format: "odm", audit: "true", deidentify: "true" }, "cannot be combined with de-identification"],
    [{ format: "odm", zip: "true" }, "Only the CSV formats can be packaged as a zip"],
    [{ format: "csv-long", visit_types: "Baseline;drop" }, "visit_types must be comma-separated"],
    [{ format: "csv-long", visit_date_from: "2024-02-01", visit_date_to: "2024-01-01" }, "must not be after"],
    [{ format: "odm", csv_format: "semicolon" }, "csv_format applies to the CSV formats"],
    [{ format: "csv-long", csv_format: "tab" }, "csv_format must be one of: comma, semicolon"],
  ])("answers 422 for %j", async (query, message) => {
    const res = await exportRequest(admin, query);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(message);
  });
});

describe("CSV formats (docs/decisions/0021)", () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  const download = async (query: Record<string, string>) => {
    const res = await exportRequest(admin, query);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const read = (text: string, delimiter: string) => {
    const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };

  it("the default is the comma format, byte for byte", async () => {
    for (const format of ["csv-long", "csv-wide"]) {
      const byDefault = await download({ format });
      const comma = await download({ format, csv_format: "comma" });
      expect(byDefault.equals(comma)).toBe(true);
      expect(byDefault.subarray(0, 3).equals(BOM)).toBe(false);
      const text = byDefault.toString("utf8");
      expect(text.startsWith("patient_id,")).toBe(true);
      expect(text).toContain(",170.5,68.2,");
    }
  });

  it("semicolon: a `;` reader sees the same columns, numbers with a decimal comma, everything else as in the comma file", async () => {
    const semicolon = await download({ format: "csv-long", csv_format: "semicolon" });
    expect(semicolon.subarray(0, 3).equals(BOM)).toBe(true);
    const [header, ...rows] = read(semicolon.toString("utf8"), ";");
    const [commaHeader, ...commaRows] = read((await download({ format: "csv-long" })).toString("utf8"), ",");
    expect(header).toEqual(commaHeader);
    expect(header!.slice(0, 3)).toEqual(["patient_id", "patient_code", "medical_group"]);
    expect(rows).toHaveLength(4);
    const column = (name: string) => header!.indexOf(name);
    const a1 = rows.filter((row) => row[column("patient_code")] === "A-001");
    expect(a1.map((row) => row[column("height_cm")])).toEqual(["170,5", "170,5"]);
    expect(a1.map((row) => row[column("weight_kg")])).toEqual(["68,2", "68,2"]);
    expect(a1.map((row) => row[column("visit_date")])).toEqual(["2024-01-10", "2024-04-10"]);
    expect(a1.map((row) => row[column("ae_description")])).toContain('Rash, "mild"\nresolved');
    // Only number cells change: each cell is the comma file's, or its decimal point as a comma.
    const decimals = /^-?\d+\.\d+$/;
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        const commaCell = commaRows[r]![c]!;
        expect(cell).toBe(decimals.test(commaCell) ? commaCell.replace(".", ",") : commaCell);
      }),
    );
  });

  it("semicolon in a zip: the loaders and the README follow it", async () => {
    const res = await exportRequest(medicoA, { format: "csv-long", csv_format: "semicolon", zip: "true" });
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const data = [...files.keys()].find((name) => name.endsWith(".csv") && name !== "data_dictionary.csv")!;
    expect(read(files.get(data)!, ";")[0]).toContain("pasi_score");
    expect(files.get(data)).toContain(";170,5;");
    expect(files.get("load_data.py")).toContain('SEPARATOR = ";"');
    expect(files.get("load_data.py")).toContain('DECIMAL = ","');
    expect(files.get("load_data.R")).toContain('SEPARATOR <- ";"');
    expect(files.get("README.md")).toContain("semicolon-separated, decimal commas");
    const audit = (await exportAuditRows()).find((row) => row.newValues?.zip === true);
    expect(audit!.newValues).toMatchObject({ format: "csv-long", csv_format: "semicolon" });
  });
});

describe("zip package", () => {
  it("holds the CSV, the review files, the data dictionary, a README of every column and the R and Python loaders", async () => {
    const res = await exportRequest(medicoA, { format: "csv-long", zip: "true" });
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...files.keys()];
    // The data file first, then the review files (tests/api/study-export-review.test.ts and
    // study-export-signatures.test.ts), then the rest.
    expect(names.slice(1)).toEqual([
      "queries.csv",
      "verification.csv",
      "form_status.csv",
      "signatures.csv",
      "data_dictionary.csv",
      "README.md",
      "load_data.py",
      "load_data.R",
    ]);
    const data = names[0]!;
    expect(data).toMatch(/_csv_long_.*\.csv$/);
    const rows = asObjects(files.get(data)!);
    expect(rows).toHaveLength(3);
    const header = parseCsv(files.get(data)!)[0]!;
    const readme = files.get("README.md")!;
    for (const column of header) expect(readme, column).toContain(column);
    expect(files.get("data_dictionary.csv")).toContain("pasi_score");
    expect(files.get("load_data.py")).toContain(data);
    expect(files.get("load_data.R")).toContain(data);
  });
});

describe("cancelling", () => {
  let bulk: { id: number };
  // More patients than one batch, so an export is mid-stream when cancelled.
  const many = EXPORT_BATCH_PATIENTS * 3;

  beforeAll(async () => {
    const db = await getDb();
    bulk = await createStudy(admin);
    await db.execute(
      sql.raw(
        `INSERT INTO patients (study_id, code, birth_date, sex) SELECT ${bulk.id}, 'P' || g, '1980-01-01', 'M' FROM generate_series(1, ${many}) g`,
      ),
    );
  });

  it("streams a zip of several batches whose every entry passes the CRC checks", async () => {
    const url = new URL(`${BASE}/api/studies/${bulk.id}/export?format=csv-long&zip=true`);
    const res = await exportRoute(new Request(url, { headers: admin.headers }), {
      params: Promise.resolve({ id: String(bulk.id) }),
    });
    expect(res.status).toBe(200);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const data = [...files.keys()][0]!;
    expect(data).toMatch(/\.csv$/);
    expect(asObjects(files.get(data)!)).toHaveLength(many);
  });

  it.each([
    ["CSV", ""],
    ["zip", "&zip=true"],
  ])(
    "stops reading the database when the client cancels a %s, and records the cancelled export",
    async (_, zip) => {
      const db = await getDb();
      const before = activeExportStreams();
      const url = new URL(`${BASE}/api/studies/${bulk.id}/export?format=csv-long${zip}`);
      const res = await exportRoute(new Request(url, { headers: admin.headers }), {
        params: Promise.resolve({ id: String(bulk.id) }),
      });
      expect(res.headers.get(EXPORT_HEADERS.totalRows)).toBe(String(many));
      expect(activeExportStreams()).toBe(before + 1);
      const reader = res.body!.getReader();
      await reader.read(); // the header
      await reader.read(); // the first batch
      await reader.cancel();
      expect(activeExportStreams()).toBe(before);
      const trail = () =>
        db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.action, "export"), eq(auditLogs.studyId, bulk.id)))
          .orderBy(desc(auditLogs.id));
      await expect
        .poll(async () => (await trail())[0]!.newValues)
        .toMatchObject({
          status: "cancelled",
          expected: many,
        });
      const sent = (await trail())[0]!.newValues as { rows: number };
      expect(sent.rows).toBeLessThan(many);
      expect(sent.rows).toBeGreaterThan(0);
    },
  );
});
