/**
 * The bulk import's inserts (lib/server/clinical/bulk-insert-queries.ts, decision 0037): rows sent
 * as one JSON parameter come back exactly as drizzle reads the same rows (numbers, dates, instants,
 * JSON, defaults), since the audit rows of an import are written from what they return.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Tx } from "@/db/client";
import { patients, therapyLines, visits } from "@/db/schema";
import {
  insertLinesInBulk,
  insertPatientsInBulk,
  insertVisitsInBulk,
} from "@/lib/server/clinical/bulk-insert-queries";
import { callerFor, createStudy } from "./clinical-fixtures";

let studyId: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
});

describe("bulk inserts", () => {
  it("answer the rows as a select reads them, defaults included", async () => {
    const db = await getDb();
    const written = await db.transaction(async (tx) => {
      const people = await insertPatientsInBulk(tx as Tx, [
        {
          studyId,
          code: "BULK-1",
          birthDate: "1970-02-03",
          sex: "F",
          heightCm: 170.5,
          weightKg: null,
          customFields: { onset: "2015-03", phenotypes: ["plaque", "nail"] },
          missing: {},
          confirmedWarnings: [],
          visitCount: 2,
          nextVisitDue: "2024-05-01",
          enrolledOn: "2024-01-10",
        },
        {
          studyId,
          code: "BULK-2",
          birthDate: "0099-12-31",
          sex: "M",
          heightCm: null,
          weightKg: 80,
          customFields: { 'quoted "name"': 'it\'s "x"', nested: { a: [1, null, true] } },
          missing: { onset: "UNK" },
          confirmedWarnings: [{ code: "w", loc: ["body"], msg: "m" }],
          visitCount: 0,
          nextVisitDue: null,
          enrolledOn: null,
        },
      ]);
      const lines = await insertLinesInBulk(tx as Tx, [
        {
          studyId,
          patientId: people[0]!.id,
          lineNumber: 1,
          startDate: "2024-01-10",
          endDate: "2024-03-01",
          switchReason: "inefficacia",
          switchData: { switch_reason: "inefficacia", new_therapy: "x" },
        },
        {
          studyId,
          patientId: people[0]!.id,
          lineNumber: 2,
          startDate: "2024-03-01",
          endDate: null,
          switchReason: null,
          switchData: null,
        },
      ]);
      const entered = await insertVisitsInBulk(tx as Tx, [
        {
          studyId,
          patientId: people[0]!.id,
          therapyLineId: lines[1]!.id,
          visitNumber: 1,
          visitDate: "2024-01-10",
          visitType: "baseline",
          dataFields: { pasi_score: 12.5, notes: "line\nbreak" },
          missing: {},
          calculatedValues: { pasi_improvement: null },
          calculationNotes: { pasi_improvement: '{"key":"x"}' },
          confirmedWarnings: [],
          configVersion: 1,
          createdBy: null,
        },
      ]);
      return { people, lines, entered };
    });
    const ids = written.people.map((p) => p.id);
    expect(written.people).toEqual(
      await db.select().from(patients).where(inArray(patients.id, ids)).orderBy(patients.id),
    );
    expect(written.lines).toEqual(
      await db
        .select()
        .from(therapyLines)
        .where(eq(therapyLines.patientId, written.people[0]!.id))
        .orderBy(therapyLines.lineNumber),
    );
    expect(written.entered).toEqual(
      await db.select().from(visits).where(eq(visits.patientId, written.people[0]!.id)),
    );
    expect(written.people[0]!.heightCm).toBe(170.5);
    expect(written.people[1]!.formStatus).toBe("in_progress");
    expect(written.entered[0]!.createdAt).toBeInstanceOf(Date);
  });
});
