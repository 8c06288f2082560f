/**
 * Electronic signatures in the ODM file (decisions 0016, 0032; docs/odm-export.md): SignatureDefs and
 * signers in AdminData, a record's latest valid signature as its `Signature` in ODM 1.3.2's place,
 * the others as Annotations; valid against the subset schema (and the official one when
 * ODM_OFFICIAL_XSD names it), and rejected when out of order or naming an undefined meaning.
 */
import { describe, expect, it } from "vitest";
import { deidentifyPatient, deidentifyPlan } from "@/lib/exports/deidentify";
import type { ExportPatient, ExportSignature } from "@/lib/exports/export-records";
import type { OdmExportMeta } from "@/lib/exports/odm";
import {
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

function signature(overrides: Partial<ExportSignature>): ExportSignature {
  return {
    id: 1,
    entity_type: "visit",
    visit_id: null,
    visit_number: null,
    visit_type: null,
    signer_id: 7,
    signer_name: "Dr <Rossi> & co",
    meaning: "approve",
    meaning_text: "I approve the data",
    signed_at: "2026-01-03T09:00:00.000Z",
    data_hash: "a".repeat(64),
    state: "valid",
    invalidated_at: null,
    invalidated_by_user: null,
    invalidated_by: null,
    ...overrides,
  };
}

/** The first patient: two signatures on its first visit (an older valid one and the latest), an invalidated casebook. */
function signedPatients(): ExportPatient[] {
  const [first, ...rest] = awkwardPatients();
  const visit = first!.visits[0]!;
  first!.signatures = [
    signature({ id: 1, visit_id: visit.id, visit_number: visit.visit_number, meaning: "review" }),
    signature({
      id: 2,
      entity_type: "patient",
      signed_at: "2026-01-04T09:00:00.000Z",
      state: "invalidated",
      invalidated_at: "2026-01-05T10:00:00.000Z",
      invalidated_by_user: 8,
      invalidated_by: { entity_type: "visit", entity_id: visit.id, visit_number: 1, fields: ["pasi_score"] },
    }),
    signature({
      id: 3,
      visit_id: visit.id,
      visit_number: visit.visit_number,
      signed_at: "2026-01-06T09:00:00.000Z",
    }),
  ];
  const second = rest[0]!;
  second.signatures = [signature({ id: 4, entity_type: "patient", signed_at: "2026-01-07T09:00:00.000Z" })];
  return [first!, ...rest];
}

const SIGNING: OdmExportMeta["signatures"] = {
  signers: [{ id: 7, email: "pi@example.org", name: "Dr <Rossi> & co" }],
  defs: [
    { key: "approve", meaning: "I approve the data", legalReason: "Binding <as> handwritten" },
    { key: "review", meaning: "I have reviewed the data", legalReason: "Binding <as> handwritten" },
  ],
  withheldSigner: "Signer not named",
};

async function expectValid(xml: string) {
  const subset = await validateSubset(xml);
  expect(subset.valid, errorsOf(subset)).toBe(true);
  const official = officialXsdPath();
  if (official) {
    const result = await validateOfficial(xml, official);
    expect(result.valid, errorsOf(result)).toBe(true);
  }
}

const childNames = (element: Element) => Array.from(element.children).map((child) => child.localName);

describe("ODM signatures", () => {
  const plain = writeOdm(signedPatients(), { includeAudit: false, signatures: SIGNING });

  it("is valid, with AdminData's User, Location and SignatureDefs in order, without audit records", async () => {
    await expectValid(plain);
    const doc = parseXml(plain);
    const [admin] = odmElements(doc, "AdminData");
    expect(childNames(admin!)).toEqual(["User", "User", "Location", "SignatureDef", "SignatureDef"]);
    expect(odmElements(admin!, "User").map((user) => user.getAttribute("OID"))).toEqual([
      "USR.UNLISTED",
      "USR.7",
    ]);
  });

  it("signs a visit with its latest valid signature and keeps the others as annotations", () => {
    const doc = parseXml(plain);
    const [first, second] = odmElements(doc, "SubjectData");
    const visit = odmElements(first!, "StudyEventData")[1]!;
    expect(childNames(visit).slice(0, 3)).toEqual(["Signature", "Annotation", "FormData"]);
    expect(odmElements(visit, "SignatureRef")[0]!.getAttribute("SignatureOID")).toBe("SD.approve");
    expect(odmElements(visit, "DateTimeStamp")[0]!.textContent).toBe("2026-01-06T09:00:00.000Z");
    const older = JSON.parse(odmElements(visit, "Comment")[0]!.textContent!) as Record<string, unknown>;
    expect(older).toMatchObject({ signature_id: 1, meaning: "review", state: "valid" });
    // The invalidated casebook: an annotation on the SubjectData, no Signature.
    expect(childNames(first!)[0]).toBe("Annotation");
    expect(odmElements(first!, "FlagValue")[0]!.textContent).toBe("invalidated");
    // A valid casebook signature signs the subject.
    expect(childNames(second!)[0]).toBe("Signature");
    expect(odmElements(second!, "UserRef")[0]!.getAttribute("UserOID")).toBe("USR.7");
  });

  it("with audit records too: the audit users and the signers share AdminData, still valid", async () => {
    await expectValid(writeOdm(signedPatients(), { includeAudit: true, signatures: SIGNING }));
  });

  it("rejects a Signature out of ODM's order, and one naming a meaning AdminData does not define", async () => {
    const afterAnnotation = plain.replace(
      /(<StudyEventData [^>]*>)(<Signature>.*?<\/Signature>)(<Annotation .*?<\/Annotation>)/,
      "$1$3$2",
    );
    expect(afterAnnotation).not.toBe(plain);
    expect((await validateSubset(afterAnnotation)).valid).toBe(false);
    const unknown = plain.replace('SignatureOID="SD.approve"', 'SignatureOID="SD.nope"');
    expect(errorsOf(await validateSubset(unknown))).toMatch(/SD\.nope/);
  });

  it("de-identified: one withheld signer, shifted instants, no staff, ids or hash", async () => {
    const plan = deidentifyPlan(demoConfig());
    const patients = signedPatients().map((patient) =>
      deidentifyPatient(patient, plan, { pseudonym: `S1-PSEUDO${patient.id}`, shiftDays: 40 }),
    );
    const xml = writeOdm(patients, { includeAudit: false, deidentified: true, signatures: SIGNING });
    await expectValid(xml);
    const doc = parseXml(xml);
    expect(odmElements(doc, "User").map((user) => user.getAttribute("OID"))).toEqual([
      "USR.UNLISTED",
      "USR.SIGNER_WITHHELD",
    ]);
    expect(odmElements(doc, "UserRef").map((ref) => ref.getAttribute("UserOID"))).not.toContain("USR.7");
    expect(xml).toContain("2026-02-15T09:00:00.000Z"); // 2026-01-06 + 40 days
    expect(xml).not.toContain("2026-01-06T09:00:00.000Z");
    expect(xml).not.toContain("Rossi");
    expect(xml).not.toContain("a".repeat(64));
    for (const comment of odmElements(doc, "Comment")) {
      const json = JSON.parse(comment.textContent!) as Record<string, unknown>;
      for (const key of ["signature_id", "signer_id", "signer_name", "data_hash", "invalidated_by_user_id"])
        expect(json).not.toHaveProperty(key);
    }
  });
});
