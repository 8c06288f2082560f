/**
 * Authorization as pure functions (no I/O): the platform level and the study role become one answer
 * per study. Services load the actor's assignment and ask here; tests cover the whole matrix.
 */
import type { RoleLevel } from "@/db/schema/users";
import type { StudyRole } from "@/db/schema/study-roles";
import type { ApiTokenAccess } from "@/lib/schemas/api-tokens";

export const PERMISSIONS = [
  "study.read",
  "study.configure",
  // Locking a whole study at its end and unlocking it (docs/decisions/0034-patient-and-study-lock.md):
  // no study role holds it, so only platform administrators may.
  "study.lock",
  "clinical.read",
  "clinical.write",
  // Reopening a locked visit (lib/server/clinical/visit-lock.ts asks the same question).
  "clinical.unlock",
  // Moving a patient to another medical group (docs/decisions/0028): it changes who sees the patient.
  "clinical.reassign",
  // Freezing and unfreezing a patient's whole record (docs/decisions/0034-patient-and-study-lock.md).
  "clinical.freeze",
  // Bulk import of patients and visits from a file (docs/decisions/0037-bulk-import.md): the data
  // manager's and the principal investigator's, like a study's data as a whole.
  "clinical.import",
  // Data review (docs/decisions/0030): opening, closing and reopening a query is the reviewer's;
  // answering it is the site's.
  "queries.open",
  "queries.respond",
  // Source data verification (docs/decisions/0031): the monitor's comparison with the source.
  "sdv.verify",
  // Electronic signatures (docs/decisions/0032): the investigator's sign-off; a sub-investigator's
  // only where the study lets sub-investigators sign their group's patients.
  "signatures.sign",
  "signatures.sign_if_allowed",
  "team.manage",
  "content.edit",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PLATFORM_PERMISSIONS = [
  "studies.create",
  "studies.read_all",
  "users.read",
  "users.create",
  "users.manage_admins",
  "templates.manage",
  "audit.read",
] as const;
export type PlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];

/**
 * `apiToken`: the request came with a personal API token (docs/decisions/0036-personal-api-tokens.md),
 * which bounds the user's access to one study and to reads or writes.
 */
export type PolicyActor = {
  userId: number;
  roleLevel: RoleLevel;
  isSuperuser: boolean;
  apiToken?: ApiTokenScope | null;
};
export type ApiTokenScope = { studyId: number; access: ApiTokenAccess };
export type StudyAssignment = { role: StudyRole; medicalGroupId: number | null };

/** Which patients of a study the actor may see and touch. */
export type PatientScope =
  | { kind: "all" }
  | { kind: "group"; medicalGroupId: number }
  | { kind: "own"; userId: number }
  | { kind: "none" };

export type StudyAccess = { permissions: ReadonlySet<Permission>; patientScope: PatientScope };

/** superadmin or the is_superuser flag: full platform access, including homepage content. */
export function isSuperuser(actor: PolicyActor): boolean {
  return actor.isSuperuser || actor.roleLevel === "superadmin";
}

/** Platform administrators manage every study without an explicit assignment. */
export function isPlatformAdmin(actor: PolicyActor): boolean {
  return isSuperuser(actor) || actor.roleLevel === "admin";
}

/** The admin header links show only to these users (spec §2). */
export const canSeeAdminArea = isPlatformAdmin;

export function platformPermissions(actor: PolicyActor): ReadonlySet<PlatformPermission> {
  if (isSuperuser(actor)) return new Set(PLATFORM_PERMISSIONS);
  if (actor.roleLevel === "admin") {
    return new Set<PlatformPermission>([
      "studies.create",
      "studies.read_all",
      "users.read",
      "users.create",
      "templates.manage",
      "audit.read",
    ]);
  }
  return new Set();
}

export function hasPlatformPermission(actor: PolicyActor, permission: PlatformPermission): boolean {
  return platformPermissions(actor).has(permission);
}

/** The study-role matrix of spec §2 (Study Team permissions summary) and §6. */
export const ROLE_PERMISSIONS: Record<StudyRole, readonly Permission[]> = {
  principal_investigator: [
    "study.read",
    "clinical.read",
    "clinical.write",
    "clinical.unlock",
    "clinical.reassign",
    "clinical.freeze",
    "clinical.import",
    "queries.open",
    "queries.respond",
    "signatures.sign",
  ],
  study_monitor: ["study.read", "clinical.read", "queries.open", "sdv.verify"],
  sub_investigator: [
    "study.read",
    "clinical.read",
    "clinical.write",
    "queries.respond",
    "signatures.sign_if_allowed",
  ],
  medico: ["study.read", "clinical.read", "clinical.write", "queries.respond"],
  data_manager: [
    "study.read",
    "study.configure",
    "clinical.read",
    "clinical.write",
    "clinical.import",
    "queries.open",
  ],
  read_only: ["study.read", "clinical.read"],
};

const SIGNING: readonly Permission[] = ["signatures.sign", "signatures.sign_if_allowed"];

const NO_ACCESS: StudyAccess = { permissions: new Set(), patientScope: { kind: "none" } };

/**
 * The actor's access to study `studyId`, where they hold `assignment` (or none). A personal API
 * token narrows it (tokenAccess): the user's current access, so a role lowered later lowers the
 * token too.
 */
export function studyAccess(
  actor: PolicyActor,
  assignment: StudyAssignment | null,
  studyId: number,
): StudyAccess {
  const access = userStudyAccess(actor, assignment);
  return actor.apiToken ? tokenAccess(actor.apiToken, studyId, access) : access;
}

function userStudyAccess(actor: PolicyActor, assignment: StudyAssignment | null): StudyAccess {
  if (isPlatformAdmin(actor)) {
    const permissions = new Set<Permission>(PERMISSIONS);
    if (!isSuperuser(actor)) permissions.delete("content.edit");
    // A signature attests a clinical role in the study (docs/decisions/0032): an administrator
    // signs only through a study role that signs.
    for (const permission of SIGNING) permissions.delete(permission);
    for (const permission of assignment ? ROLE_PERMISSIONS[assignment.role] : [])
      if (SIGNING.includes(permission)) permissions.add(permission);
    return { permissions, patientScope: { kind: "all" } };
  }
  if (!assignment) return NO_ACCESS;
  return {
    permissions: new Set(ROLE_PERMISSIONS[assignment.role]),
    patientScope: scopeFor(actor, assignment),
  };
}

function scopeFor(actor: PolicyActor, assignment: StudyAssignment): PatientScope {
  switch (assignment.role) {
    case "sub_investigator":
      // A sub-investigator without a group sees nothing rather than everything.
      return assignment.medicalGroupId === null
        ? { kind: "none" }
        : { kind: "group", medicalGroupId: assignment.medicalGroupId };
    case "medico":
      return { kind: "own", userId: actor.userId };
    default:
      return { kind: "all" };
  }
}

/** What a permission set keeps while its study is locked (docs/decisions/0034-patient-and-study-lock.md). */
const READS: ReadonlySet<Permission> = new Set<Permission>(["study.read", "clinical.read"]);

/**
 * The most a write token may do (docs/decisions/0036-personal-api-tokens.md): the study's data work.
 * Never a signature (it attests a person, re-authenticated), the study lock, the team or the
 * homepage content: those stay with a signed-in person.
 */
const TOKEN_WRITES: ReadonlySet<Permission> = new Set<Permission>([
  ...READS,
  "study.configure",
  "clinical.write",
  "clinical.unlock",
  "clinical.reassign",
  "clinical.freeze",
  // Bulk import (docs/decisions/0037-bulk-import.md): the integrations tokens are made for.
  "clinical.import",
  "queries.open",
  "queries.respond",
  "sdv.verify",
]);

/**
 * A token's share of the user's access: nothing outside its study (answered as an unknown study),
 * inside it the user's permissions that the token's access allows; the patient scope is the user's.
 */
export function tokenAccess(token: ApiTokenScope, studyId: number, access: StudyAccess): StudyAccess {
  if (token.studyId !== studyId) return NO_ACCESS;
  const ceiling = token.access === "read" ? READS : TOKEN_WRITES;
  return {
    permissions: new Set([...access.permissions].filter((p) => ceiling.has(p))),
    patientScope: access.patientScope,
  };
}

/** Whether a write token would add anything to a read one: the role holds a permission that writes. */
export function tokenMayWrite(access: StudyAccess): boolean {
  return [...access.permissions].some((p) => TOKEN_WRITES.has(p) && !READS.has(p));
}

/**
 * The access a page shows while the study is locked: reads only, so every write control goes. The
 * API refuses the writes on its own (423); this only keeps the page from offering them. The study
 * lock itself stays with those who hold it, so they can unlock.
 */
export function readOnlyAccess(access: StudyAccess): StudyAccess {
  const permissions = new Set([...access.permissions].filter((p) => READS.has(p) || p === "study.lock"));
  return { permissions, patientScope: access.patientScope };
}

/** Whether one patient lies inside a scope; list queries apply the same rule as a SQL filter. */
export function patientInScope(
  scope: PatientScope,
  patient: { medicalGroupId: number | null; createdBy: number | null },
): boolean {
  switch (scope.kind) {
    case "all":
      return true;
    case "group":
      return patient.medicalGroupId === scope.medicalGroupId;
    case "own":
      return patient.createdBy === scope.userId;
    case "none":
      return false;
  }
}

/** Who may register a new platform user at which level. */
export function canCreateUserWithLevel(actor: PolicyActor, level: RoleLevel): boolean {
  if (!hasPlatformPermission(actor, "users.create")) return false;
  return level === "user" || hasPlatformPermission(actor, "users.manage_admins");
}

/**
 * Who may change a platform user: admins manage user-level accounts; administrators and superusers
 * (either side of the change) only by those who may manage admins. Self-service and the last
 * superadmin are checked by the user service, which knows the database.
 */
export function canManageUserAtLevel(
  actor: PolicyActor,
  target: { roleLevel: RoleLevel; isSuperuser: boolean },
  newLevel: RoleLevel = target.roleLevel,
): boolean {
  if (!hasPlatformPermission(actor, "users.create")) return false;
  const privileged = target.roleLevel !== "user" || target.isSuperuser || newLevel !== "user";
  return !privileged || hasPlatformPermission(actor, "users.manage_admins");
}
