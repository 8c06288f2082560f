/**
 * Data review in the ODM file (decisions 0016, 0030, 0031; docs/odm-export.md): verification, query
 * threads and form status as Annotations, valid against the ODM 1.3.2 content model (and the
 * official schema when ODM_OFFICIAL_XSD names it), in the standard's element order.
 */
import { describe, expect, it } from "vitest";
import { deidentifyPatient, deidentifyPlan } from "@/lib/exports/deidentify";
import type { ExportPatient, ExportQuery } from "@/lib/exports/export-records";
import {
  AWKWARD_TEXT,
  awkwardPatients,
  demoConfig,
  errorsOf,
  officialXsdPath,
  odmElements,
  parseXml,
  validateOfficial,
  validateSubset,
  writeOdm,
} from "./odm-fixture";

const step = (kind: ExportQuery["steps"][number]["kind"], text: string, at: string) => ({
  kind,
  category: kind === "response" ? "typing_error" : null,
  text,
  user_id: 7,
  user_name: "Dr <Rossi> & co",
  created_at: at,
});

function query(overrides: Partial<ExportQuery>): ExportQuery {
  return {
    id: 41,
    entity_type: "visit",
    visit_id: null,
    visit_number: null,
    visit_type: null,
    field: null,
    status: "answered",
    assignee_id: 7,
    created_at: "2026-01-02T10:00:00.000Z",
    closed_at: null,
    days_open: 3,
    steps: [step("open", "Please check", "2026-01-02T10:00:00.000Z")],
    ...overrides,
  };
}

/** The awkward patients with verification, queries (on an item, a whole visit, the code) and statuses. */
function reviewedPatients(): ExportPatient[] {
  const [first, ...rest] = awkwardPatients();
  const visit = first!.visits[0]!;
  const empty = first!.visits[2]!; // bsa_percent is null there
  first!.review = {
    form_status: "verified",
    completed_at: "2026-01-01T09:00:00.000Z",
    completed_by: 7,
    verification: [
      {
        field: "birth_date",
        state: "verified",
        verified_by: 8,
        verified_at: "2026-01-03T09:00:00.000Z",
        cleared_by: null,
        cleared_at: null,
      },
    ],
  };
  visit.review = {
    form_status: "in_progress",
    completed_at: null,
    completed_by: null,
    verification: [
      {
        field: "pasi_score",
        state: "cleared",
        verified_by: 8,
        verified_at: "2026-01-03T09:00:00.000Z",
        cleared_by: 7,
        cleared_at: "2026-01-04T09:00:00.000Z",
      },
    ],
  };
  first!.queries = [
    query({
      visit_id: visit.id,
      visit_number: visit.visit_number,
      field: "pasi_score",
      steps: [
        step("open", AWKWARD_TEXT, "2026-01-02T10:00:00.000Z"),
        step("response", "Typo, corrected", "2026-01-02T11:00:00.000Z"),
      ],
    }),
    query({ id: 42, visit_id: visit.id, visit_number: visit.visit_number, field: null, status: "open" }),
    query({ id: 43, visit_id: empty.id, visit_number: empty.visit_number, field: "bsa_percent" }),
    query({ id: 44, entity_type: "patient", field: "code", status: "closed" }),
  ];
  return [first!, ...rest];
}

async function expectValid(xml: string) {
  const subset = await validateSubset(xml);
  expect(errorsOf(subset)).toBe("");
  const official = officialXsdPath();
  if (official) expect(errorsOf(await validateOfficial(xml, official))).toBe("");
}

const childNames = (element: Element) => Array.from(element.children).map((child) => child.localName);

describe("review annotations in the ODM file", () => {
  const plain = writeOdm(reviewedPatients(), { includeAudit: false });
  const audited = writeOdm(reviewedPatients(), { includeAudit: true });

  it("validates with and without audit records", async () => {
    expect(plain).toContain("<Annotation SeqNum=");
    await expectValid(plain);
    await expectValid(audited);
  });

  it("places each annotation where ODM 1.3.2 puts it, numbered within its parent", () => {
    const doc = parseXml(audited);
    const [subject] = odmElements(doc, "SubjectData");
    const [enrollment, firstVisit] = odmElements(subject!, "StudyEventData");
    // Enrollment: the form status, then the query on the code (no item) before the forms.
    expect(childNames(enrollment!).slice(0, 3)).toEqual(["Annotation", "Annotation", "FormData"]);
    expect(
      odmElements(enrollment!, "FlagType")
        .slice(0, 2)
        .map((e) => e.textContent),
    ).toEqual(["FORM_STATUS", "QUERY"]);
    const birth = odmElements(enrollment!, "ItemData").find(
      (item) => item.getAttribute("ItemOID") === "IT.PATIENT.BIRTH_DATE",
    )!;
    expect(childNames(birth)).toEqual(["AuditRecord", "Annotation"]);
    // The visit in progress: its whole-visit query only, then the forms; the item: AuditRecord first.
    expect(childNames(firstVisit!).slice(0, 2)).toEqual(["Annotation", "FormData"]);
    const pasi = odmElements(firstVisit!, "ItemData").find(
      (item) => item.getAttribute("ItemOID") === "IT.V.pasi_score",
    )!;
    expect(childNames(pasi)).toEqual(["AuditRecord", "Annotation", "Annotation"]);
    const notes = odmElements(pasi, "Annotation");
    expect(notes.map((note) => note.getAttribute("SeqNum"))).toEqual(["1", "2"]);
    const thread = JSON.parse(odmElements(notes[1]!, "Comment")[0]!.textContent!) as {
      steps: { step_text: string; step_author: string }[];
    };
    // Every character of the step's text survives the Comment (XML escaping, JSON inside).
    expect(thread.steps[0]).toMatchObject({ step_text: AWKWARD_TEXT, step_author: "Dr <Rossi> & co" });
    // An annotated item without a value: IsNull, no Value, no AuditRecord.
    const bsa = odmElements(subject!, "ItemData").find(
      (item) => item.getAttribute("ItemOID") === "IT.V.bsa_percent" && item.getAttribute("IsNull") === "Yes",
    )!;
    expect(bsa.hasAttribute("Value")).toBe(false);
    expect(childNames(bsa)).toEqual(["Annotation"]);
  });

  it("rejects an annotation out of ODM's order, and a flag from a code list the file does not define", async () => {
    const afterForms = plain.replace(
      /(<StudyEventData [^>]*>)(<Annotation .*?<\/Annotation>)(<FormData .*?<\/FormData>)/,
      "$1$3$2",
    );
    expect(afterForms).not.toBe(plain);
    expect((await validateSubset(afterForms)).valid).toBe(false);
    const beforeAudit = audited.replace(
      /(<AuditRecord>.*?<\/AuditRecord>)(<Annotation .*?<\/Annotation>)/,
      "$2$1",
    );
    expect(beforeAudit).not.toBe(audited);
    expect((await validateSubset(beforeAudit)).valid).toBe(false);
    const unknownList = plain.replace('CodeListOID="CL.SDV_STATUS"', 'CodeListOID="CL.NOPE"');
    expect(errorsOf(await validateSubset(unknownList))).toMatch(/CL\.NOPE/);
  });

  it("de-identified: no staff, no query ids, shifted times", async () => {
    const plan = deidentifyPlan(demoConfig());
    const patients = reviewedPatients().map((patient) =>
      deidentifyPatient(patient, plan, { pseudonym: `S1-PSEUDO${patient.id}`, shiftDays: 40 }),
    );
    const xml = writeOdm(patients, { includeAudit: false, deidentified: true });
    await expectValid(xml);
    const comments = odmElements(parseXml(xml), "Comment").map(
      (comment) => JSON.parse(comment.textContent!) as Record<string, unknown>,
    );
    for (const comment of comments)
      for (const key of ["verified_by", "cleared_by", "completed_by", "query_id", "assignee_id"])
        expect(comment).not.toHaveProperty(key);
    expect(xml).not.toContain("Rossi");
    expect(xml).toContain("2026-02-12T09:00:00.000Z"); // 2026-01-03 + 40 days
    expect(xml).not.toContain("2026-01-03T09:00:00.000Z");
  });
});
