/**
 * Electronic signatures in the study export (decisions 0016, 0032; docs/odm-export.md): the zip's
 * signatures.csv (a record per signature with its manifestation and state, in the export's scope
 * and visit filter, pseudonymised and without staff or hash when de-identified), and the ODM file's
 * SignatureDefs and Users in AdminData, each record's latest valid signature as its `Signature`, the
 * others as Annotations, valid against the ODM 1.3.2 subset schema. Signatures are made through the
 * API, as a principal investigator makes them.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { POST as signPatient } from "@/app/api/patients/[id]/signatures/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as signVisit } from "@/app/api/visits/[id]/signatures/route";
import { PUT as updateVisitRoute } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { userStudyRoles, users } from "@/db/schema";
import { readCsv } from "@/lib/dictionary/csv";
import { SIGNATURE_EXPORT_COLUMNS } from "@/lib/exports/signature-rows";
import exportOdmEn from "@/messages/en/exportOdm.json";
import { BASE, call, createUser } from "./helpers";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";
import { errorsOf, odmElements, parseXml, validateSubset } from "../unit/exports/odm-fixture";
import { readZip, testWithUnzip } from "../support/zip-reader";

type Json = Record<string, unknown>;
type Signed = {
  id: number;
  signed_at: string;
  data_hash: string;
  signer_name: string;
  meaning_text: string;
};

let admin: Caller;
let studyId: number;
let pi: Caller & { email: string; password: string; fullName: string };
const ids = { p1: 0, p1v1: 0, p1v2: 0, p2: 0, p2v1: 0 };
const sig = {} as { visit1: Signed; casebook1: Signed; visit2: Signed; casebook2: Signed };

function exportRequest(caller: Caller, q: Record<string, string>) {
  const url = new URL(`${BASE}/api/studies/${studyId}/export`);
  for (const [name, value] of Object.entries({ lang: "en", ...q })) url.searchParams.set(name, value);
  return exportRoute(new Request(url, { headers: caller.headers }), {
    params: Promise.resolve({ id: String(studyId) }),
  });
}

async function zipOf(q: Record<string, string> = {}): Promise<Map<string, string>> {
  const res = await exportRequest(admin, { format: "csv-long", zip: "true", ...q });
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

async function odmXml(q: Record<string, string> = {}) {
  const res = await exportRequest(admin, { format: "odm", ...q });
  const xml = await res.text();
  expect(res.status, xml.slice(0, 300)).toBe(200);
  const validation = await validateSubset(xml);
  expect(validation.valid, errorsOf(validation)).toBe(true);
  return { xml, doc: parseXml(xml) };
}

const children = (element: Element) => Array.from(element.children).map((child) => child.localName);
const subject = (doc: Document, key: string) =>
  odmElements(doc, "SubjectData").find((s) => s.getAttribute("SubjectKey") === key)!;
const visitEvent = (subjectData: Element, repeatKey: string) =>
  odmElements(subjectData, "StudyEventData").find(
    (event) => event.getAttribute("StudyEventRepeatKey") === repeatKey,
  )!;
/** A Signature's references and instant. */
const signatureOf = (parent: Element) => {
  const signature = Array.from(parent.children).find((child) => child.localName === "Signature")!;
  return {
    children: children(signature),
    user: odmElements(signature, "UserRef")[0]!.getAttribute("UserOID"),
    location: odmElements(signature, "LocationRef")[0]!.getAttribute("LocationOID"),
    def: odmElements(signature, "SignatureRef")[0]!.getAttribute("SignatureOID"),
    at: odmElements(signature, "DateTimeStamp")[0]!.textContent,
  };
};
const flagOf = (annotation: Element) => ({
  value: odmElements(annotation, "FlagValue")[0]!.textContent,
  valueList: odmElements(annotation, "FlagValue")[0]!.getAttribute("CodeListOID"),
  type: odmElements(annotation, "FlagType")[0]!.textContent,
  comment: JSON.parse(odmElements(annotation, "Comment")[0]!.textContent!) as Json,
});

async function enrol(code: string, visitTypes: string[]) {
  const p = await call(createPatient, {
    method: "POST",
    headers: admin.headers,
    body: patientBody(studyId, code),
  });
  expect(p.status, JSON.stringify(p.json)).toBe(201);
  const visitIds: number[] = [];
  for (const [index, type] of visitTypes.entries()) {
    const v = await call(createVisit, {
      method: "POST",
      headers: admin.headers,
      body: {
        patient_id: p.json.id,
        visit_number: index + 1,
        visit_date: `2024-0${index + 1}-10`,
        visit_type: type,
        data_fields: { current_therapy: "adalimumab", pasi_score: 20 - index, adverse_event: false },
      },
    });
    expect(v.status, JSON.stringify(v.json)).toBe(201);
    visitIds.push(v.json.id as number);
  }
  return { patientId: p.json.id as number, visitIds };
}

async function sign(target: { visit: number } | { patient: number }, meaning: string): Promise<Signed> {
  const body = { meaning, email: pi.email, password: pi.password };
  const res =
    "visit" in target
      ? await call(signVisit, {
          method: "POST",
          headers: pi.headers,
          params: { id: String(target.visit) },
          body,
        })
      : await call(signPatient, {
          method: "POST",
          headers: pi.headers,
          params: { id: String(target.patient) },
          body,
        });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as unknown as Signed;
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  // A principal investigator whose identity was verified: the one who may sign (decision 0032).
  const user = await createUser();
  const db = await getDb();
  await db.insert(userStudyRoles).values({ userId: user.id, studyId, role: "principal_investigator" });
  await db
    .update(users)
    .set({ identityVerifiedAt: new Date(), identityVerifiedBy: user.id, identityVerificationMethod: "test" })
    .where(eq(users.id, user.id));
  const tokens = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
  expect(tokens.status).toBe(200);
  pi = {
    headers: { authorization: `Bearer ${String(tokens.json.access_token)}` },
    userId: user.id,
    email: user.email,
    password: user.password,
    fullName: user.fullName,
  };

  const first = await enrol("SGN-001", ["baseline", "week_12"]);
  ids.p1 = first.patientId;
  [ids.p1v1, ids.p1v2] = first.visitIds as [number, number];
  const second = await enrol("SGN-002", ["baseline"]);
  ids.p2 = second.patientId;
  ids.p2v1 = second.visitIds[0]!;

  sig.visit1 = await sign({ visit: ids.p1v1 }, "review");
  sig.casebook1 = await sign({ patient: ids.p1 }, "approve");
  // A change of the second visit invalidates the casebook's signature (it covered every visit).
  const [visit] = (
    (await db.execute(sql`select version from visits where id = ${ids.p1v2}`)) as unknown as {
      rows: { version: number }[];
    }
  ).rows;
  const changed = await call(updateVisitRoute, {
    method: "PUT",
    headers: admin.headers,
    params: { id: String(ids.p1v2) },
    body: { version: visit!.version, data_fields: { pasi_score: 3 }, reason: "Transcription error" },
  });
  expect(changed.status, JSON.stringify(changed.json)).toBe(200);
  sig.visit2 = await sign({ visit: ids.p1v2 }, "approve");
  sig.casebook2 = await sign({ patient: ids.p2 }, "approve");
});

describe("signatures.csv", () => {
  it("holds a record per signature with its manifestation (printed name, UTC instant with Z, meaning) and state", async () => {
    const files = await zipOf();
    const names = [...files.keys()];
    // After the other review files, before the dictionary.
    expect(names.indexOf("signatures.csv")).toBe(names.indexOf("form_status.csv") + 1);
    const { header, rows } = table(files.get("signatures.csv")!);
    expect(header).toEqual([...SIGNATURE_EXPORT_COLUMNS]);
    // Enrolment order, then each patient's signatures in the order they were given.
    expect(rows.map((row) => [row.patient_code, row.entity_type, row.visit_number, row.state])).toEqual([
      ["SGN-001", "visit", "1", "valid"],
      ["SGN-001", "patient", "", "invalidated"],
      ["SGN-001", "visit", "2", "valid"],
      ["SGN-002", "patient", "", "valid"],
    ]);
    expect(rows[0]).toEqual({
      signature_id: String(sig.visit1.id),
      patient_code: "SGN-001",
      entity_type: "visit",
      visit_number: "1",
      visit_type: "baseline",
      signer_id: String(pi.userId),
      signer_name: pi.fullName,
      meaning: "review",
      meaning_text: "I have reviewed the data",
      signed_at: sig.visit1.signed_at,
      data_hash: sig.visit1.data_hash,
      state: "valid",
      invalidated_at: "",
      invalidated_by_user_id: "",
      invalidated_by: "",
    });
    expect(rows[0]!.signed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const casebook = rows[1]!;
    expect(casebook).toMatchObject({
      signature_id: String(sig.casebook1.id),
      visit_type: "",
      meaning: "approve",
      meaning_text: "I approve the data",
      signed_at: sig.casebook1.signed_at,
      invalidated_by_user_id: String(admin.userId),
    });
    expect(casebook.invalidated_at).toMatch(/Z$/);
    expect(Date.parse(casebook.invalidated_at!)).toBeGreaterThanOrEqual(Date.parse(casebook.signed_at!));
    expect(JSON.parse(casebook.invalidated_by!)).toEqual({
      entity_type: "visit",
      entity_id: ids.p1v2,
      visit_number: 2,
      fields: ["pasi_score"],
    });
    const readme = files.get("README.md")!;
    expect(readme).toContain("### `signatures.csv`");
    expect(readme).toContain("The signer's printed name, as it was when they signed.");
    expect(readme).toContain("`SignatureDef`");
  });

  it("follows the visit filter: a visit outside it takes its signatures along, casebooks stay", async () => {
    const { rows } = table((await zipOf({ visit_types: "baseline" })).get("signatures.csv")!);
    expect(rows.map((row) => row.signature_id)).toEqual(
      [sig.visit1.id, sig.casebook1.id, sig.casebook2.id].map(String),
    );
  });

  it("de-identified: the data file's pseudonyms and shifted times, no signer, id or hash, no internal id in the cause", async () => {
    const files = await zipOf({ deidentify: "true" });
    const data = table([...files.entries()].find(([name]) => name.includes("_csv_long"))![1]).rows;
    const first = data.find((row) => row.visit_number === "1" && row.pasi_score === "20")!;
    expect(first.patient_code).toMatch(new RegExp(`^S${studyId}-`));
    const shiftDays = (Date.parse(first.visit_date!) - Date.parse("2024-01-10")) / 86_400_000;
    expect(Math.abs(shiftDays)).toBeGreaterThanOrEqual(31);
    const shifted = (instant: string) => new Date(Date.parse(instant) + shiftDays * 86_400_000).toISOString();

    const text = files.get("signatures.csv")!;
    const { header, rows } = table(text);
    expect(header).toEqual([
      "patient_code",
      "entity_type",
      "visit_number",
      "visit_type",
      "meaning",
      "meaning_text",
      "signed_at",
      "state",
      "invalidated_at",
      "invalidated_by",
    ]);
    expect(rows[0]).toEqual({
      patient_code: first.patient_code,
      entity_type: "visit",
      visit_number: "1",
      visit_type: "baseline",
      meaning: "review",
      meaning_text: "I have reviewed the data",
      signed_at: shifted(sig.visit1.signed_at),
      state: "valid",
      invalidated_at: "",
      invalidated_by: "",
    });
    expect(JSON.parse(rows[1]!.invalidated_by!)).toEqual({
      entity_type: "visit",
      visit_number: 2,
      fields: ["pasi_score"],
    });
    for (const secret of [pi.fullName, pi.email, "SGN-001", sig.visit1.data_hash, sig.visit1.signed_at])
      expect(text).not.toContain(secret);
    expect(files.get("README.md")).toContain(
      "In `signatures.csv` the signing and invalidation times are shifted",
    );
  });
});

describe("ODM signatures", () => {
  it("defines each meaning in AdminData and signs each record with its latest valid signature, the others as annotations", async () => {
    const { doc } = await odmXml();
    const adminData = odmElements(doc, "AdminData")[0]!;
    // AdminData: User*, Location*, SignatureDef* (ODM 1.3.2).
    const order = children(adminData);
    expect(order.lastIndexOf("User")).toBeLessThan(order.indexOf("Location"));
    expect(order.lastIndexOf("Location")).toBeLessThan(order.indexOf("SignatureDef"));
    const signer = odmElements(adminData, "User").find((u) => u.getAttribute("OID") === `USR.${pi.userId}`)!;
    expect(odmElements(signer, "DisplayName")[0]!.textContent).toBe(pi.fullName);
    const defs = odmElements(adminData, "SignatureDef").map((def) => ({
      oid: def.getAttribute("OID"),
      methodology: def.getAttribute("Methodology"),
      meaning: odmElements(def, "Meaning")[0]!.textContent,
      legalReason: odmElements(def, "LegalReason")[0]!.textContent,
    }));
    expect(defs).toEqual([
      {
        oid: "SD.approve",
        methodology: "Electronic",
        meaning: "I approve the data",
        legalReason: exportOdmEn.signatureLegalReason,
      },
      {
        oid: "SD.review",
        methodology: "Electronic",
        meaning: "I have reviewed the data",
        legalReason: exportOdmEn.signatureLegalReason,
      },
    ]);

    // A visit's signature on its StudyEventData, first (no AuditRecord without audit records).
    const first = subject(doc, "SGN-001");
    const baseline = visitEvent(first, "1");
    expect(children(baseline)[0]).toBe("Signature");
    expect(signatureOf(baseline)).toEqual({
      children: ["UserRef", "LocationRef", "SignatureRef", "DateTimeStamp"],
      user: `USR.${pi.userId}`,
      location: "LOC.REGISTRY",
      def: "SD.review",
      at: sig.visit1.signed_at,
    });
    expect(signatureOf(visitEvent(first, "2"))).toMatchObject({
      def: "SD.approve",
      at: sig.visit2.signed_at,
    });

    // An invalidated casebook signature is no Signature: an Annotation on the SubjectData.
    expect(children(first)[0]).toBe("Annotation");
    expect(children(first)).not.toContain("Signature");
    const invalidated = flagOf(odmElements(first, "Annotation")[0]!);
    expect(invalidated).toMatchObject({
      value: "invalidated",
      valueList: "CL.SIGNATURE_STATE",
      type: "SIGNATURE",
    });
    expect(invalidated.comment).toMatchObject({
      signature_id: sig.casebook1.id,
      entity_type: "patient",
      signer_name: pi.fullName,
      meaning: "approve",
      signed_at: sig.casebook1.signed_at,
      data_hash: sig.casebook1.data_hash,
      state: "invalidated",
      invalidated_by_user_id: admin.userId,
      invalidated_by: { entity_type: "visit", entity_id: ids.p1v2, visit_number: 2, fields: ["pasi_score"] },
    });
    const typeList = odmElements(doc, "CodeList").find(
      (l) => l.getAttribute("OID") === "CL.REVIEW_FLAG_TYPE",
    )!;
    expect(odmElements(typeList, "CodeListItem").map((item) => item.getAttribute("CodedValue"))).toContain(
      "SIGNATURE",
    );

    // A valid casebook signature signs the SubjectData: Signature before the StudyEventData.
    const second = subject(doc, "SGN-002");
    expect(children(second).slice(0, 2)).toEqual(["Signature", "StudyEventData"]);
    expect(signatureOf(second)).toMatchObject({
      user: `USR.${pi.userId}`,
      def: "SD.approve",
      at: sig.casebook2.signed_at,
    });
  });

  it("with audit records: the audit users and the signers share AdminData, each listed once", async () => {
    const { doc } = await odmXml({ audit: "true" });
    const users = odmElements(doc, "User").map((u) => u.getAttribute("OID"));
    expect(users.filter((oid) => oid === `USR.${pi.userId}`)).toHaveLength(1);
    expect(users).toContain("USR.SYSTEM");
    const baseline = visitEvent(subject(doc, "SGN-001"), "1");
    const order = children(baseline);
    expect(order.indexOf("Signature")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("Signature")).toBeLessThan(order.indexOf("FormData"));
  });

  it("de-identified: Signatures stay, with one withheld signer and shifted instants; no staff in the file", async () => {
    const { xml, doc } = await odmXml({ deidentify: "true" });
    const users = odmElements(doc, "User");
    expect(users.map((u) => u.getAttribute("OID"))).toEqual(["USR.UNLISTED", "USR.SIGNER_WITHHELD"]);
    expect(odmElements(users[1]!, "DisplayName")[0]!.textContent).toBe(exportOdmEn.withheldSigner);
    const [first] = odmElements(doc, "SubjectData");
    const baseline = odmElements(first!, "StudyEventData").find(
      (event) => event.getAttribute("StudyEventRepeatKey") === "1",
    )!;
    const signed = signatureOf(baseline);
    expect(signed).toMatchObject({ user: "USR.SIGNER_WITHHELD", def: "SD.review" });
    expect(signed.at).not.toBe(sig.visit1.signed_at);
    // The same shift as signatures.csv's (the patient's one offset).
    const csv = table((await zipOf({ deidentify: "true" })).get("signatures.csv")!).rows;
    expect(signed.at).toBe(csv[0]!.signed_at);
    const invalidated = flagOf(odmElements(first!, "Annotation")[0]!);
    expect(invalidated.comment).toEqual({
      entity_type: "patient",
      meaning: "approve",
      meaning_text: "I approve the data",
      signed_at: csv[1]!.signed_at,
      state: "invalidated",
      invalidated_at: csv[1]!.invalidated_at,
      invalidated_by: { entity_type: "visit", visit_number: 2, fields: ["pasi_score"] },
    });
    for (const secret of [pi.fullName, pi.email, "SGN-001", sig.visit1.data_hash, `USR.${pi.userId}"`])
      expect(xml).not.toContain(secret);
  });
});
