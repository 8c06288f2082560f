/**
 * The ODM export is valid ODM 1.3.2 (decision 0016): checked with libxml2 (xmllint-wasm) against our
 * transcription of the ODM 1.3.2 content model (tests/fixtures/odm-1-3-2/), and also against the
 * official CDISC schema when ODM_OFFICIAL_XSD names its ODM1-3-2.xsd.
 */
import { configIn } from "@/lib/i18n/study-config-language";
import { describe, expect, it } from "vitest";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import {
  awkwardPatients,
  errorsOf,
  officialXsdPath,
  validateOfficial,
  validateSubset,
  writeOdm,
} from "./odm-fixture";

async function expectValid(xml: string) {
  const subset = await validateSubset(xml);
  expect(errorsOf(subset)).toBe("");
  expect(subset.valid).toBe(true);
  const official = officialXsdPath();
  if (official) {
    const result = await validateOfficial(xml, official);
    expect(errorsOf(result)).toBe("");
    expect(result.valid).toBe(true);
  }
}

async function expectInvalid(xml: string, message: RegExp) {
  const result = await validateSubset(xml);
  expect(result.valid).toBe(false);
  expect(errorsOf(result)).toMatch(message);
}

describe("ODM export against the ODM 1.3.2 schema", () => {
  const plain = writeOdm(awkwardPatients(), { includeAudit: false });
  const audited = writeOdm(awkwardPatients(), { includeAudit: true });

  it("validates the demo study with awkward patients, without audit records", async () => {
    expect(plain).toContain("<SubjectData");
    expect(plain).not.toContain("<AuditRecord>");
    await expectValid(plain);
  });

  it("validates the demo study with awkward patients, with audit records and AdminData", async () => {
    expect(audited).toContain("<AdminData");
    expect(audited).toContain("<AuditRecord>");
    await expectValid(audited);
  });

  it("validates an export of no patients and of a study with an empty configuration", async () => {
    await expectValid(writeOdm([], { includeAudit: true }));
    await expectValid(
      writeOdm(awkwardPatients(), {
        includeAudit: true,
        config: configIn(StudyConfigShape.parse({ version: 1 }), "en"),
      }),
    );
  });

  it("validates a configuration with awkward codes, names and labels (OIDs stay unique and safe)", async () => {
    const config = configIn(
      StudyConfigShape.parse({
        version: 1,
        visit_types: [
          { code: "ENROLLMENT", label: "Clashes with the fixed event", order: 1 },
          { code: "OTHER_VISIT", label: "Clashes with the catch-all", order: 2, description: " " },
          { code: "a b", label: `<&>"'`, order: 3 },
          { code: "a_b", label: "Same OID once made safe", order: 4 },
        ],
        categories: [
          { code: "x y", label: "", entity: "visit" },
          { code: "OTHER", label: "Clashes with Other", entity: "visit" },
        ],
        data_fields: [
          { entity: "visit", name: "a b", label: "Unsafe name", type: "text", category: "x y" },
          { entity: "visit", name: "a_b", label: "Safe twin", type: "number", category: "OTHER" },
          { entity: "visit", name: "", label: "No name", type: "select", options: ["", "1", "1", "2"] },
          { entity: "visit", name: "odd", label: "Unknown type", type: "slider" },
          {
            entity: "patient",
            name: "p",
            label: "Category of the other entity",
            type: "date",
            category: "x y",
          },
        ],
      }),
      "en",
    );
    const patient = awkwardPatients()[1]!;
    patient.visits[0]!.visit_type = "a b";
    patient.visits[1]!.visit_type = "OTHER_VISIT";
    patient.visits[0]!.data_fields = { "a b": "x", a_b: 3, "": "1", odd: { level: 2 } };
    patient.custom_fields = { p: "2024-01-02" };
    const xml = writeOdm([patient], { includeAudit: true, config });
    const oids = [...xml.matchAll(/ OID="([^"]*)"/g)].map((match) => match[1]!);
    expect(new Set(oids).size).toBe(oids.length);
    expect(oids).toEqual(
      expect.arrayContaining(["SE.ENROLLMENT", "SE.ENROLLMENT_2", "SE.OTHER_VISIT_2", "SE.a_b_2"]),
    );
    expect(xml).toContain('Value="{&quot;level&quot;:2}"');
    await expectValid(xml);
  });

  it("rejects AdminData placed before Study (the schema checks element order)", async () => {
    const adminData = audited.slice(audited.indexOf("<AdminData"), audited.indexOf("</AdminData>") + 12);
    const reordered = audited.replace(adminData, "").replace("<Study ", `${adminData}<Study `);
    await expectInvalid(reordered, /Study|AdminData/);
  });

  it("rejects an ItemDef whose Question comes before its Description (order inside an element)", async () => {
    const swapped = plain.replace(
      /(<ItemDef [^>]*>)(<Description>.*?<\/Description>)(<Question>.*?<\/Question>)/,
      "$1$3$2",
    );
    expect(swapped).not.toBe(plain);
    await expectInvalid(swapped, /Description/);
  });

  it("rejects a missing required attribute (StudyEventDef without Type, ItemData without ItemOID)", async () => {
    await expectInvalid(plain.replace(' Type="Scheduled"', ""), /Type.*required/);
    await expectInvalid(plain.replace(/<ItemData ItemOID="[^"]*"/, "<ItemData"), /ItemOID.*required/);
  });

  it("rejects values outside the standard's datatypes (DataType, Yes/No, dateTime)", async () => {
    await expectInvalid(plain.replace('DataType="float"', 'DataType="number"'), /DataType/);
    await expectInvalid(plain.replace('Repeating="No"', 'Repeating="no"'), /Repeating/);
    await expectInvalid(audited.replace(/<DateTimeStamp>[^<]*/, "<DateTimeStamp>yesterday"), /DateTimeStamp/);
  });

  it("rejects ItemData naming an ItemDef that does not exist, and a UserRef to no User", async () => {
    await expectInvalid(
      plain.replace(/<ItemData ItemOID="[^"]*"/, '<ItemData ItemOID="IT.NOPE"'),
      /IT\.NOPE/,
    );
    await expectInvalid(
      audited.replace(/<UserRef UserOID="[^"]*"/, '<UserRef UserOID="USR.NOPE"'),
      /USR\.NOPE/,
    );
  });
});
