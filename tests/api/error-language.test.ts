/**
 * API error details in the reader's language (docs/decisions/0021): a script chooses with
 * Accept-Language, a browser session speaks its user's account setting, English otherwise.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/api/patients/[id]/route";
import { GET as list, POST as create } from "@/app/api/patients/route";
import { POST as importDictionary } from "@/app/api/studies/[id]/data-dictionary/import/route";
import { POST as previewDictionary } from "@/app/api/studies/[id]/data-dictionary/preview/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { DICTIONARY_COLUMNS } from "@/lib/dictionary";
import { call, cookieFor } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let study: { id: number; version: number };
let pi: Caller;
let admin: Caller;

const withLanguage = (caller: Caller, language?: string) => ({
  ...caller.headers,
  ...(language ? { "accept-language": language } : {}),
});
const missingCode = (headers: Record<string, string>) => {
  const { code: _code, ...body } = patientBody(study.id, "unused");
  return call(create, { method: "POST", headers, body });
};
const badPageSize = (headers: Record<string, string>) =>
  call(list, { headers, path: `/api/patients?study_id=${study.id}&page_size=500` });
const missingPatient = (headers: Record<string, string>) =>
  call(getOne, { headers, params: { id: "2147480000" } });

type Issue = { loc: (string | number)[]; msg: string };
const msgAt = (json: Record<string, unknown>, field: string) =>
  (json.detail as Issue[]).find((issue) => issue.loc.at(-1) === field)?.msg;

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin);
  pi = await memberOf(study.id, "principal_investigator");
});

describe("API error details (bearer: Accept-Language)", () => {
  it("are English without Accept-Language, and say so in Content-Language", async () => {
    const res = await missingCode(withLanguage(pi));
    expect(res.status).toBe(422);
    expect(msgAt(res.json, "code")).toBe("Patient code is required");
    expect(res.headers.get("content-language")).toBe("en");
  });

  it("are Italian for Accept-Language it, English for en", async () => {
    const italian = await missingCode(withLanguage(pi, "it-IT,it;q=0.9,en;q=0.5"));
    expect(italian.status).toBe(422);
    expect(msgAt(italian.json, "code")).toBe("Il codice paziente è obbligatorio");
    expect(italian.headers.get("content-language")).toBe("it");

    const english = await missingCode(withLanguage(pi, "en-GB"));
    expect(msgAt(english.json, "code")).toBe("Patient code is required");
    expect(english.headers.get("content-language")).toBe("en");
  });

  it("fill a parameterised message in either language", async () => {
    const italian = await badPageSize(withLanguage(pi, "it"));
    expect(italian.status).toBe(422);
    expect(msgAt(italian.json, "page_size")).toBe("page_size deve essere al massimo 100");
    const english = await badPageSize(withLanguage(pi, "en"));
    expect(msgAt(english.json, "page_size")).toBe("page_size must be at most 100");
  });

  it("put a plain 404 detail into words", async () => {
    const italian = await missingPatient(withLanguage(pi, "it"));
    expect(italian.status).toBe(404);
    expect(italian.json.detail).toBe("Paziente non trovato");
    expect(italian.headers.get("content-language")).toBe("it");
    const english = await missingPatient(withLanguage(pi, "fr, en;q=0.3"));
    expect(english.json.detail).toBe("Patient not found");
  });

  it("speak the language of an anonymous caller too", async () => {
    const res = await call(list, { headers: { "accept-language": "it" }, path: "/api/patients" });
    expect(res.status).toBe(401);
    expect(res.json.detail).toBe("Autenticazione richiesta");
    expect(res.headers.get("content-language")).toBe("it");
  });
});

describe("API error details (cookie session: the account's language)", () => {
  it("follow the user's locale over the browser's Accept-Language", async () => {
    const db = await getDb();
    await db.update(users).set({ locale: "it" }).where(eq(users.id, pi.userId));
    const [user] = await db.select().from(users).where(eq(users.id, pi.userId));
    const { cookie } = await cookieFor(user!);
    const browser = { cookie, "accept-language": "en-US,en;q=0.9" };

    const required = await missingCode({
      ...browser,
      origin: "http://localhost:3000",
      host: "localhost:3000",
    });
    expect(required.status).toBe(422);
    expect(msgAt(required.json, "code")).toBe("Il codice paziente è obbligatorio");
    expect(required.headers.get("content-language")).toBe("it");

    const pageSize = await badPageSize(browser);
    expect(msgAt(pageSize.json, "page_size")).toBe("page_size deve essere al massimo 100");
    expect((await missingPatient(browser)).json.detail).toBe("Paziente non trovato");

    await db.update(users).set({ locale: "en" }).where(eq(users.id, pi.userId));
    expect(msgAt((await badPageSize(browser)).json, "page_size")).toBe("page_size must be at most 100");
  });
});

describe("API error details of schemas, the study configuration and the data dictionary", () => {
  let seq = 0;
  const newStudy = (headers: Record<string, string>, extra: Record<string, unknown>) =>
    call(createStudyRoute, {
      method: "POST",
      headers,
      body: { code: `lang_${process.pid}_${++seq}`, name: "Lingua", disease: "Psoriasi", ...extra },
    });
  const dictionaryCsv = (cells: Partial<Record<(typeof DICTIONARY_COLUMNS)[number], string>>) =>
    `${DICTIONARY_COLUMNS.join(",")}\r\n${DICTIONARY_COLUMNS.map((c) => cells[c] ?? "").join(",")}\r\n`;
  const badRow = dictionaryCsv({
    variable_name: "x",
    entity: "ward",
    field_type: "text",
    field_label_en: "X",
  });

  it("say a study configuration rule in either language", async () => {
    const config = JSON.parse(JSON.stringify(DEMO_STUDY_CONFIG));
    config.visit_types[1].code = "Week 4";
    const at = "config.visit_types.1.code";
    const msgOf = (json: Record<string, unknown>) =>
      (json.detail as Issue[]).find((issue) => issue.loc.slice(1).join(".") === at)?.msg;

    const italian = await newStudy(withLanguage(admin, "it"), { config });
    expect(italian.status).toBe(422);
    expect(msgOf(italian.json)).toBe(
      "Il codice deve contenere solo lettere minuscole, numeri e trattini bassi",
    );
    const english = await newStudy(withLanguage(admin, "en"), { config });
    expect(msgOf(english.json)).toBe("Code must contain only lowercase letters, numbers, and underscores");
  });

  it("say zod's own message (a wrong type) in either language", async () => {
    const italian = await newStudy(withLanguage(admin, "it"), { is_active: "yes" });
    expect(italian.status).toBe(422);
    expect(msgAt(italian.json, "is_active")).toBe("Valore non valido: atteso boolean, ricevuto string");
    const english = await newStudy(withLanguage(admin), { is_active: "yes" });
    expect(msgAt(english.json, "is_active")).toBe("Invalid input: expected boolean, received string");
  });

  it("say a data dictionary import problem, with its row and column, in either language", async () => {
    const importAs = (language?: string) =>
      call(importDictionary, {
        method: "POST",
        headers: withLanguage(admin, language),
        params: { id: String(study.id) },
        body: { csv: badRow, version: study.version },
      });
    const italian = await importAs("it");
    expect(italian.status).toBe(422);
    expect((italian.json.detail as Issue[])[0]).toMatchObject({
      loc: ["body", "csv", 2, "entity"],
      msg: "Riga 2, entity: entity deve essere patient o visit",
    });
    const english = await importAs();
    expect((english.json.detail as Issue[])[0]!.msg).toBe("Row 2, entity: entity must be patient or visit");
  });

  it("answer a dictionary preview's problems in the caller's language", async () => {
    const previewAs = (language?: string) =>
      call(previewDictionary, {
        method: "POST",
        headers: withLanguage(admin, language),
        params: { id: String(study.id) },
        body: { csv: badRow },
      });
    const italian = await previewAs("it");
    expect(italian.status).toBe(200);
    expect(italian.json.issues).toEqual([
      { row: 2, column: "entity", message: "entity deve essere patient o visit" },
    ]);
    const english = await previewAs();
    expect(english.json.issues).toEqual([
      { row: 2, column: "entity", message: "entity must be patient or visit" },
    ]);
  });

  it("answer a branching logic and a formula parser error in the caller's language", async () => {
    const rows = [
      dictionaryCsv({
        variable_name: "x",
        entity: "patient",
        field_type: "text",
        field_label_en: "X",
        branching_logic: "[a] = 1 and 'y'",
      }),
      dictionaryCsv({
        variable_name: "z",
        field_type: "calc",
        field_label_en: "Z",
        calculation: `"sum(a, b"`,
      }).split("\r\n")[1],
    ].join("");
    const previewAs = (language?: string) =>
      call(previewDictionary, {
        method: "POST",
        headers: withLanguage(admin, language),
        params: { id: String(study.id) },
        body: { csv: `${rows}\r\n` },
      });
    const italian = await previewAs("it");
    expect(italian.status).toBe(200);
    expect(italian.json.issues).toEqual([
      { row: 2, column: "branching_logic", message: "Atteso un [campo] al carattere 13, trovato 'y'" },
      { row: 3, column: "calculation", message: "Atteso ')' (alla fine)" },
    ]);
    const english = await previewAs();
    expect(english.json.issues).toEqual([
      { row: 2, column: "branching_logic", message: "Expected a [field] at character 13, found 'y'" },
      { row: 3, column: "calculation", message: "Expected ')' (at the end)" },
    ]);
  });
});
