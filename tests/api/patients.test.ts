import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as remove, GET as getOne, PUT as update } from "@/app/api/patients/[id]/route";
import { GET as list, POST as create } from "@/app/api/patients/route";
import { DELETE as removeVisit, PUT as updateVisit } from "@/app/api/visits/[id]/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { auditLogs, patients } from "@/db/schema";
import { isStaleWriteDetail } from "@/lib/schemas/versioning";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

let admin: Caller;
let study: { id: number };
let pi: Caller;
let monitor: Caller;
let medicoA: Caller;
let medicoB: Caller;
let subA: Caller;
let groupA: { id: number };
let groupB: { id: number };

/**
 * A study with groups needs one for every new patient (decision 0028): group B unless said, so that
 * group A holds only the sub-investigator's own patients.
 */
const bodyOf = (code: string, extra: Record<string, unknown> = {}) =>
  patientBody(study.id, code, { medical_group_id: groupB.id, ...extra });

const post = (caller: Caller, body: unknown) =>
  call(create, { method: "POST", headers: caller.headers, body });
const get = (caller: Caller, id: number) =>
  call(getOne, { headers: caller.headers, params: { id: String(id) } });
const put = (caller: Caller, id: number, body: unknown) =>
  call(update, { method: "PUT", headers: caller.headers, params: { id: String(id) }, body });
const del = (caller: Caller, id: number, body: unknown) =>
  call(remove, { method: "DELETE", headers: caller.headers, params: { id: String(id) }, body });
const listOf = (caller: Caller, query: string) =>
  call(list, { headers: caller.headers, path: `/api/patients?${query}` });

async function enrol(caller: Caller, code: string, extra: Record<string, unknown> = {}) {
  const res = await post(caller, bodyOf(code, extra));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number; code: string; custom_fields: Record<string, unknown> };
}

/** A baseline visit dated `date`: the patient's enrolment date (decision 0028). */
async function baselineOn(patientId: number, date: string) {
  const res = await call(createVisit, {
    method: "POST",
    headers: pi.headers,
    body: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: date,
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: 10, adverse_event: false },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number };
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin);
  groupA = await createGroup(study.id, "GRPA");
  groupB = await createGroup(study.id, "GRPB");
  pi = await memberOf(study.id, "principal_investigator");
  monitor = await memberOf(study.id, "study_monitor");
  medicoA = await memberOf(study.id, "medico");
  medicoB = await memberOf(study.id, "medico");
  subA = await memberOf(study.id, "sub_investigator", groupA.id);
  await memberOf(study.id, "sub_investigator", groupB.id);
});

describe("patient scope (decision 0004)", () => {
  it("a medico sees, counts and reads only their own patients; others answer 404 and are audited", async () => {
    const mine = await enrol(medicoA, "SCOPE-MA-1");
    await enrol(medicoA, "SCOPE-MA-2");
    const theirs = await enrol(medicoB, "SCOPE-MB-1");

    const res = await listOf(medicoA, `study_id=${study.id}&search=SCOPE-`);
    expect(res.status).toBe(200);
    expect((res.json.items as { code: string }[]).map((p) => p.code).sort()).toEqual([
      "SCOPE-MA-1",
      "SCOPE-MA-2",
    ]);
    expect(res.json.total).toBe(2);
    expect((await listOf(pi, `study_id=${study.id}&search=SCOPE-`)).json.total).toBe(3);

    expect((await get(medicoA, mine.id)).status).toBe(200);
    const denied = await get(medicoA, theirs.id);
    expect(denied.status).toBe(404);
    expect(denied.json.detail).toBe("Patient not found");
    const refused = await put(medicoA, theirs.id, { version: 1, reason: "trying to edit", sex: "M" });
    expect(refused.status).toBe(404);
    expect((await del(medicoA, theirs.id, { reason: "trying to delete" })).status).toBe(404);
    const denials = (await auditRowsFor("patient", theirs.id)).filter((r) => r.action === "access_denied");
    expect(denials.length).toBe(3);
    expect(denials.every((r) => r.userId === medicoA.userId)).toBe(true);
    const db = await getDb();
    const [stored] = await db.select().from(patients).where(eq(patients.id, theirs.id));
    expect(stored!.sex).toBe("F");
    expect(stored!.deletedAt).toBeNull();
  });

  it("a sub-investigator's patients join their group and they see only that group", async () => {
    const own = await enrol(subA, "GRP-A-1", { medical_group_id: undefined });
    const db = await getDb();
    const [row] = await db.select().from(patients).where(eq(patients.id, own.id));
    expect(row!.medicalGroupId).toBe(groupA.id);
    const other = await enrol(pi, "GRP-B-1");
    const res = await listOf(subA, `study_id=${study.id}&page_size=100`);
    expect((res.json.items as { code: string }[]).map((p) => p.code)).toEqual(["GRP-A-1"]);
    expect(res.json.total).toBe(1);
    expect((await get(subA, other.id)).status).toBe(404);
  });

  it("a monitor reads every patient but may not write (403)", async () => {
    const patient = await enrol(pi, "MON-1");
    expect((await get(monitor, patient.id)).status).toBe(200);
    expect((await post(monitor, bodyOf("MON-2"))).status).toBe(403);
    const res = await put(monitor, patient.id, {
      version: patient.version,
      reason: "monitor edit",
      sex: "M",
    });
    expect(res.status).toBe(403);
  });

  it("someone without a role in the study gets 404 for its list", async () => {
    const stranger = await callerFor();
    const res = await listOf(stranger, `study_id=${study.id}`);
    expect(res.status).toBe(404);
  });
});

describe("patient fields checked by the form engine", () => {
  it("drops hidden values, enforces required_if and answers 422 with paths into custom_fields", async () => {
    const created = await enrol(pi, "ENGINE-1", {
      // Hidden (no 'nail' phenotype) and the prev_* checkbox hidden for a systemic-naive patient.
      custom_fields: {
        psoriasis_onset: "2010-01",
        psoriasis_phenotypes: ["plaque"],
        nail_involvement_notes: "should be dropped",
        prev_methotrexate: true,
      },
    });
    expect(created.custom_fields).not.toHaveProperty("nail_involvement_notes");
    expect(created.custom_fields).not.toHaveProperty("prev_methotrexate");
    expect(created.custom_fields.naive_systemic).toBe(true);

    const res = await post(
      pi,
      bodyOf("ENGINE-2", {
        custom_fields: { psoriasis_phenotypes: ["plaque"], other_comorbidity: true, no_such_field: 1 },
      }),
    );
    expect(res.status).toBe(422);
    const locs = (res.json.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toContain("body.custom_fields.psoriasis_onset");
    expect(locs).toContain("body.custom_fields.other_comorbidity_details");
    expect(locs).toContain("body.custom_fields.no_such_field");
  });

  it("requires code, birth date and sex (M or F) and refuses a duplicate code with a clear 409", async () => {
    const res = await post(pi, { study_id: study.id, sex: "X", custom_fields: {} });
    expect(res.status).toBe(422);
    const locs = (res.json.detail as { loc: string[] }[]).map((d) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.code", "body.birth_date", "body.sex"]));
    await enrol(pi, "DUP-1");
    const dup = await post(pi, bodyOf("DUP-1"));
    expect(dup.status).toBe(409);
    expect(dup.json.detail).toBe('A patient with code "DUP-1" already exists in this study');
  });

  it("merges custom_fields on update: values not sent are kept", async () => {
    const created = await enrol(pi, "MERGE-1", {
      custom_fields: {
        psoriasis_onset: "2012-06",
        psoriasis_phenotypes: ["plaque"],
        smoking_status: "never",
      },
    });
    const res = await put(pi, created.id, {
      version: created.version,
      reason: "Smoking history corrected",
      custom_fields: { smoking_status: "former" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const fields = res.json.custom_fields as Record<string, unknown>;
    expect(fields.smoking_status).toBe("former");
    expect(fields.psoriasis_onset).toBe("2012-06");
  });
});

describe("versioned, reasoned, audited changes", () => {
  it("a stale update answers 409 and overwrites nothing", async () => {
    const created = await enrol(pi, "STALE-1");
    const first = await put(pi, created.id, {
      version: created.version,
      reason: "Weight re-measured",
      weight_kg: 70,
    });
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(created.version + 1);
    const stale = await put(pi, created.id, {
      version: created.version,
      reason: "Old screen edit",
      weight_kg: 99,
    });
    expect(stale.status).toBe(409);
    expect(isStaleWriteDetail(stale.json.detail)).toBe(true);
    expect((await get(pi, created.id)).json.weight_kg).toBe(70);
  });

  it("update and delete need a reason of 3-500 characters, stored in the audit row with old and new values", async () => {
    const created = await enrol(pi, "REASON-1");
    expect((await put(pi, created.id, { version: 1, sex: "M" })).status).toBe(422);
    expect((await put(pi, created.id, { version: 1, reason: "no", sex: "M" })).status).toBe(422);
    expect((await put(pi, created.id, { version: 1, reason: "x".repeat(501), sex: "M" })).status).toBe(422);
    expect((await del(pi, created.id, {})).status).toBe(422);

    expect((await put(pi, created.id, { version: 1, reason: "Sex entered wrongly", sex: "M" })).status).toBe(
      200,
    );
    expect((await del(pi, created.id, { reason: "Enrolled in error" })).status).toBe(204);
    expect((await get(pi, created.id)).status).toBe(404);

    const rows = await auditRowsFor("patient", created.id);
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction.create!.newValues).toMatchObject({ code: "REASON-1", sex: "F" });
    expect(byAction.update!.reason).toBe("Sex entered wrongly");
    expect(byAction.update!.oldValues).toEqual({ sex: "F", version: 1 });
    expect(byAction.update!.newValues).toEqual({ sex: "M", version: 2 });
    expect(byAction.delete!.reason).toBe("Enrolled in error");
    expect(byAction.delete!.oldValues).toMatchObject({ code: "REASON-1", sex: "M" });
    // Soft delete: the row is still there.
    const db = await getDb();
    const [row] = await db.select().from(patients).where(eq(patients.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe("the database refuses cross-study links", () => {
  it("a patient cannot sit in another study's medical group, nor a visit point at another study's patient", async () => {
    const other = await createStudy(admin);
    const foreignGroup = await createGroup(other.id, "FOREIGN");
    const patient = await enrol(pi, "XSTUDY-1");
    const db = await getDb();
    await expect(
      db.execute(sql`update patients set medical_group_id = ${foreignGroup.id} where id = ${patient.id}`),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
    await expect(
      db.execute(sql`insert into visits (study_id, patient_id, visit_number, visit_date, visit_type)
        values (${other.id}, ${patient.id}, 1, '2024-01-01', 'baseline')`),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
    await expect(
      db.execute(
        sql`insert into therapy_lines (study_id, patient_id, line_number) values (${other.id}, ${patient.id}, 1)`,
      ),
    ).rejects.toMatchObject({ cause: { code: "23503" } });
  });
});

describe("the list: pagination, sort and code prefix search", () => {
  it("pages through in code order and by enrolment date, with the total of the whole filter", async () => {
    // Enrolment is the baseline visit's date, not the order the rows were typed in; PAGE-05 has
    // no visit yet: last going up, first going down.
    const enrolled: Record<string, string | null> = {
      "PAGE-03": "2024-05-01",
      "PAGE-01": "2024-03-01",
      "PAGE-05": null,
      "PAGE-02": "2024-01-10",
      "PAGE-04": "2024-02-01",
    };
    for (const [code, date] of Object.entries(enrolled)) {
      const patient = await enrol(pi, code);
      if (date) await baselineOn(patient.id, date);
    }
    const page1 = await listOf(pi, `study_id=${study.id}&search=PAGE-&page_size=2&sort=code`);
    expect((page1.json.items as { code: string }[]).map((p) => p.code)).toEqual(["PAGE-01", "PAGE-02"]);
    expect(page1.json.total).toBe(5);
    const page3 = await listOf(pi, `study_id=${study.id}&search=PAGE-&page_size=2&page=3&sort=code`);
    expect((page3.json.items as { code: string }[]).map((p) => p.code)).toEqual(["PAGE-05"]);
    const newest = await listOf(pi, `study_id=${study.id}&search=PAGE-&page_size=5&sort=enrolled`);
    const items = newest.json.items as { code: string; enrolled_on: string | null }[];
    expect(items.map((p) => p.code)).toEqual(["PAGE-05", "PAGE-03", "PAGE-01", "PAGE-04", "PAGE-02"]);
    expect(items.map((p) => p.enrolled_on)).toEqual([
      null,
      "2024-05-01",
      "2024-03-01",
      "2024-02-01",
      "2024-01-10",
    ]);
    const oldest = await listOf(pi, `study_id=${study.id}&search=PAGE-&page_size=2&sort=enrolled&order=asc`);
    expect((oldest.json.items as { code: string }[]).map((p) => p.code)).toEqual(["PAGE-02", "PAGE-04"]);
  });

  it("keeps the enrolment date with the baseline visit: corrected with it, gone with it", async () => {
    const patient = await enrol(pi, "ENROL-1");
    expect((await get(pi, patient.id)).json.enrolled_on).toBeNull();
    const baseline = await baselineOn(patient.id, "2024-04-02");
    expect((await get(pi, patient.id)).json.enrolled_on).toBe("2024-04-02");
    const corrected = await call(updateVisit, {
      method: "PUT",
      headers: pi.headers,
      params: { id: String(baseline.id) },
      body: { version: baseline.version, visit_date: "2024-03-28", reason: "Date misread" },
    });
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200);
    expect((await get(pi, patient.id)).json.enrolled_on).toBe("2024-03-28");
    const removed = await call(removeVisit, {
      method: "DELETE",
      headers: pi.headers,
      params: { id: String(baseline.id) },
      body: { reason: "Entered for the wrong patient" },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(204);
    expect((await get(pi, patient.id)).json.enrolled_on).toBeNull();
  });

  it("treats LIKE wildcards in the search literally and refuses page_size over 100", async () => {
    await enrol(pi, "WILD_1");
    await enrol(pi, "WILDX1");
    const res = await listOf(pi, `study_id=${study.id}&search=WILD_`);
    expect((res.json.items as { code: string }[]).map((p) => p.code)).toEqual(["WILD_1"]);
    expect((await listOf(pi, `study_id=${study.id}&page_size=101`)).status).toBe(422);
    expect((await listOf(pi, `study_id=${study.id}&sort=name`)).status).toBe(422);
  });
});

describe("audit of creation", () => {
  it("records the creator and an audit row without a reason", async () => {
    const created = await enrol(medicoA, "CREATOR-1");
    const db = await getDb();
    const [row] = await db.select().from(patients).where(eq(patients.id, created.id));
    expect(row!.createdBy).toBe(medicoA.userId);
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "patient"), eq(auditLogs.entityId, String(created.id))));
    expect(audit!.action).toBe("create");
    expect(audit!.userId).toBe(medicoA.userId);
  });
});

describe("keyset paging with next_cursor", () => {
  it("walks the same rows as page numbers, in both sorts, and refuses a cursor of another sort", async () => {
    // Enrolment dates with a tie and two patients without one: every keyset case of a nullable key.
    const dates = ["2024-02-01", null, "2024-01-05", "2024-02-01", null];
    for (const [i, code] of ["KEY-1", "KEY-2", "KEY-3", "KEY-4", "KEY-5"].entries()) {
      const patient = await enrol(pi, code);
      if (dates[i]) await baselineOn(patient.id, dates[i]);
    }
    for (const [sort, order] of [
      ["code", "asc"],
      ["enrolled", "desc"],
      ["enrolled", "asc"],
    ]) {
      const byPage: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await listOf(
          pi,
          `study_id=${study.id}&search=KEY-&page_size=2&sort=${sort}&order=${order}&page=${page}`,
        );
        byPage.push(...(res.json.items as { code: string }[]).map((p) => p.code));
      }
      const byCursor: string[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor ? `&cursor=${cursor}` : "";
        const res = await listOf(
          pi,
          `study_id=${study.id}&search=KEY-&page_size=2&sort=${sort}&order=${order}${after}`,
        );
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        byCursor.push(...(res.json.items as { code: string }[]).map((p) => p.code));
        cursor = res.json.next_cursor as string | null;
      } while (cursor);
      expect(byCursor).toEqual(byPage);
      expect(byCursor).toHaveLength(5);
    }
    const first = await listOf(pi, `study_id=${study.id}&search=KEY-&page_size=2&sort=code`);
    const wrong = await listOf(
      pi,
      `study_id=${study.id}&sort=enrolled&cursor=${String(first.json.next_cursor)}`,
    );
    expect(wrong.status).toBe(422);
    expect((await listOf(pi, `study_id=${study.id}&cursor=garbage`)).status).toBe(422);
  });
});
