import { beforeAll, describe, expect, it } from "vitest";
import { PUT as move } from "@/app/api/patients/[id]/medical-group/route";
import { GET as getOne } from "@/app/api/patients/[id]/route";
import { POST as create } from "@/app/api/patients/route";
import { auditRowsFor, call } from "./helpers";
import { callerFor, createGroup, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

/** Medical groups in use (docs/decisions/0028): a new patient's group, and moves between groups. */

let admin: Caller;
let pi: Caller;
let dataManager: Caller;
let medico: Caller;
let monitor: Caller;
let subA: Caller;
let study: { id: number };
let groupA: { id: number };
let groupB: { id: number };
let foreignGroup: { id: number };
let plainStudy: { id: number };
let bareStudy: { id: number };

type Patient = { id: number; version: number; medical_group_id: number | null };

const post = (caller: Caller, body: unknown) =>
  call(create, { method: "POST", headers: caller.headers, body });
const put = (caller: Caller, id: number, body: unknown) =>
  call(move, { method: "PUT", headers: caller.headers, params: { id: String(id) }, body });
const get = (caller: Caller, id: number) =>
  call(getOne, { headers: caller.headers, params: { id: String(id) } });

async function enrol(caller: Caller, code: string, groupId: number | undefined = groupA.id) {
  const res = await post(caller, patientBody(study.id, code, { medical_group_id: groupId }));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Patient;
}

const locs = (json: Record<string, unknown>) =>
  (json.detail as { loc: string[]; msg: string }[]).map((d) => `${d.loc.join(".")}: ${d.msg}`);

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin);
  plainStudy = await createStudy(admin);
  bareStudy = await createStudy(admin);
  groupA = await createGroup(study.id, "GA");
  groupB = await createGroup(study.id, "GB");
  foreignGroup = await createGroup(plainStudy.id, "GX");
  pi = await memberOf(study.id, "principal_investigator");
  dataManager = await memberOf(study.id, "data_manager");
  medico = await memberOf(study.id, "medico");
  monitor = await memberOf(study.id, "study_monitor");
  subA = await memberOf(study.id, "sub_investigator", groupA.id);
});

describe("the group of a new patient", () => {
  it("is required when the study has groups, for every writer but a sub-investigator", async () => {
    for (const [caller, code] of [
      [pi, "REQ-PI"],
      [dataManager, "REQ-DM"],
      [medico, "REQ-MED"],
      [admin, "REQ-ADM"],
    ] as const) {
      const res = await post(caller, patientBody(study.id, code));
      expect(res.status).toBe(422);
      expect(locs(res.json)).toEqual([
        "body.medical_group_id: Medical group is required: this study has medical groups",
      ]);
    }
    const chosen = await enrol(dataManager, "REQ-DM-OK", groupB.id);
    expect(chosen.medical_group_id).toBe(groupB.id);
    expect((await enrol(medico, "REQ-MED-OK", groupA.id)).medical_group_id).toBe(groupA.id);
  });

  it("must be one of the study's groups (another study's group is 422)", async () => {
    const res = await post(pi, patientBody(study.id, "FOREIGN-1", { medical_group_id: foreignGroup.id }));
    expect(res.status).toBe(422);
    expect(locs(res.json)).toEqual([
      "body.medical_group_id: The medical group is not one of this study's groups",
    ]);
    const none = await post(pi, patientBody(study.id, "FOREIGN-2", { medical_group_id: 2_000_000_000 }));
    expect(none.status).toBe(422);
  });

  it("stays empty in a study without groups, where naming one is refused", async () => {
    const res = await post(admin, patientBody(bareStudy.id, "PLAIN-1"));
    expect(res.status).toBe(201);
    expect(res.json.medical_group_id).toBeNull();
    const foreign = await post(admin, patientBody(bareStudy.id, "PLAIN-2", { medical_group_id: groupA.id }));
    expect(foreign.status).toBe(422);
  });

  it("is a sub-investigator's own group without asking; naming another is refused (403, audited)", async () => {
    const res = await post(subA, patientBody(study.id, "SUB-1"));
    expect(res.status).toBe(201);
    expect(res.json.medical_group_id).toBe(groupA.id);
    expect((await enrol(subA, "SUB-2", groupA.id)).medical_group_id).toBe(groupA.id);
    const other = await post(subA, patientBody(study.id, "SUB-3", { medical_group_id: groupB.id }));
    expect(other.status).toBe(403);
    expect(other.json.detail).toBe("A sub-investigator's patients join their own medical group (Group GA)");
    const denials = (await auditRowsFor("medical_group", groupB.id)).filter(
      (r) => r.action === "access_denied" && r.userId === subA.userId,
    );
    expect(denials.length).toBe(1);
  });
});

describe("moving a patient to another group", () => {
  it("a principal investigator moves with a reason; the audit row keeps old → new and the reason", async () => {
    const patient = await enrol(pi, "MOVE-PI");
    const res = await put(pi, patient.id, {
      version: patient.version,
      reason: "Referred to centre B",
      medical_group_id: groupB.id,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.medical_group_id).toBe(groupB.id);
    expect(res.json.version).toBe(patient.version + 1);
    const rows = (await auditRowsFor("patient", patient.id)).filter((r) => r.action === "update");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe("Referred to centre B");
    expect(rows[0]!.oldValues).toMatchObject({ medical_group_id: groupA.id, version: 1 });
    expect(rows[0]!.newValues).toMatchObject({ medical_group_id: groupB.id, version: 2 });
    // The sub-investigator of group A no longer sees the patient.
    expect((await get(subA, patient.id)).status).toBe(404);
  });

  it("an administrator moves too; a stale version is 409", async () => {
    const patient = await enrol(pi, "MOVE-ADM");
    const ok = await put(admin, patient.id, {
      version: patient.version,
      reason: "Centre reorganised",
      medical_group_id: groupB.id,
    });
    expect(ok.status).toBe(200);
    const stale = await put(admin, patient.id, {
      version: patient.version,
      reason: "Centre reorganised",
      medical_group_id: groupA.id,
    });
    expect(stale.status).toBe(409);
  });

  it("needs a reason of three characters and a group of the study that is not the current one", async () => {
    const patient = await enrol(pi, "MOVE-BAD");
    const noReason = await put(pi, patient.id, { version: 1, medical_group_id: groupB.id });
    expect(noReason.status).toBe(422);
    expect(locs(noReason.json)).toEqual([
      "body.reason: Reason is required: say why this clinical data is changed",
    ]);
    const short = await put(pi, patient.id, { version: 1, reason: "ab", medical_group_id: groupB.id });
    expect(locs(short.json)).toEqual(["body.reason: Reason must be at least 3 characters"]);
    const foreign = await put(pi, patient.id, {
      version: 1,
      reason: "Wrong study",
      medical_group_id: foreignGroup.id,
    });
    expect(foreign.status).toBe(422);
    expect(locs(foreign.json)).toEqual([
      "body.medical_group_id: The medical group is not one of this study's groups",
    ]);
    const same = await put(pi, patient.id, { version: 1, reason: "No move", medical_group_id: groupA.id });
    expect(same.status).toBe(422);
    expect(locs(same.json)).toEqual(["body.medical_group_id: The patient is already in this medical group"]);
    expect((await get(pi, patient.id)).json).toMatchObject({ medical_group_id: groupA.id, version: 1 });
    expect((await auditRowsFor("patient", patient.id)).filter((r) => r.action === "update")).toEqual([]);
  });

  it("a sub-investigator, a data manager, a medico and a monitor are refused (403, or 404 outside scope)", async () => {
    const patient = await enrol(pi, "MOVE-NO");
    const body = { version: 1, reason: "Not allowed", medical_group_id: groupB.id };
    expect((await put(subA, patient.id, body)).status).toBe(403);
    expect((await put(dataManager, patient.id, body)).status).toBe(403);
    expect((await put(monitor, patient.id, body)).status).toBe(403);
    // A medico sees only their own patients: another's answers 404, their own 403.
    expect((await put(medico, patient.id, body)).status).toBe(404);
    const own = await enrol(medico, "MOVE-MED");
    expect((await put(medico, own.id, body)).status).toBe(403);
    const stranger = await callerFor();
    expect((await put(stranger, patient.id, body)).status).toBe(404);
    expect((await get(pi, patient.id)).json).toMatchObject({ medical_group_id: groupA.id, version: 1 });
  });
});
