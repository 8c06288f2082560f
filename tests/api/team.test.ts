import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as removeRole, PUT as updateRole } from "@/app/api/admin/user-study-roles/[id]/route";
import { GET as listRoles, POST as assign } from "@/app/api/admin/user-study-roles/route";
import {
  DELETE as deleteGroup,
  GET as getGroup,
  PUT as updateGroup,
} from "@/app/api/studies/[id]/medical-groups/[groupId]/route";
import { GET as listGroups, POST as createGroup } from "@/app/api/studies/[id]/medical-groups/route";
import { GET as listPatients, POST as createPatient } from "@/app/api/patients/route";
import { GROUP_MESSAGES, TEAM_MESSAGES } from "@/lib/schemas/users";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";
import { auditRowsFor, call, createUser } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

let admin: Caller;
let studyId: number;
let otherStudyId: number;

const groupsPath = (id: number) => `/api/studies/${id}/medical-groups`;
const newGroup = (caller: Caller, id: number, body: Record<string, unknown>) =>
  call(createGroup, {
    method: "POST",
    path: groupsPath(id),
    headers: caller.headers,
    params: { id: String(id) },
    body,
  });
const assignAs = (caller: Caller, body: Record<string, unknown>) =>
  call(assign, { method: "POST", path: "/api/admin/user-study-roles", headers: caller.headers, body });
const updateAs = (caller: Caller, id: number, body: Record<string, unknown>) =>
  call(updateRole, {
    method: "PUT",
    path: `/api/admin/user-study-roles/${id}`,
    headers: caller.headers,
    params: { id: String(id) },
    body,
  });

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin)).id;
  otherStudyId = (await createStudy(admin)).id;
});

describe("medical groups", () => {
  it("creates with an uppercased code, lists with patient counts, code immutable", async () => {
    const res = await newGroup(admin, studyId, { code: " grp001 ", name: "Milano", study_id: studyId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ code: "GRP001", name: "Milano", description: null, patient_count: 0 });
    const dup = await newGroup(admin, studyId, { code: "Grp001", name: "Again" });
    expect(dup.status).toBe(422);
    expect(dup.json.detail).toContainEqual(
      expect.objectContaining({ msg: inEnglish(GROUP_MESSAGES.codeTaken("GRP001")) }),
    );
    const tooLong = await newGroup(admin, studyId, { code: "X".repeat(51), name: "N".repeat(201) });
    expect(tooLong.status).toBe(422);
    expect((tooLong.json.detail as { loc: string[] }[]).map((d) => d.loc.join("."))).toEqual([
      "body.code",
      "body.name",
    ]);
    const id = res.json.id as number;
    const params = { id: String(studyId), groupId: String(id) };
    const codeChange = await call(updateGroup, {
      method: "PUT",
      headers: admin.headers,
      params,
      body: { code: "NEW", name: "Milano" },
    });
    expect(codeChange.status).toBe(422);
    const renamed = await call(updateGroup, {
      method: "PUT",
      headers: admin.headers,
      params,
      body: { name: "Milano Nord", description: "North", version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      code: "GRP001",
      name: "Milano Nord",
      description: "North",
      version: 2,
    });
    const stale = await call(updateGroup, {
      method: "PUT",
      headers: admin.headers,
      params,
      body: { name: "Z", version: 1 },
    });
    expect(stale.status).toBe(409);
    // A group of one study is not found through another.
    const cross = await call(getGroup, {
      headers: admin.headers,
      params: { id: String(otherStudyId), groupId: String(id) },
    });
    expect(cross.status).toBe(404);
    expect((await auditRowsFor("medical_group", id)).map((r) => r.action)).toEqual(["create", "update"]);
  });

  it("refuses deleting a group with patients (409); deletes an empty one", async () => {
    const group = (await newGroup(admin, studyId, { code: "DEL1", name: "Busy" })).json as { id: number };
    const sub = await memberOf(studyId, "sub_investigator", group.id);
    const created = await call(createPatient, {
      method: "POST",
      headers: sub.headers,
      body: patientBody(studyId, `P-${process.pid}-del`),
    });
    expect(created.status).toBe(201);
    // The sub-investigator's patient went into their group.
    expect(created.json.medical_group_id).toBe(group.id);
    const listed = await call(listGroups, { headers: admin.headers, params: { id: String(studyId) } });
    expect(
      (listed.json.items as { id: number; patient_count: number }[]).find((g) => g.id === group.id),
    ).toMatchObject({
      patient_count: 1,
    });
    const refused = await call(deleteGroup, {
      method: "DELETE",
      headers: admin.headers,
      params: { id: String(studyId), groupId: String(group.id) },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(inEnglish(GROUP_MESSAGES.hasPatients(1)));

    const empty = (await newGroup(admin, studyId, { code: "DEL2", name: "Empty" })).json as { id: number };
    const ok = await call(deleteGroup, {
      method: "DELETE",
      headers: admin.headers,
      params: { id: String(studyId), groupId: String(empty.id) },
    });
    expect(ok.status).toBe(204);
    expect((await auditRowsFor("medical_group", empty.id)).map((r) => r.action)).toEqual([
      "create",
      "delete",
    ]);
  });

  it("keeps groups and their patient counts to team managers (platform admins)", async () => {
    const pi = await memberOf(studyId, "principal_investigator");
    expect((await call(listGroups, { headers: pi.headers, params: { id: String(studyId) } })).status).toBe(
      403,
    );
    expect((await newGroup(pi, studyId, { code: "PI1", name: "No" })).status).toBe(403);
    const outsider = await callerFor();
    expect(
      (await call(listGroups, { headers: outsider.headers, params: { id: String(studyId) } })).status,
    ).toBe(404);
  });
});

describe("user study roles", () => {
  it("assigns, lists with names, requires a group of the same study for sub-investigators", async () => {
    const user = await createUser();
    const group = (await newGroup(admin, studyId, { code: "TEAM1", name: "Team group" })).json as {
      id: number;
    };
    const otherGroup = (await newGroup(admin, otherStudyId, { code: "TEAM1", name: "Elsewhere" })).json as {
      id: number;
    };
    const noGroup = await assignAs(admin, { user_id: user.id, study_id: studyId, role: "sub_investigator" });
    expect(noGroup.status).toBe(422);
    expect(noGroup.json.detail).toContainEqual(
      expect.objectContaining({
        loc: ["body", "medical_group_id"],
        msg: inEnglish(TEAM_MESSAGES.groupRequired),
      }),
    );
    // The same body schema the Assign dialog resolves with: a missing user reads as the dialog does.
    const noUser = await assignAs(admin, { study_id: studyId, role: "medico" });
    expect(noUser.status).toBe(422);
    expect(noUser.json.detail).toContainEqual(
      expect.objectContaining({ loc: ["body", "user_id"], msg: inEnglish(TEAM_MESSAGES.userRequired) }),
    );
    const foreign = await assignAs(admin, {
      user_id: user.id,
      study_id: studyId,
      role: "sub_investigator",
      medical_group_id: otherGroup.id,
    });
    expect(foreign.status).toBe(422);
    const ok = await assignAs(admin, {
      user_id: user.id,
      study_id: studyId,
      role: "sub_investigator",
      medical_group_id: group.id,
    });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({
      user_full_name: user.fullName,
      user_email: user.email,
      role: "sub_investigator",
      medical_group_name: "Team group",
      user_role_level: "user",
    });
    const dup = await assignAs(admin, { user_id: user.id, study_id: studyId, role: "medico" });
    expect(dup.status).toBe(409);

    // Changing away from Sub-Investigator clears the group.
    const id = ok.json.id as number;
    const changed = await updateAs(admin, id, { role: "medico", medical_group_id: group.id, version: 1 });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ role: "medico", medical_group_id: null, version: 2 });
    expect((await updateAs(admin, id, { role: "read_only", version: 1 })).status).toBe(409);

    const listed = await call(listRoles, {
      path: `/api/admin/user-study-roles?study_id=${studyId}`,
      headers: admin.headers,
    });
    expect(listed.status).toBe(200);
    expect((listed.json.items as { id: number }[]).some((r) => r.id === id)).toBe(true);

    const removed = await call(removeRole, {
      method: "DELETE",
      headers: admin.headers,
      params: { id: String(id) },
    });
    expect(removed.status).toBe(204);
    expect((await auditRowsFor("user_study_role", id)).map((r) => r.action)).toEqual([
      "create",
      "update",
      "delete",
    ]);
  });

  it("applies a role change at the member's next request", async () => {
    const group = (await newGroup(admin, studyId, { code: "NEXT1", name: "Next" })).json as { id: number };
    const member = await memberOf(studyId, "principal_investigator");
    const listAsMember = () =>
      call(listPatients, { path: `/api/patients?study_id=${studyId}`, headers: member.headers });
    expect((await listAsMember()).json.total).toBeGreaterThan(0);
    const roles = await call(listRoles, {
      path: `/api/admin/user-study-roles?study_id=${studyId}`,
      headers: admin.headers,
    });
    const mine = (roles.json.items as { id: number; user_id: number }[]).find(
      (r) => r.user_id === member.userId,
    )!;
    await updateAs(admin, mine.id, { role: "sub_investigator", medical_group_id: group.id });
    expect((await listAsMember()).json.total).toBe(0);
  });

  it("refuses team management to study roles (403) and to outsiders (404), audited", async () => {
    const pi = await memberOf(studyId, "principal_investigator");
    const user = await createUser();
    const res = await assignAs(pi, { user_id: user.id, study_id: studyId, role: "read_only" });
    expect(res.status).toBe(403);
    const outsider = await callerFor();
    const hidden = await assignAs(outsider, { user_id: user.id, study_id: studyId, role: "read_only" });
    expect(hidden.status).toBe(404);
    const denied = (await auditRowsFor("study", studyId)).filter((r) => r.action === "access_denied");
    expect(denied.map((r) => r.userId)).toEqual(expect.arrayContaining([pi.userId, outsider.userId]));
  });
});
