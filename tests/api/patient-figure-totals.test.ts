/**
 * patient_figure_totals (migrations 0006, 0020, 0022) is kept by the database: whatever writes patients, in any
 * mix of inserts, figure changes, moves between groups and creators, soft deletes, restores and hard
 * deletes, in one transaction or many, the totals equal a recount of the live patients. The
 * dashboard and the list's total read them, so this is what makes those figures right.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { callerFor, createGroup, createStudy } from "./clinical-fixtures";

let studyId: number;
let groups: number[];
let creators: number[];

const FIGURES = `count(*)::int AS patients, sum(visit_count)::int AS visits,
  sum(adverse_event_count)::int AS adverse_events, sum(serious_adverse_event_count)::int AS serious,
  (count(*) FILTER (WHERE efficacy_evaluated))::int AS evaluated,
  (count(*) FILTER (WHERE efficacy_achieved))::int AS achieved,
  sum(therapy_line_count)::int AS lines, (count(*) FILTER (WHERE has_active_line))::int AS active,
  (count(*) FILTER (WHERE form_status = 'complete'))::int AS patients_complete,
  (count(*) FILTER (WHERE form_status = 'verified'))::int AS patients_verified,
  sum(visits_complete)::int AS visits_complete, sum(visits_verified)::int AS visits_verified,
  sum(visits_locked)::int AS visits_locked, sum(queries_open)::int AS queries_open,
  sum(queries_answered)::int AS queries_answered, sum(queries_closed)::int AS queries_closed`;

/** Rows of a raw query, on either driver (both answer `{ rows }`). */
async function rowsOf(statement: string): Promise<unknown[]> {
  const db = await getDb();
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: unknown[] };
  return result.rows;
}

async function recount() {
  return rowsOf(
    `SELECT coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, ${FIGURES}
      FROM patients WHERE study_id = ${studyId} AND deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
}

async function totals() {
  return rowsOf(
    `SELECT medical_group_key AS g, creator_key AS c, sex, patients, visits, adverse_events,
        serious_adverse_events AS serious, efficacy_evaluated AS evaluated, efficacy_achieved AS achieved,
        therapy_lines AS lines, active_therapies AS active, patients_complete, patients_verified,
        visits_complete, visits_verified, visits_locked, queries_open, queries_answered, queries_closed
      FROM patient_figure_totals WHERE study_id = ${studyId} AND patients <> 0 ORDER BY 1, 2, 3`,
  );
}

type Op =
  | { kind: "insert"; group: number; creator: number; sex: "M" | "F" }
  | {
      kind: "figures";
      pick: number;
      visits: number;
      ae: number;
      evaluated: boolean;
      active: boolean;
      status: "in_progress" | "complete" | "verified";
    }
  | { kind: "move"; pick: number; group: number; creator: number; sex: "M" | "F" }
  | { kind: "softDelete" | "restore" | "hardDelete"; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("insert" as const),
    group: fc.nat(2),
    creator: fc.nat(2),
    sex: fc.constantFrom("M" as const, "F" as const),
  }),
  fc.record({
    kind: fc.constant("figures" as const),
    pick: fc.nat(),
    visits: fc.nat(9),
    ae: fc.nat(3),
    evaluated: fc.boolean(),
    active: fc.boolean(),
    status: fc.constantFrom("in_progress" as const, "complete" as const, "verified" as const),
  }),
  fc.record({
    kind: fc.constant("move" as const),
    pick: fc.nat(),
    group: fc.nat(2),
    creator: fc.nat(2),
    sex: fc.constantFrom("M" as const, "F" as const),
  }),
  fc.record({
    kind: fc.constantFrom("softDelete" as const, "restore" as const, "hardDelete" as const),
    pick: fc.nat(),
  }),
);

let seq = 0;

/** One operation as plain SQL, the way a hand repair or a future code path might write. */
function statement(o: Op): string {
  const group = (i: number) => (i === 0 ? "NULL" : String(groups[i - 1]));
  const creator = (i: number) => (i === 0 ? "NULL" : String(creators[i - 1]));
  // "The n-th patient of the study", whatever rows exist when the statement runs.
  const picked = (n: number) =>
    `(SELECT id FROM patients WHERE study_id = ${studyId} ORDER BY id OFFSET ${n} % greatest(1,
      (SELECT count(*) FROM patients WHERE study_id = ${studyId})) LIMIT 1)`;
  switch (o.kind) {
    case "insert":
      return `INSERT INTO patients (study_id, code, birth_date, sex, medical_group_id, created_by)
        VALUES (${studyId}, 'T-${++seq}', '1980-01-01', '${o.sex}', ${group(o.group)}, ${creator(o.creator)})`;
    case "figures":
      return `UPDATE patients SET visit_count = ${o.visits}, adverse_event_count = ${o.ae},
        serious_adverse_event_count = ${Math.min(o.ae, 1)}, efficacy_evaluated = ${o.evaluated},
        efficacy_achieved = ${o.evaluated && o.visits > 4}, therapy_line_count = ${o.active ? 2 : 1},
        has_active_line = ${o.active}, form_status = '${o.status}', visits_complete = ${o.visits % 3},
        visits_verified = ${o.visits % 2}, visits_locked = ${o.ae % 2},
        queries_open = ${o.visits % 4}, queries_answered = ${o.ae}, queries_closed = ${o.visits % 3} WHERE id = ${picked(o.pick)}`;
    case "move":
      return `UPDATE patients SET medical_group_id = ${group(o.group)}, created_by = ${creator(o.creator)},
        sex = '${o.sex}' WHERE id = ${picked(o.pick)}`;
    case "softDelete":
      return `UPDATE patients SET deleted_at = now() WHERE id = ${picked(o.pick)}`;
    case "restore":
      return `UPDATE patients SET deleted_at = NULL WHERE id = ${picked(o.pick)}`;
    case "hardDelete":
      return `DELETE FROM patients WHERE id = ${picked(o.pick)}`;
  }
}

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  groups = [(await createGroup(studyId, "TOT1")).id, (await createGroup(studyId, "TOT2")).id];
  creators = [(await callerFor()).userId, (await callerFor()).userId];
});

describe("patient_figure_totals", () => {
  it("equals a recount of the live patients after any sequence of writes, in one transaction or many", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
        async (batches) => {
          for (const batch of batches)
            await db.transaction(async (tx) => {
              for (const o of batch) await tx.execute(sql.raw(statement(o)));
            });
          expect(await totals()).toEqual(await recount());
        },
      ),
      { numRuns: 25 },
    );
    expect((await recount()).length).toBeGreaterThan(0);
  });

  it("counts nothing of a transaction that rolls back", async () => {
    const db = await getDb();
    const before = await totals();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(statement({ kind: "insert", group: 1, creator: 1, sex: "F" })));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await totals()).toEqual(before);
  });
});
