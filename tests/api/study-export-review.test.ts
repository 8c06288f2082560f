/**
 * The study export carries the data review (decisions 0016, 0030, 0031; docs/odm-export.md): the zip's
 * queries.csv (a record per step, the Queries CSV's columns), verification.csv and form_status.csv,
 * in the export's scope and visit filter, pseudonymised with the data when de-identified; and the
 * ODM file's Annotations (SDV, queries, form status) in ODM 1.3.2's element order.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as closeRoute } from "@/app/api/queries/[id]/close/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { POST as openRoute } from "@/app/api/queries/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, patients, users } from "@/db/schema";
import { readCsv } from "@/lib/dictionary/csv";
import { QUERY_EXPORT_COLUMNS } from "@/lib/schemas/queries";
import { BASE, call } from "./helpers";
import {
  callerFor,
  createStudy,
  memberOf,
  patientBody,
  VALID_CUSTOM_FIELDS,
  type Caller,
} from "./clinical-fixtures";
import { errorsOf, ODM_NS, odmElements, parseXml, validateSubset } from "../unit/exports/odm-fixture";
import { readZip, testWithUnzip } from "../support/zip-reader";

type Json = Record<string, unknown>;

let studyId: number;
let admin: Caller;
let monitor: Caller;
let medicoA: Caller;
let medicoB: Caller;
const ids = { a1: 0, a1v1: 0, a1v2: 0, b1: 0 };
const query = { pasi: 0, wholeVisit: 0, identifier: 0, birthDate: 0 };
const emails = new Map<number, string>();

const T = {
  verifiedBirth: "2026-11-20T10:00:00.000Z",
  verifiedHospital: "2026-11-20T10:05:00.000Z",
  verifiedPasi: "2026-11-21T09:00:00.000Z",
  verifiedTherapy: "2026-11-19T08:00:00.000Z",
  clearedTherapy: "2026-11-22T12:30:00.000Z",
  completedV1: "2026-11-18T16:45:00.000Z",
};
const PASI_TEXTS = [
  "PASI 20 at baseline: please check against the source",
  "Confirmed against the clinic letter of 10/01/2024",
  "Thanks, accepted",
];

function exportRequest(caller: Caller, q: Record<string, string>) {
  const url = new URL(`${BASE}/api/studies/${studyId}/export`);
  for (const [name, value] of Object.entries(q)) url.searchParams.set(name, value);
  return exportRoute(new Request(url, { headers: caller.headers }), {
    params: Promise.resolve({ id: String(studyId) }),
  });
}

async function zipOf(caller: Caller, q: Record<string, string>): Promise<Map<string, string>> {
  const res = await exportRequest(caller, { format: "csv-long", zip: "true", ...q });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(testWithUnzip(bytes)).toContain("No errors detected");
  return new Map((await readZip(bytes)).map((entry) => [entry.name, entry.text]));
}

function table(text: string): { header: string[]; rows: Record<string, string>[] } {
  const read = readCsv(text);
  if (!read.ok) throw new Error(`row ${read.row}: ${read.message}`);
  const [header, ...records] = read.records.map((record) => record.cells);
  return {
    header: header!,
    rows: records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ""]))),
  };
}

const dataFile = (files: Map<string, string>) =>
  table([...files.entries()].find(([name]) => name.includes("_csv_long"))![1]);

async function enrol(caller: Caller, code: string, extra: Json = {}) {
  const res = await call(createPatient, {
    method: "POST",
    headers: caller.headers,
    body: patientBody(studyId, code, extra),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function visit(caller: Caller, patientId: number, n: number, type: string, date: string) {
  const res = await call(createVisit, {
    method: "POST",
    headers: caller.headers,
    body: {
      patient_id: patientId,
      visit_number: n,
      visit_date: date,
      visit_type: type,
      data_fields: { current_therapy: "adalimumab", pasi_score: 20 - 10 * (n - 1), adverse_event: false },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function open(body: Json): Promise<number> {
  const res = await call(openRoute, {
    method: "POST",
    headers: monitor.headers,
    body: { study_id: studyId, ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  monitor = await memberOf(studyId, "study_monitor");
  medicoA = await memberOf(studyId, "medico");
  medicoB = await memberOf(studyId, "medico");
  ids.a1 = await enrol(medicoA, "A-001", {
    birth_date: "1971-02-03",
    custom_fields: { ...VALID_CUSTOM_FIELDS, hospital_record_number: "MI-004512" },
  });
  ids.a1v1 = await visit(medicoA, ids.a1, 1, "baseline", "2024-01-10");
  ids.a1v2 = await visit(medicoA, ids.a1, 2, "week_12", "2024-04-10");
  ids.b1 = await enrol(medicoB, "B-001", { birth_date: "1980-05-06" });
  await visit(medicoB, ids.b1, 1, "baseline", "2024-02-01");

  // A thread open → response → close on A-001's baseline PASI.
  query.pasi = await open({
    entity_type: "visit",
    entity_id: ids.a1v1,
    field: "pasi_score",
    text: PASI_TEXTS[0],
  });
  const responded = await call(respondRoute, {
    method: "POST",
    headers: medicoA.headers,
    params: { id: String(query.pasi) },
    body: { category: "confirmed_correct", text: PASI_TEXTS[1] },
  });
  expect(responded.status, JSON.stringify(responded.json)).toBe(200);
  const closed = await call(closeRoute, {
    method: "POST",
    headers: monitor.headers,
    params: { id: String(query.pasi) },
    body: { text: PASI_TEXTS[2] },
  });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
  // A question on A-001's week 12 visit as a whole, one on an identifier field, one on B-001.
  query.wholeVisit = await open({
    entity_type: "visit",
    entity_id: ids.a1v2,
    text: "Visit date is a Sunday?",
  });
  query.identifier = await open({
    entity_type: "patient",
    entity_id: ids.a1,
    field: "hospital_record_number",
    text: "Record number MI-004512 does not match the clinic's",
  });
  query.birthDate = await open({
    entity_type: "patient",
    entity_id: ids.b1,
    field: "birth_date",
    text: "Birth date 1980-05-06 differs from the ID card",
  });

  // Verification and form status, set as the data-review service will store them (decision 0031).
  const db = await getDb();
  await db.execute(sql`
    update patients set verification = ${JSON.stringify({
      birth_date: { state: "verified", by: monitor.userId, at: T.verifiedBirth },
      hospital_record_number: { state: "verified", by: monitor.userId, at: T.verifiedHospital },
    })}::jsonb where id = ${ids.a1}`);
  await db.execute(sql`
    update visits set verification = ${JSON.stringify({
      pasi_score: { state: "verified", by: monitor.userId, at: T.verifiedPasi },
      current_therapy: {
        state: "cleared",
        by: medicoA.userId,
        at: T.clearedTherapy,
        verified_by: monitor.userId,
        verified_at: T.verifiedTherapy,
      },
    })}::jsonb, form_status = 'complete', completed_at = ${T.completedV1}::timestamptz,
    completed_by = ${medicoA.userId} where id = ${ids.a1v1}`);
  for (const row of await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [monitor.userId, medicoA.userId])))
    emails.set(row.id, row.email);
});

describe("the zip's queries.csv", () => {
  it("holds a record per step of each query in scope, threads in order, in the Queries CSV's columns", async () => {
    const files = await zipOf(admin, {});
    const { header, rows } = table(files.get("queries.csv")!);
    expect(header).toEqual([...QUERY_EXPORT_COLUMNS]);
    // A-001 enrolled first: its three queries by opening, then B-001's.
    expect(rows.map((row) => [row.query_id, row.patient_code, row.step_kind])).toEqual([
      [String(query.pasi), "A-001", "open"],
      [String(query.pasi), "A-001", "response"],
      [String(query.pasi), "A-001", "close"],
      [String(query.wholeVisit), "A-001", "open"],
      [String(query.identifier), "A-001", "open"],
      [String(query.birthDate), "B-001", "open"],
    ]);
    const pasi = rows.slice(0, 3);
    expect(pasi.map((row) => row.step_text)).toEqual(PASI_TEXTS);
    expect(pasi.map((row) => row.step_category)).toEqual(["", "confirmed_correct", ""]);
    for (const row of pasi)
      expect(row).toMatchObject({
        entity_type: "visit",
        visit_number: "1",
        visit_type: "baseline",
        field: "pasi_score",
        query_status: "closed",
        days_open: "0",
      });
    expect(pasi.map((row) => Date.parse(row.step_time!))).toEqual(
      pasi.map((row) => Date.parse(row.step_time!)).toSorted((a, b) => a - b),
    );
    expect(rows[3]).toMatchObject({
      entity_type: "visit",
      visit_number: "2",
      field: "",
      query_status: "open",
    });
    expect(pasi[0]!.step_author).not.toBe("");
  });

  it("follows the export's visit filter: a query of a visit left out is left out, the patient's stay", async () => {
    const files = await zipOf(admin, { visit_types: "baseline" });
    const queryIds = new Set(table(files.get("queries.csv")!).rows.map((row) => Number(row.query_id)));
    expect(queryIds).toEqual(new Set([query.pasi, query.identifier, query.birthDate]));
    const statusRows = table(files.get("form_status.csv")!).rows;
    expect(statusRows.filter((row) => row.entity === "visit").map((row) => row.visit_number)).toEqual([
      "1",
      "1",
    ]);
  });

  it("holds only a medico's own patients' queries, verifications and records", async () => {
    const files = await zipOf(medicoB, {});
    const queries = table(files.get("queries.csv")!).rows;
    expect(queries.map((row) => [row.query_id, row.patient_code])).toEqual([
      [String(query.birthDate), "B-001"],
    ]);
    expect(table(files.get("verification.csv")!).rows).toEqual([]);
    const status = table(files.get("form_status.csv")!).rows;
    expect(status.map((row) => [row.patient_code, row.entity, row.visit_number])).toEqual([
      ["B-001", "patient", ""],
      ["B-001", "visit", "1"],
    ]);
    for (const text of files.values()) expect(text).not.toContain("A-001");
  });
});

describe("the zip's verification.csv and form_status.csv", () => {
  it("has a record per verified or cleared field, naming who and when as the audit export does", async () => {
    const files = await zipOf(admin, {});
    const { header, rows } = table(files.get("verification.csv")!);
    expect(header).toEqual([
      "patient_id",
      "patient_code",
      "entity",
      "visit_id",
      "visit_number",
      "field",
      "state",
      "verified_by",
      "verified_by_email",
      "verified_at",
      "cleared_by",
      "cleared_by_email",
      "cleared_at",
    ]);
    const m = String(monitor.userId);
    const a = String(medicoA.userId);
    const mEmail = emails.get(monitor.userId)!;
    const aEmail = emails.get(medicoA.userId)!;
    const p = String(ids.a1);
    const v = String(ids.a1v1);
    expect(rows.map((row) => Object.values(row))).toEqual([
      [p, "A-001", "patient", "", "", "birth_date", "verified", m, mEmail, T.verifiedBirth, "", "", ""],
      [
        p,
        "A-001",
        "patient",
        "",
        "",
        "hospital_record_number",
        "verified",
        m,
        mEmail,
        T.verifiedHospital,
        "",
        "",
        "",
      ],
      [
        p,
        "A-001",
        "visit",
        v,
        "1",
        "current_therapy",
        "cleared",
        m,
        mEmail,
        T.verifiedTherapy,
        a,
        aEmail,
        T.clearedTherapy,
      ],
      [p, "A-001", "visit", v, "1", "pasi_score", "verified", m, mEmail, T.verifiedPasi, "", "", ""],
    ]);
  });

  it("has a record per exported patient and visit with its form status and completion", async () => {
    const files = await zipOf(admin, {});
    const { header, rows } = table(files.get("form_status.csv")!);
    expect(header).toEqual([
      "patient_id",
      "patient_code",
      "entity",
      "visit_id",
      "visit_number",
      "form_status",
      "completed_at",
      "completed_by",
      "completed_by_email",
    ]);
    expect(rows.map((row) => [row.patient_code, row.entity, row.visit_number, row.form_status])).toEqual([
      ["A-001", "patient", "", "in_progress"],
      ["A-001", "visit", "1", "complete"],
      ["A-001", "visit", "2", "in_progress"],
      ["B-001", "patient", "", "in_progress"],
      ["B-001", "visit", "1", "in_progress"],
    ]);
    expect(rows[1]).toMatchObject({
      visit_id: String(ids.a1v1),
      completed_at: T.completedV1,
      completed_by: String(medicoA.userId),
      completed_by_email: emails.get(medicoA.userId),
    });
    expect(rows[0]!.completed_at).toBe("");
  });

  it("describes every review file and column in the README, in English and in Italian", async () => {
    for (const [lang, heading] of [
      ["en", "## Review files"],
      ["it", "## File della revisione"],
    ] as const) {
      const files = await zipOf(admin, { lang });
      const readme = files.get("README.md")!;
      expect(readme).toContain(heading);
      for (const name of ["queries.csv", "verification.csv", "form_status.csv"]) {
        expect(readme).toContain(`\`${name}\``);
        for (const column of table(files.get(name)!).header)
          expect(readme, `${lang} ${column}`).toContain(`\`${column}\``);
      }
      expect(readme).not.toMatch(/exportReadme\./);
    }
  });
});

describe("the review files' format", () => {
  it("follows the data file's CSV format, and the export's audit row names them", async () => {
    const files = await zipOf(admin, { csv_format: "semicolon" });
    const queries = files.get("queries.csv")!;
    expect(queries.startsWith("\uFEFFquery_id;patient_code;")).toBe(true);
    expect(files.get("form_status.csv")!.startsWith("\uFEFFpatient_id;patient_code;")).toBe(true);
    const db = await getDb();
    // The last row is the export's end; the start before it described the files.
    const rows = await db
      .select({ newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "export"), eq(auditLogs.studyId, studyId)))
      .orderBy(desc(auditLogs.id))
      .limit(2);
    expect(rows[1]!.newValues).toMatchObject({
      zip: true,
      review_files: ["queries.csv", "verification.csv", "form_status.csv", "signatures.csv"],
    });
  });
});

describe("de-identified", () => {
  it("uses the data file's pseudonyms and shifted times, names no staff and no internal ids, drops identifier fields, keeps step texts as written", async () => {
    const files = await zipOf(admin, { deidentify: "true" });
    const data = dataFile(files).rows;
    const pseudonymA = data.find(
      (row) => row.visit_number === "1" && row.visit_type === "baseline" && row.pasi_score === "20",
    )!;
    const shiftDays = (Date.parse(pseudonymA.visit_date!) - Date.parse("2024-01-10")) / 86_400_000;
    expect(Math.abs(shiftDays)).toBeGreaterThanOrEqual(31);
    const shifted = (instant: string) => new Date(Date.parse(instant) + shiftDays * 86_400_000).toISOString();

    const queries = table(files.get("queries.csv")!);
    expect(queries.header).toEqual(
      QUERY_EXPORT_COLUMNS.filter((c) => c !== "assignee_id" && c !== "step_author"),
    );
    // The identifier field's query leaves with the field; threads are numbered within the file.
    expect(queries.rows.map((row) => [row.query_id, row.step_kind])).toEqual([
      ["1", "open"],
      ["1", "response"],
      ["1", "close"],
      ["2", "open"],
      ["3", "open"],
    ]);
    expect(queries.rows[0]!.patient_code).toBe(pseudonymA.patient_code);
    expect(queries.rows[0]!.patient_code).toMatch(new RegExp(`^S${studyId}-`));
    // Free text leaves as written (decision 0016: not scanned), as in the data file's text fields.
    expect(queries.rows.slice(0, 3).map((row) => row.step_text)).toEqual(PASI_TEXTS);
    expect(queries.rows[4]!.step_text).toBe("Birth date 1980-05-06 differs from the ID card");

    const verification = table(files.get("verification.csv")!);
    expect(verification.header).toEqual([
      "patient_code",
      "entity",
      "visit_number",
      "field",
      "state",
      "verified_at",
      "cleared_at",
    ]);
    expect(verification.rows.map((row) => Object.values(row))).toEqual([
      [pseudonymA.patient_code, "patient", "", "birth_date", "verified", shifted(T.verifiedBirth), ""],
      [
        pseudonymA.patient_code,
        "visit",
        "1",
        "current_therapy",
        "cleared",
        shifted(T.verifiedTherapy),
        shifted(T.clearedTherapy),
      ],
      [pseudonymA.patient_code, "visit", "1", "pasi_score", "verified", shifted(T.verifiedPasi), ""],
    ]);

    const status = table(files.get("form_status.csv")!);
    expect(status.header).toEqual(["patient_code", "entity", "visit_number", "form_status", "completed_at"]);
    expect(status.rows[1]).toEqual({
      patient_code: pseudonymA.patient_code,
      entity: "visit",
      visit_number: "1",
      form_status: "complete",
      completed_at: shifted(T.completedV1),
    });

    const review = [
      files.get("queries.csv")!,
      files.get("verification.csv")!,
      files.get("form_status.csv")!,
    ].join("\n");
    for (const secret of ["A-001", "B-001", "MI-004512", T.verifiedPasi, T.completedV1, ...emails.values()])
      expect(review).not.toContain(secret);
    const readme = files.get("README.md")!;
    expect(readme).toContain("`step_text`");
    expect(readme).toContain("number within this file");
  });
});

/** The ODM child elements of `element`, by local name. */
const children = (element: Element) => Array.from(element.children).map((child) => child.localName);

async function odmDocument(caller: Caller, q: Record<string, string> = {}) {
  const res = await exportRequest(caller, { format: "odm", ...q });
  const xml = await res.text();
  expect(res.status, xml.slice(0, 300)).toBe(200);
  const validation = await validateSubset(xml);
  expect(validation.valid, errorsOf(validation)).toBe(true);
  return parseXml(xml);
}

function visitEvent(doc: Document, subjectKey: string, repeatKey: string): Element {
  const subject = odmElements(doc, "SubjectData").find((s) => s.getAttribute("SubjectKey") === subjectKey)!;
  return odmElements(subject, "StudyEventData").find(
    (event) => event.getAttribute("StudyEventRepeatKey") === repeatKey,
  )!;
}

const flagOf = (annotation: Element) => ({
  value: odmElements(annotation, "FlagValue")[0]!.textContent,
  valueList: odmElements(annotation, "FlagValue")[0]!.getAttribute("CodeListOID"),
  type: odmElements(annotation, "FlagType")[0]!.textContent,
  comment: JSON.parse(odmElements(annotation, "Comment")[0]!.textContent!) as Json,
});

const itemData = (event: Element, itemOid: string) =>
  odmElements(event, "ItemData").find((item) => item.getAttribute("ItemOID") === itemOid)!;

describe("ODM annotations", () => {
  it("puts verification and the query thread on the item, a whole-visit query and the form status on the event, in ODM 1.3.2's order", async () => {
    const doc = await odmDocument(admin, { audit: "true" });
    const flagLists = ["CL.REVIEW_FLAG_TYPE", "CL.SDV_STATUS", "CL.QUERY_STATUS", "CL.FORM_STATUS"];
    const codeLists = odmElements(doc, "CodeList").map((list) => list.getAttribute("OID"));
    for (const oid of flagLists) expect(codeLists).toContain(oid);

    const baseline = visitEvent(doc, "A-001", "1");
    // StudyEventData: Annotation* before FormData*; the form status is said on the record.
    const eventChildren = children(baseline);
    expect(eventChildren[0]).toBe("Annotation");
    expect(eventChildren.lastIndexOf("Annotation")).toBeLessThan(eventChildren.indexOf("FormData"));
    const status = flagOf(baseline.children[0]!);
    expect(status).toMatchObject({ value: "complete", type: "FORM_STATUS", valueList: "CL.FORM_STATUS" });
    expect(status.comment).toEqual({
      form_status: "complete",
      completed_at: T.completedV1,
      completed_by: medicoA.userId,
    });

    // ItemData: AuditRecord, then the annotations (SDV first, then the query), numbered in order.
    const pasi = itemData(baseline, "IT.V.pasi_score");
    expect(pasi.getAttribute("Value")).toBe("20");
    expect(children(pasi)).toEqual(["AuditRecord", "Annotation", "Annotation"]);
    const [sdv, thread] = odmElements(pasi, "Annotation");
    expect([sdv!.getAttribute("SeqNum"), thread!.getAttribute("SeqNum")]).toEqual(["1", "2"]);
    expect(children(sdv!)).toEqual(["Comment", "Flag"]);
    expect(children(odmElements(sdv!, "Flag")[0]!)).toEqual(["FlagValue", "FlagType"]);
    expect(flagOf(sdv!)).toEqual({
      value: "verified",
      valueList: "CL.SDV_STATUS",
      type: "SDV",
      comment: {
        field: "pasi_score",
        state: "verified",
        verified_by: monitor.userId,
        verified_at: T.verifiedPasi,
      },
    });
    const q = flagOf(thread!);
    expect(q).toMatchObject({ value: "closed", valueList: "CL.QUERY_STATUS", type: "QUERY" });
    expect(q.comment).toMatchObject({ query_id: query.pasi, field: "pasi_score", query_status: "closed" });
    const steps = q.comment.steps as Json[];
    expect(steps.map((step) => [step.step_kind, step.step_category, step.step_text])).toEqual([
      ["open", null, PASI_TEXTS[0]],
      ["response", "confirmed_correct", PASI_TEXTS[1]],
      ["close", null, PASI_TEXTS[2]],
    ]);
    expect(typeof steps[0]!.step_author).toBe("string");

    const therapy = flagOf(odmElements(itemData(baseline, "IT.V.current_therapy"), "Annotation")[0]!);
    expect(therapy).toMatchObject({ value: "cleared", type: "SDV" });
    expect(therapy.comment).toEqual({
      field: "current_therapy",
      state: "cleared",
      verified_by: monitor.userId,
      verified_at: T.verifiedTherapy,
      cleared_by: medicoA.userId,
      cleared_at: T.clearedTherapy,
    });

    // The question on the visit as a whole: on the visit's event, before its forms.
    const week12 = visitEvent(doc, "A-001", "2");
    expect(children(week12)[0]).toBe("Annotation");
    const whole = flagOf(week12.children[0]!);
    expect(whole).toMatchObject({ value: "open", type: "QUERY" });
    expect(whole.comment).toMatchObject({ query_id: query.wholeVisit, field: null, visit_number: 2 });
    // A visit in progress without verification has no annotation of its own.
    expect(odmElements(visitEvent(doc, "B-001", "1"), "Annotation")).toEqual([]);
  });

  it("writes an annotated item without a value as IsNull, and names no staff when de-identified", async () => {
    const db = await getDb();
    // The identifier field's value is gone, its query stays: the item is written as null.
    await db
      .update(patients)
      .set({ customFields: sql`${patients.customFields} - 'hospital_record_number'` })
      .where(eq(patients.id, ids.a1));
    try {
      const doc = await odmDocument(admin);
      const enrollment = odmElements(doc, "SubjectData")
        .find((s) => s.getAttribute("SubjectKey") === "A-001")!
        .getElementsByTagNameNS(ODM_NS, "StudyEventData")[0]!;
      const hospital = itemData(enrollment, "IT.P.hospital_record_number");
      expect(hospital.getAttribute("IsNull")).toBe("Yes");
      expect(hospital.hasAttribute("Value")).toBe(false);
      expect(odmElements(hospital, "FlagValue").map((flag) => flag.textContent)).toEqual([
        "verified",
        "open",
      ]);

      const deidentified = await odmDocument(admin, { deidentify: "true" });
      const text = deidentified.documentElement.outerHTML;
      for (const secret of [
        "A-001",
        "MI-004512",
        "hospital_record_number",
        T.verifiedPasi,
        ...emails.values(),
      ])
        expect(text).not.toContain(secret);
      const notes = odmElements(deidentified, "Comment").map((c) => JSON.parse(c.textContent!) as Json);
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        for (const key of ["verified_by", "cleared_by", "completed_by", "query_id", "assignee_id"])
          expect(note, key).not.toHaveProperty(key);
        for (const step of (note.steps as Json[] | undefined) ?? [])
          expect(step).not.toHaveProperty("step_author");
      }
      const pasiThread = notes.find((note) => note.field === "pasi_score" && "steps" in note)!;
      expect((pasiThread.steps as Json[]).map((step) => step.step_text)).toEqual(PASI_TEXTS);
    } finally {
      await db
        .update(patients)
        .set({
          customFields: sql`${patients.customFields} || '{"hospital_record_number":"MI-004512"}'::jsonb`,
        })
        .where(eq(patients.id, ids.a1));
    }
  });

  it("gives a medico's file only their patients' annotations", async () => {
    const doc = await odmDocument(medicoB);
    const subjects = odmElements(doc, "SubjectData").map((s) => s.getAttribute("SubjectKey"));
    expect(subjects).toEqual(["B-001"]);
    const comments = odmElements(doc, "Comment").map((c) => JSON.parse(c.textContent!) as Json);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ query_id: query.birthDate, field: "birth_date" });
    const birth = itemData(odmElements(doc, "StudyEventData")[0]!, "IT.PATIENT.BIRTH_DATE");
    expect(children(birth)).toEqual(["Annotation"]);
  });
});
