/**
 * The casebook PDF (docs/decisions/0035) on PostgreSQL and PGlite alike, read back as a person or a
 * screen reader would: its text with Debian's pdftotext (labels, values, a missing-data code, a
 * visit, a query thread, a signature's manifestation and an invalidated one, the footer on every
 * page), its structure with pdfinfo (tagged), its download audited with the SHA-256 of exactly the
 * bytes received, the same 404 as the patient page outside the reader's scope, and Italian words
 * for an Italian reader.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as casebookRoute } from "@/app/api/patients/[id]/casebook.pdf/route";
import { GET as getPatient } from "@/app/api/patients/[id]/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { POST as openRoute } from "@/app/api/queries/route";
import { POST as verifyVisit } from "@/app/api/visits/[id]/verify/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { signatureInvalidations, signatures } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { BASE, auditRowsFor, call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

const dir = mkdtempSync(path.join(tmpdir(), "casebook-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The demo study with one bilingual label, so a reader's language reaches the study's own words, and
 * PASI as the key field source verification requires (decision 0031).
 */
const CONFIG = {
  ...DEMO_STUDY_CONFIG,
  sdv_requirement: "key",
  data_fields: (DEMO_STUDY_CONFIG.data_fields ?? []).map((field) =>
    field.name === "pasi_score"
      ? { ...field, label: { en: "PASI score", it: "Punteggio PASI" }, sdv_required: true }
      : field,
  ),
};

const NOTES = "Ψ-pitting ≥ 3 nails → see photo; Ørsted (中文 🙂)";

let study: { id: number; code: string };
let medico: Caller;
let otherMedico: Caller;
let monitor: Caller;
let pi: Caller;
let patientId: number;
let code: string;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin, CONFIG);
  medico = await memberOf(study.id, "medico");
  otherMedico = await memberOf(study.id, "medico");
  monitor = await memberOf(study.id, "study_monitor");
  pi = await memberOf(study.id, "principal_investigator");
  code = `CB-${process.pid}`;
  const body = patientBody(study.id, code);
  const patient = await call(createPatient, {
    method: "POST",
    headers: medico.headers,
    body: {
      ...body,
      // Onset not known: a missing-data code instead of a value (decision 0023).
      custom_fields: { psoriasis_phenotypes: ["plaque", "nail"], nail_involvement_notes: NOTES },
      missing: { psoriasis_onset: "UNK" },
    },
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  patientId = patient.json.id as number;
  const visitIds: number[] = [];
  for (const [n, date, type, pasi] of [
    [1, "2024-01-10", "baseline", 20],
    [2, "2024-04-03", "week_12", 4.5],
  ] as const) {
    const visit = await call(createVisit, {
      method: "POST",
      headers: medico.headers,
      body: {
        patient_id: patientId,
        visit_number: n,
        visit_date: date,
        visit_type: type,
        data_fields: { current_therapy: "adalimumab", pasi_score: pasi, adverse_event: false },
      },
    });
    expect(visit.status, JSON.stringify(visit.json)).toBe(201);
    visitIds.push(visit.json.id as number);
  }
  // The monitor verifies the baseline PASI against the source.
  const verified = await call(verifyVisit, {
    method: "POST",
    headers: monitor.headers,
    params: { id: String(visitIds[0]) },
    body: { fields: ["pasi_score"] },
  });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  const query = await call(openRoute, {
    method: "POST",
    headers: monitor.headers,
    body: {
      study_id: study.id,
      entity_type: "visit",
      entity_id: visitIds[0],
      field: "pasi_score",
      text: "PASI 20 at baseline: please check the source",
    },
  });
  expect(query.status, JSON.stringify(query.json)).toBe(201);
  const answer = await call(respondRoute, {
    method: "POST",
    headers: medico.headers,
    params: { id: String(query.json.id) },
    body: { category: "confirmed_correct", text: "Source checked: PASI 20 is right" },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);

  // Signatures are written by their own service (decision 0032); here rows are enough to print.
  const db = await getDb();
  const [casebookSignature, visitSignature] = await db
    .insert(signatures)
    .values([
      {
        studyId: study.id,
        patientId,
        entityType: "patient",
        signerId: pi.userId,
        signerName: "Anna Rossi",
        meaning: "approval",
        meaningText: "I approve this casebook",
        signedAt: new Date("2024-05-02T08:30:00Z"),
        dataHash: "a".repeat(64),
        covered: {},
      },
      {
        studyId: study.id,
        patientId,
        visitId: visitIds[1],
        entityType: "visit",
        signerId: pi.userId,
        signerName: "Marco Bianchi",
        meaning: "review",
        meaningText: "I have reviewed this visit",
        signedAt: new Date("2024-05-03T09:00:00Z"),
        dataHash: "b".repeat(64),
        covered: {},
      },
    ])
    .returning({ id: signatures.id });
  await db.insert(signatureInvalidations).values({
    signatureId: casebookSignature!.id,
    invalidatedAt: new Date("2024-06-01T10:15:00Z"),
    changedBy: medico.userId,
    cause: { entity_type: "visit", entity_id: visitIds[0], fields: ["pasi_score"] },
  });
  expect(visitSignature).toBeDefined();
});

/** GET the casebook as `caller`, asking for `language`. */
async function download(caller: Caller, language = "en-US") {
  const response = await casebookRoute(
    new Request(`${BASE}/api/patients/${patientId}/casebook.pdf`, {
      headers: { ...caller.headers, "accept-language": language },
    }),
    { params: Promise.resolve({ id: String(patientId) }) },
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

let files = 0;
/** The PDF's text as pdftotext lays it out, one string per page (form feeds between pages). */
function pagesOf(bytes: Buffer): { pages: string[]; file: string } {
  const file = path.join(dir, `casebook-${++files}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], {
    encoding: "utf8",
  });
  const pages = text.split("\f");
  // pdftotext ends the last page with a form feed too.
  if (pages.at(-1)?.trim() === "") pages.pop();
  return { pages, file };
}

/** Every run of blanks as one space: a wrapped cell reads as one line. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the casebook PDF", () => {
  it("holds the patient, the visits, a missing-data code, the query thread and the signatures, with the footer on every page", async () => {
    const { response, bytes } = await download(monitor);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${study.code}-${code}-casebook\\.pdf"`),
    );
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Its size only: how long it takes belongs in a benchmark, not in a test on a busy machine.
    process.stdout.write(`casebook PDF: ${bytes.length} bytes\n`);

    const { pages, file } = pagesOf(bytes);
    const all = flat(pages.join(" "));
    // The title block.
    expect(all).toContain(`Casebook of patient ${code}`);
    expect(all).toContain("Study: Clinical Study");
    expect(all).toContain("Generated at:");
    // The patient's own columns and fields: labels and values in the reader's words.
    expect(all).toContain("Birth Date");
    expect(all).toContain("May 17, 1980");
    expect(all).toContain("170.5 cm");
    expect(all).toContain("Psoriasis phenotypes");
    expect(all).toContain("Plaque, Nail");
    // A missing-data code with its meaning; never an invented answer.
    expect(all).toContain("Psoriasis onset");
    expect(all).toMatch(/Missing-data code: UNK · Unknown/);
    // Characters outside WinAnsi print as written (an embedded font).
    expect(all).toContain("Ψ-pitting ≥ 3 nails → see photo; Ørsted");
    // The visits, in order, with the study's own labels and the calculations.
    expect(all).toContain("Visit 1: Baseline, Jan 10, 2024");
    expect(all).toContain("Visit 2: Week 12, Apr 03, 2024");
    expect(all.indexOf("Visit 1: Baseline")).toBeLessThan(all.indexOf("Visit 2: Week 12"));
    expect(all).toContain("PASI score");
    expect(all).toContain("4.5");
    expect(all).toContain("PASI improvement (%)");
    expect(all).toContain("PASI improvement (%) 77.50");
    expect(all).toContain("PASI 75 achieved Yes");
    expect(all).toContain("Form status: In progress");
    // Source verification per record: how many of the required fields, which, by whom and when.
    expect(all).toContain("Source verification: 1 of 1 required fields verified");
    expect(all).toContain("Source verification: 0 of 1 required fields verified");
    expect(all).toMatch(/PASI score 20 Verified by Test User \d+ on \w{3} \d{2}, \d{4}/);
    // The data query with its thread, authors and times.
    expect(all).toContain("Visit 1, PASI score: Answered");
    expect(all).toContain("PASI 20 at baseline: please check the source");
    expect(all).toMatch(/Answered by .+ \(Confirmed correct\): Source checked: PASI 20 is right/);
    // The signatures' manifestation: printed name, instant with its zone, meaning, state.
    expect(all).toContain("Whole casebook: signed by Anna Rossi on May 02, 2024 10:30:00 GMT+2");
    expect(all).toContain("Meaning: I approve this casebook");
    expect(all).toContain("Invalidated by the change of visit 1 (PASI score) on Jun 01, 2024 12:15:00 GMT+2");
    expect(all).toContain("Visit 2: signed by Marco Bianchi on May 03, 2024 11:00:00 GMT+2");
    expect(all).toContain("Meaning: I have reviewed this visit");
    expect(all).toContain("Valid");

    // The footer on every page: study, patient, generation instant, Page x of N.
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      const text = flat(page);
      expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(text, `page ${index + 1}`).toMatch(
        new RegExp(
          `Clinical Study · Patient ${code} · Generated \\w{3} \\d{2}, \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\\+\\d`,
        ),
      );
    });

    // Tagged: real text in a structure tree, not an image; the title shown, the language set.
    const info = execFileSync("/usr/bin/pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(new RegExp(`^Title:\\s+Casebook of patient ${code}, Clinical Study$`, "m"));
    expect(info).toMatch(/^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)$/m);
  });

  it("is audited as a print of the patient with the SHA-256 of exactly the bytes sent", async () => {
    const { response, bytes } = await download(monitor);
    expect(response.status).toBe(200);
    const prints = (await auditRowsFor("patient", patientId)).filter((row) => row.action === "print");
    const last = prints.at(-1)!;
    expect(last.userId).toBe(monitor.userId);
    expect(last.studyId).toBe(study.id);
    expect(last.newValues).toMatchObject({
      document: "casebook",
      format: "pdf",
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes: bytes.length,
      file_name: `${study.code}-${code}-casebook.pdf`,
      language: "en",
      visits: 2,
      queries: 1,
      signatures: 2,
    });
  });

  it("answers the patient page's 404 outside the reader's scope, and prints nothing", async () => {
    const before = (await auditRowsFor("patient", patientId)).filter((row) => row.action === "print").length;
    const { response, bytes } = await download(otherMedico);
    expect(response.status).toBe(404);
    const page = await call(getPatient, { headers: otherMedico.headers, params: { id: String(patientId) } });
    expect(page.status).toBe(404);
    expect(JSON.parse(bytes.toString("utf8"))).toEqual(page.json);
    const after = (await auditRowsFor("patient", patientId)).filter((row) => row.action === "print").length;
    expect(after).toBe(before);
  });

  it("speaks Italian to an Italian reader: the catalogue's words and the study's Italian labels", async () => {
    const { response, bytes } = await download(medico, "it-IT,it;q=0.9");
    expect(response.status).toBe(200);
    const { pages } = pagesOf(bytes);
    const all = flat(pages.join(" "));
    expect(all).toContain(`Casebook del paziente ${code}`);
    expect(all).toContain("Data di nascita");
    expect(all).toContain("17 mag 1980");
    expect(all).toContain("Punteggio PASI");
    expect(all).toContain("4,5");
    expect(all).toContain("Visita 1: Baseline, 10 gen 2024");
    expect(all).toContain("Codice di dato mancante: UNK · Sconosciuto");
    expect(all).toContain("Significato: I approve this casebook");
    expect(all).toContain("Invalidata dalla modifica di visita 1 (Punteggio PASI)");
    expect(all).not.toContain("Birth Date");
    pages.forEach((page, index) => {
      expect(flat(page), `pagina ${index + 1}`).toContain(`Pagina ${index + 1} di ${pages.length}`);
    });
    const prints = (await auditRowsFor("patient", patientId)).filter((row) => row.action === "print");
    expect(prints.at(-1)!.newValues).toMatchObject({ language: "it" });
  });
});
