/**
 * The patient list's items are written by PostgreSQL as JSON text (listPatientPage in
 * lib/server/clinical/patient-queries.ts); a read by id goes through `toPatientResponse`. Whatever
 * the stored values (awkward floats, nulls, any JSON in custom_fields, timestamps with
 * microseconds), both must answer the same patient, and the pages must chain without gap or repeat.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/api/patients/[id]/route";
import { GET as list } from "@/app/api/patients/route";
import { getDb } from "@/db/client";
import { PatientListResponse, PatientResponse } from "@/lib/schemas/patients";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";

let pi: Caller;
let studyId: number;
let batch = 0;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  pi = await memberOf(studyId, "principal_investigator");
});

/** JSON that jsonb stores as it is: no NUL, no lone surrogate, no negative zero. */
const storableJson = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
  .filter((value) => !/\\u0000|[\ud800-\udfff]/.test(JSON.stringify(value)));

const awkwardNumber = fc.oneof(
  fc.constant(null),
  fc.constantFrom(0.1 + 0.2, 1e-7, 170.5, 123456.789, 5e-324, 1.7976931348623157e308, 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
);

const storedPatient = fc.record({
  height: awkwardNumber,
  weight: awkwardNumber,
  sex: fc.constantFrom("M", "F"),
  naive: fc.boolean(),
  birth: fc.date({ min: new Date("1900-01-01"), max: new Date("2026-01-01"), noInvalidDate: true }),
  // Microseconds since 2000: PostgreSQL keeps them, JavaScript dates keep milliseconds.
  createdMicros: fc.bigInt({ min: 0n, max: 900_000_000_000_000n }),
  custom: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), storableJson, { maxKeys: 4 }),
});

type StoredPatient = typeof storedPatient extends fc.Arbitrary<infer T> ? T : never;

async function insert(rows: StoredPatient[]): Promise<string> {
  const db = await getDb();
  const prefix = `PLJ${++batch}-`;
  for (const [i, row] of rows.entries()) {
    await db.execute(sql`
      INSERT INTO patients (study_id, code, birth_date, sex, height_cm, weight_kg, naive_systemic,
        naive_biologic, custom_fields, created_by, created_at, updated_at)
      VALUES (${studyId}, ${`${prefix}${String(i).padStart(3, "0")}`}, ${row.birth.toISOString().slice(0, 10)},
        ${row.sex}, ${row.height}, ${row.weight}, ${row.naive}, ${!row.naive},
        ${JSON.stringify(row.custom)}::jsonb, ${pi.userId},
        timestamptz '2000-01-01 00:00:00+00' + make_interval(secs => ${String(row.createdMicros)}::numeric / 1000000),
        now())`);
  }
  return prefix;
}

const listPage = async (query: string) => {
  const res = await call(list, { headers: pi.headers, path: `/api/patients?study_id=${studyId}&${query}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return PatientListResponse.parse(res.json);
};

describe("the patient list's JSON from PostgreSQL", () => {
  it("answers each patient exactly as the read by id does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storedPatient, { minLength: 1, maxLength: 6 }), async (rows) => {
        const prefix = await insert(rows);
        const page = await listPage(`search=${prefix}&page_size=100`);
        expect(page.total).toBe(rows.length);
        expect(page.items.map((p) => p.code)).toEqual(
          rows.map((_, i) => `${prefix}${String(i).padStart(3, "0")}`),
        );
        for (const item of page.items) {
          const one = await call(getOne, { headers: pi.headers, params: { id: String(item.id) } });
          expect(one.status).toBe(200);
          expect(item).toEqual(PatientResponse.parse(one.json));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("chains pages by cursor in both sorts and orders, without gap or repeat", async () => {
    const rows = fc.sample(storedPatient, { numRuns: 23, seed: 7 });
    const prefix = await insert(rows);
    for (const [sort, order] of [
      ["code", "asc"],
      ["code", "desc"],
      ["enrolled", "asc"],
      ["enrolled", "desc"],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await listPage(
          `search=${prefix}&page_size=5&sort=${sort}&order=${order}${cursor ? `&cursor=${cursor}` : ""}`,
        );
        seen.push(...page.items.map((p) => p.code));
        cursor = page.next_cursor;
        pages++;
      } while (cursor !== null && pages < 10);
      // 23 rows in pages of 5: five pages, the last one short (so it has no cursor).
      expect(pages).toBe(5);
      expect(new Set(seen).size).toBe(23);
      const byOffset = await listPage(`search=${prefix}&page_size=100&sort=${sort}&order=${order}`);
      expect(seen).toEqual(byOffset.items.map((p) => p.code));
    }
  });

  it("searches a code prefix literally, wildcards and characters beyond ASCII included", async () => {
    const db = await getDb();
    const codes = ["Ü_1", "Ü_2", "ÜX3", "Ü%4", "Üb", "😀_a", "😀_b", "😀a"];
    for (const code of codes)
      await db.execute(sql`
        INSERT INTO patients (study_id, code, birth_date, sex, created_by)
        VALUES (${studyId}, ${code}, '1980-01-01', 'M', ${pi.userId})`);
    const found = async (prefix: string) =>
      (await listPage(`search=${encodeURIComponent(prefix)}`)).items.map((p) => p.code).sort();
    expect(await found("Ü_")).toEqual(["Ü_1", "Ü_2"]);
    expect(await found("Ü%")).toEqual(["Ü%4"]);
    expect(await found("Ü")).toEqual(["Ü%4", "ÜX3", "Ü_1", "Ü_2", "Üb"]);
    expect(await found("😀_")).toEqual(["😀_a", "😀_b"]);
    expect((await listPage(`search=${encodeURIComponent("😀")}`)).total).toBe(3);
  });

  it("answers an empty page as an empty array with no cursor", async () => {
    const page = await listPage("search=NO-SUCH-PREFIX");
    expect(page).toEqual({ items: [], total: 0, next_cursor: null });
  });
});
