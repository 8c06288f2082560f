/**
 * A study's own words in Italian and English (decision 0022), through the API: the same refusal
 * names a bilingual field in each reader's language; a labels export takes `lang`; the data
 * dictionary carries a label column per language and imports back exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPatient } from "@/app/api/patients/route";
import { GET as dictionaryRoute } from "@/app/api/studies/[id]/data-dictionary/route";
import { POST as importRoute } from "@/app/api/studies/[id]/data-dictionary/import/route";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { GET as getStudyRoute } from "@/app/api/studies/[id]/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { readCsv } from "@/lib/dictionary/csv";
import { BASE, call } from "./helpers";
import { callerFor, memberOf, type Caller } from "./clinical-fixtures";

/** An Italian study with a bilingual required field, a bilingual option list and a plain label. */
const CONFIG = {
  version: 1,
  categories: [{ code: "anagrafica", label: { it: "Anagrafica", en: "Demographics" }, entity: "patient" }],
  data_fields: [
    {
      entity: "patient",
      name: "fototipo",
      label: { it: "Fototipo cutaneo", en: "Skin phototype" },
      description: { it: "Scala di Fitzpatrick", en: "Fitzpatrick scale" },
      type: "select",
      category: "anagrafica",
      options: [
        { value: "I", label: { it: "Molto chiara", en: "Very fair" } },
        { value: "II", label: "Chiara" },
      ],
      validation: { required: true },
    },
    { entity: "patient", name: "note", label: "Note cliniche", type: "text" },
  ],
};

let seq = 0;
let admin: Caller;
let investigator: Caller;
let study: { id: number; version: number; code: string };

async function newStudy(config: unknown, defaultLanguage: "it" | "en" | null) {
  const res = await call(createStudyRoute, {
    method: "POST",
    headers: admin.headers,
    body: {
      code: `bilingual_${process.pid}_${++seq}`,
      name: "Registro bilingue",
      disease: "Psoriasi",
      default_language: defaultLanguage,
      config,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number; code: string };
}

const enrol = (language: string, customFields: Record<string, unknown>, code = `BI-${++seq}`) =>
  call(createPatient, {
    method: "POST",
    headers: { ...investigator.headers, "accept-language": language },
    body: {
      study_id: study.id,
      code,
      birth_date: "1980-05-17",
      sex: "F",
      custom_fields: customFields,
    },
  });

type Issue = { loc: (string | number)[]; msg: string };
const messageFor = (json: Record<string, unknown>, field: string) =>
  (json.detail as Issue[]).find((issue) => issue.loc.at(-1) === field)?.msg;

async function get(route: typeof dictionaryRoute, path: string, id: number) {
  const res = await route(new Request(`${BASE}${path}`, { headers: admin.headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, text };
}

function records(text: string): Record<string, string>[] {
  const read = readCsv(text.replace(/^\uFEFF/, ""));
  if (!read.ok) throw new Error(read.message);
  const [header, ...rows] = read.records.map((r) => r.cells);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await newStudy(CONFIG, "it");
  investigator = await memberOf(study.id, "principal_investigator");
});

describe("a bilingual field through the API", () => {
  it("is named in Italian to an Italian reader and in English to an English one, in the same 422", async () => {
    const italian = await enrol("it", {});
    expect(italian.status).toBe(422);
    expect(messageFor(italian.json, "fototipo")).toBe("Fototipo cutaneo è obbligatorio");
    const english = await enrol("en", {});
    expect(english.status).toBe(422);
    expect(messageFor(english.json, "fototipo")).toBe("Skin phototype is required");
  });

  it("keeps the stored document as it was written: both languages, plain texts plain", async () => {
    const res = await call(getStudyRoute, { headers: admin.headers, params: { id: String(study.id) } });
    const config = (res.json as { config: typeof CONFIG }).config;
    expect(config.data_fields[0]!.label).toEqual({ it: "Fototipo cutaneo", en: "Skin phototype" });
    expect(config.data_fields[1]!.label).toBe("Note cliniche");
    expect((res.json as { default_language: string }).default_language).toBe("it");
  });

  it("exports its option labels in the language asked, the study's own without `lang`", async () => {
    expect((await enrol("en", { fototipo: "I" }, "BI-EXPORT")).status).toBe(201);
    const exported = async (query: string) => {
      const res = await get(
        exportRoute,
        `/api/studies/${study.id}/export?format=csv-wide&values=labels${query}`,
        study.id,
      );
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      return records(res.text).find((row) => row.patient_code === "BI-EXPORT")!;
    };
    expect((await exported("&lang=en")).fototipo).toBe("Very fair");
    expect((await exported("&lang=it")).fototipo).toBe("Molto chiara");
    expect((await exported("")).fototipo).toBe("Molto chiara");
    const refused = await get(
      exportRoute,
      `/api/studies/${study.id}/export?format=csv-wide&lang=fr`,
      study.id,
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("lang must be one of: en, it");
  });
});

describe("the data dictionary with a label column per language", () => {
  it("writes each language's label, note and choices in its own column", async () => {
    const res = await get(dictionaryRoute, `/api/studies/${study.id}/data-dictionary`, study.id);
    expect(res.status).toBe(200);
    const rows = records(res.text);
    const fototipo = rows.find((row) => row.variable_name === "fototipo")!;
    expect(fototipo).toMatchObject({
      field_label_it: "Fototipo cutaneo",
      field_label_en: "Skin phototype",
      field_note_it: "Scala di Fitzpatrick",
      field_note_en: "Fitzpatrick scale",
      choices_it: "I, Molto chiara | II, Chiara",
      choices_en: "I, Very fair | II, ",
    });
    // A plain text is the study's default language's (Italian here); English left blank.
    expect(rows.find((row) => row.variable_name === "note")).toMatchObject({
      field_label_it: "Note cliniche",
      field_label_en: "",
    });
  });

  it("imports back exactly: into the same study nothing changes, into an empty one the same fields", async () => {
    const file = (await get(dictionaryRoute, `/api/studies/${study.id}/data-dictionary`, study.id)).text;
    const studyOf = async (id: number) =>
      (await call(getStudyRoute, { headers: admin.headers, params: { id: String(id) } })).json as {
        version: number;
        config: typeof CONFIG;
      };
    const before = await studyOf(study.id);
    const again = await call(importRoute, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(study.id) },
      body: { csv: file, version: before.version },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await studyOf(study.id)).config.data_fields).toEqual(before.config.data_fields);

    const empty = await newStudy({ version: 1 }, "it");
    const imported = await call(importRoute, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(empty.id) },
      body: { csv: file, version: empty.version },
    });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect((await studyOf(empty.id)).config.data_fields).toEqual(before.config.data_fields);
  });

  it("reads a file written before language columns as the study's default language", async () => {
    const english = await newStudy({ version: 1 }, "en");
    const legacy = [
      "variable_name,entity,form_name,field_type,field_label,choices,field_note,validation_min,validation_max,min_length,max_length,pattern,required,identifier,branching_logic,required_if,enable_if,calculation,order,show_in_table,show_in_form,array_schema",
      'severity,visit,,select,Severity,"1, Mild | 2, Severe",How bad,,,,,,,,,,,,,,,',
    ].join("\r\n");
    const res = await call(importRoute, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(english.id) },
      body: { csv: legacy, version: english.version },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const config = (
      (await call(getStudyRoute, { headers: admin.headers, params: { id: String(english.id) } })).json as {
        config: typeof CONFIG;
      }
    ).config;
    expect(config.data_fields[0]).toMatchObject({
      label: "Severity",
      description: "How bad",
      options: [
        { value: "1", label: "Mild" },
        { value: "2", label: "Severe" },
      ],
    });
  });
});
