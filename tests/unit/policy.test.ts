import { describe, expect, it } from "vitest";
import { STUDY_ROLES } from "@/db/schema/study-roles";
import {
  canCreateUserWithLevel,
  canSeeAdminArea,
  patientInScope,
  PERMISSIONS,
  readOnlyAccess,
  studyAccess,
  tokenMayWrite,
  type PolicyActor,
} from "@/lib/server/auth/policy";

const user: PolicyActor = { userId: 7, roleLevel: "user", isSuperuser: false };
const admin: PolicyActor = { userId: 1, roleLevel: "admin", isSuperuser: false };
const superadmin: PolicyActor = { userId: 2, roleLevel: "superadmin", isSuperuser: false };
const flaggedSuperuser: PolicyActor = { userId: 3, roleLevel: "user", isSuperuser: true };

const can = (actor: PolicyActor, role: (typeof STUDY_ROLES)[number] | null, group: number | null = null) =>
  [...studyAccess(actor, role ? { role, medicalGroupId: group } : null, 1).permissions].sort();

describe("platform levels", () => {
  it("shows the admin area to superusers, superadmins and admins only", () => {
    expect([user, admin, superadmin, flaggedSuperuser].map(canSeeAdminArea)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it("gives platform admins every study permission but signing; homepage content only to superusers", () => {
    const signing = ["signatures.sign", "signatures.sign_if_allowed"];
    const unsigned = PERMISSIONS.filter((p) => !signing.includes(p));
    expect(can(admin, null)).toEqual(unsigned.filter((p) => p !== "content.edit").sort());
    expect(can(superadmin, null)).toEqual([...unsigned].sort());
    expect(can(flaggedSuperuser, null)).toEqual([...unsigned].sort());
    expect(studyAccess(admin, null, 1).patientScope).toEqual({ kind: "all" });
  });

  it("lets an administrator sign only through a study role that signs (decision 0032)", () => {
    expect(can(admin, "principal_investigator")).toContain("signatures.sign");
    expect(can(admin, "sub_investigator")).toContain("signatures.sign_if_allowed");
    expect(can(admin, "study_monitor")).not.toContain("signatures.sign");
  });

  it("lets admins register users but only superusers register administrators", () => {
    expect(canCreateUserWithLevel(user, "user")).toBe(false);
    expect(canCreateUserWithLevel(admin, "user")).toBe(true);
    expect(canCreateUserWithLevel(admin, "admin")).toBe(false);
    expect(canCreateUserWithLevel(superadmin, "superadmin")).toBe(true);
  });
});

describe("study roles (spec §2 permissions summary)", () => {
  it("gives a user without an assignment nothing", () => {
    expect(can(user, null)).toEqual([]);
    expect(studyAccess(user, null, 1).patientScope).toEqual({ kind: "none" });
  });

  it.each([
    [
      "principal_investigator",
      [
        "clinical.freeze",
        "clinical.import",
        "clinical.read",
        "clinical.reassign",
        "clinical.unlock",
        "clinical.write",
        "queries.open",
        "queries.respond",
        "signatures.sign",
        "study.read",
      ],
    ],
    // Data queries (decision 0030): the reviewer opens, the site responds.
    ["study_monitor", ["clinical.read", "queries.open", "sdv.verify", "study.read"]],
    [
      "sub_investigator",
      ["clinical.read", "clinical.write", "queries.respond", "signatures.sign_if_allowed", "study.read"],
    ],
    ["medico", ["clinical.read", "clinical.write", "queries.respond", "study.read"]],
    // Bulk import (decision 0037): the data manager's and the principal investigator's.
    [
      "data_manager",
      ["clinical.import", "clinical.read", "clinical.write", "queries.open", "study.configure", "study.read"],
    ],
    ["read_only", ["clinical.read", "study.read"]],
  ] as const)("%s may %j", (role, expected) => {
    expect(can(user, role, 5)).toEqual(expected);
  });

  it("scopes patients: all, the assigned group, or the user's own", () => {
    expect(
      studyAccess(user, { role: "principal_investigator", medicalGroupId: null }, 1).patientScope,
    ).toEqual({
      kind: "all",
    });
    expect(studyAccess(user, { role: "sub_investigator", medicalGroupId: 5 }, 1).patientScope).toEqual({
      kind: "group",
      medicalGroupId: 5,
    });
    expect(studyAccess(user, { role: "sub_investigator", medicalGroupId: null }, 1).patientScope).toEqual({
      kind: "none",
    });
    expect(studyAccess(user, { role: "medico", medicalGroupId: null }, 1).patientScope).toEqual({
      kind: "own",
      userId: 7,
    });
  });

  it("applies a scope to one patient", () => {
    const patient = { medicalGroupId: 5, createdBy: 7 };
    expect(patientInScope({ kind: "all" }, patient)).toBe(true);
    expect(patientInScope({ kind: "group", medicalGroupId: 5 }, patient)).toBe(true);
    expect(patientInScope({ kind: "group", medicalGroupId: 6 }, patient)).toBe(false);
    expect(patientInScope({ kind: "own", userId: 7 }, patient)).toBe(true);
    expect(patientInScope({ kind: "own", userId: 8 }, patient)).toBe(false);
    expect(patientInScope({ kind: "none" }, patient)).toBe(false);
  });
});

describe("a locked study's pages (decision 0034)", () => {
  it("keep the reads, and the study lock for those who hold it", () => {
    const read = (actor: PolicyActor, role: (typeof STUDY_ROLES)[number] | null) =>
      [
        ...readOnlyAccess(studyAccess(actor, role ? { role, medicalGroupId: null } : null, 1)).permissions,
      ].sort();
    expect(read(user, "principal_investigator")).toEqual(["clinical.read", "study.read"]);
    expect(read(user, "data_manager")).toEqual(["clinical.read", "study.read"]);
    expect(read(admin, null)).toEqual(["clinical.read", "study.lock", "study.read"]);
    expect(
      readOnlyAccess(studyAccess(user, { role: "medico", medicalGroupId: null }, 1)).patientScope,
    ).toEqual({
      kind: "own",
      userId: 7,
    });
  });

  it("give the study lock to no study role", () => {
    for (const role of STUDY_ROLES) expect(can(user, role)).not.toContain("study.lock");
    expect(can(admin, null)).toContain("study.lock");
  });
});

describe("personal API tokens (docs/decisions/0036-personal-api-tokens.md)", () => {
  const withToken = (actor: PolicyActor, access: "read" | "write"): PolicyActor => ({
    ...actor,
    apiToken: { studyId: 1, access },
  });
  const permissionsOf = (actor: PolicyActor, role: (typeof STUDY_ROLES)[number] | null, studyId = 1) =>
    new Set(studyAccess(actor, role ? { role, medicalGroupId: 5 } : null, studyId).permissions);

  it("never gives more than the role: a token's permissions are a subset of the user's, for every role", () => {
    for (const actor of [user, admin, superadmin]) {
      for (const role of [...STUDY_ROLES, null]) {
        const own = permissionsOf(actor, role);
        for (const access of ["read", "write"] as const) {
          const token = permissionsOf(withToken(actor, access), role);
          expect([...token].filter((p) => !own.has(p))).toEqual([]);
        }
      }
    }
  });

  it("reads only with a read token; never signs, locks the study, manages the team or edits content", () => {
    expect([...permissionsOf(withToken(user, "read"), "principal_investigator")].sort()).toEqual([
      "clinical.read",
      "study.read",
    ]);
    const write = permissionsOf(withToken(superadmin, "write"), "principal_investigator");
    for (const p of ["signatures.sign", "study.lock", "team.manage", "content.edit"] as const)
      expect(write.has(p)).toBe(false);
    expect(write.has("clinical.write")).toBe(true);
  });

  it("has no access at all to another study, whatever the user's level there", () => {
    for (const actor of [user, superadmin])
      expect(
        studyAccess(withToken(actor, "write"), { role: "data_manager", medicalGroupId: null }, 2),
      ).toEqual({
        permissions: new Set(),
        patientScope: { kind: "none" },
      });
  });

  it("keeps the user's patient scope", () => {
    expect(
      studyAccess(withToken(user, "write"), { role: "medico", medicalGroupId: null }, 1).patientScope,
    ).toEqual({
      kind: "own",
      userId: user.userId,
    });
  });

  it("offers a write token only to roles that change data", () => {
    const mayWrite = (role: (typeof STUDY_ROLES)[number]) =>
      tokenMayWrite(studyAccess(user, { role, medicalGroupId: 5 }, 1));
    expect(STUDY_ROLES.filter(mayWrite)).toEqual([
      "principal_investigator",
      "study_monitor",
      "sub_investigator",
      "medico",
      "data_manager",
    ]);
  });
});
