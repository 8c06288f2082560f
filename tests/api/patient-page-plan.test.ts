/**
 * The patient list's page statement is prepared (db/prepared.ts) so that PostgreSQL plans it once
 * per connection. A page from the start of the list or from a cursor must keep that one generic
 * plan: planned again on every execution, it cost PostgreSQL more than a fifth of the statement
 * (docs/decisions/0019). Counted by PostgreSQL itself (pg_prepared_statements), not timed.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getHandle } from "@/db/client";
import { listPatientPage } from "@/lib/server/clinical/patient-queries";
import { callerFor, createStudy } from "./clinical-fixtures";

const PATIENTS = 3000;
let studyId: number;
let createdBy: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  createdBy = admin.userId;
  studyId = (await createStudy(admin)).id;
  const db = await getDb();
  await db.execute(sql`
    INSERT INTO patients (study_id, code, birth_date, sex, custom_fields, created_by)
    SELECT ${studyId}, 'PLAN-' || lpad(n::text, 5, '0'), date '1980-01-01', 'F', '{}'::jsonb, ${createdBy}
    FROM generate_series(1, ${PATIENTS}) AS n`);
  await db.execute(sql`ANALYZE patients`);
});

describe("the patient page statement's plan", () => {
  it("is planned once for page 1 and for cursor pages, whatever the page size", async () => {
    const { driver } = await getHandle();
    const db = await getDb();
    const page = { studyId, scope: { kind: "all" } as const, sort: "code" as const, order: "asc" as const };
    // One transaction: one connection, whose prepared statements PostgreSQL lists.
    const plans = await db.transaction(async (tx) => {
      let after: { key: string; id: number } | undefined;
      for (let i = 0; i < 12; i++) {
        const first = await listPatientPage(tx, { ...page, limit: 5 + (i % 3), offset: 0 });
        expect(first.rows).toBe(5 + (i % 3));
        expect(first.total).toBe(PATIENTS);
        const next = await listPatientPage(tx, {
          ...page,
          limit: 10,
          offset: 0,
          after: after ?? first.last!,
        });
        expect(next.rows).toBe(10);
        after = next.last!;
      }
      const rows = await tx.execute(
        sql`SELECT name, generic_plans::int AS generic, custom_plans::int AS custom
            FROM pg_prepared_statements WHERE name LIKE 'patients_page_all_code_asc_%' ORDER BY name`,
      );
      return (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    });
    // PGlite runs drizzle's prepared queries unnamed: there is no per-connection plan to keep.
    if (driver !== "pg") return;
    expect(plans).toEqual([
      { name: "patients_page_all_code_asc_after", generic: 7, custom: 5 },
      { name: "patients_page_all_code_asc_first", generic: 7, custom: 5 },
    ]);
  });

  it("answers the same rows from the start, from a cursor and by page number", async () => {
    const db = await getDb();
    const page = { studyId, scope: { kind: "all" } as const, sort: "code" as const, order: "asc" as const };
    const first = await listPatientPage(db, { ...page, limit: 100, offset: 0 });
    const byCursor = await listPatientPage(db, { ...page, limit: 100, offset: 0, after: first.last! });
    const byNumber = await listPatientPage(db, { ...page, limit: 100, offset: 100 });
    expect(byCursor.itemsJson).toBe(byNumber.itemsJson);
    expect(byCursor.last).toEqual(byNumber.last);
    const codes = (json: string) => (JSON.parse(json) as { code: string }[]).map((p) => p.code);
    expect(codes(first.itemsJson)).toEqual(
      Array.from({ length: 100 }, (_, i) => `PLAN-${String(i + 1).padStart(5, "0")}`),
    );
    expect(codes(byNumber.itemsJson)[0]).toBe("PLAN-00101");
    await expect(listPatientPage(db, { ...page, limit: 101, offset: 0 })).rejects.toThrow(/1 to 100 rows/);
  });
});
