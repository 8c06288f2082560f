/**
 * Users, study team and medical groups (spec §3 Study role assignment, Medical group; §5 User, Role
 * assignment, Medical group; §7 admin/users, user-study-roles, medical-groups; §8 messages).
 * Pure: the admin screens and the services read the same schemas, limits and wording.
 */
import { z } from "zod";
import type { StudyRole } from "@/db/schema/study-roles";
import { RoleLevelSchema, UserResponse } from "./auth";
import { visibleIdentifier } from "./identifier-text";
import { idOf } from "./patients";
import { BasedOnVersion } from "./versioning";
import { messageRef } from "@/lib/i18n/message-ref";

export const USER_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  search: 100,
  fullName: 200,
  password: 1024,
} as const;
export const TEAM_LIMITS = { pageSize: 100 } as const;
export const GROUP_LIMITS = { code: 50, name: 200, description: 2000, pageSize: 100 } as const;
export const MIN_PASSWORD = 8;

/**
 * API and schema messages are references (docs/decisions/0021), put into words by the API or
 * `useWords`; the screens' own words (loadFailed, confirm...) are shown as
 * they are until their screens are translated.
 */
export const USER_MESSAGES = {
  loadFailed: "Failed to load users",
  deactivateFailed: "Failed to deactivate user",
  saveFailed: "Failed to save user",
  passwordRequired: messageRef("api.users.passwordRequired"),
  passwordMin: messageRef("api.users.passwordMin", { min: String(MIN_PASSWORD) }),
  fullNameRequired: messageRef("api.users.fullNameRequired"),
  emailRequired: messageRef("api.users.emailRequired"),
  emailTaken: messageRef("api.users.emailTaken"),
  notFound: messageRef("api.users.notFound"),
  confirmDeactivate: (name: string) =>
    `Are you sure you want to deactivate ${name}? They will be signed out at once and can no longer sign in.`,
  selfDeactivate: messageRef("api.users.selfDeactivate"),
  selfDemote: messageRef("api.users.selfDemote"),
  selfPassword: messageRef("api.users.selfPassword"),
  lastSuperadmin: messageRef("api.users.lastSuperadmin"),
  onlyAdminsManageUsers: messageRef("api.users.onlyAdminsManageUsers"),
  onlySuperadminsManageAdmins: messageRef("api.users.onlySuperadminsManageAdmins"),
  passwordChangeRequired: messageRef("api.users.passwordChangeRequired"),
  currentPasswordWrong: messageRef("api.users.currentPasswordWrong"),
  samePassword: messageRef("api.users.samePassword"),
} as const;

export const TEAM_MESSAGES = {
  loadFailed: "Failed to load study team data",
  removeFailed: "Failed to remove user from study",
  saveFailed: "Failed to save role assignment",
  groupRequired: messageRef("api.team.groupRequired"),
  userRequired: messageRef("api.team.userRequired"),
  roleRequired: messageRef("api.team.roleRequired"),
  groupNotInStudy: messageRef("api.team.groupNotInStudy"),
  alreadyAssigned: messageRef("api.team.alreadyAssigned"),
  notFound: messageRef("api.team.notFound"),
  userInactive: messageRef("api.team.userInactive"),
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from this study?`,
} as const;

export const GROUP_MESSAGES = {
  loadFailed: "Failed to load medical groups",
  deleteFailed: "Failed to delete medical group. Make sure it has no assigned patients.",
  saveFailed: "Failed to save medical group",
  confirmDelete:
    "Are you sure you want to delete this medical group? This is only possible if the group has no patients.",
  empty: "No medical groups created yet",
  loading: "Loading medical groups...",
  codeRequired: messageRef("api.groups.codeRequired"),
  codeTooLong: messageRef("api.groups.codeTooLong", { max: String(GROUP_LIMITS.code) }),
  nameRequired: messageRef("api.groups.nameRequired"),
  nameTooLong: messageRef("api.groups.nameTooLong", { max: String(GROUP_LIMITS.name) }),
  codeTaken: (code: string) => messageRef("api.groups.codeTaken", { code }),
  notFound: messageRef("api.groups.notFound"),
  hasPatients: (count: number) => messageRef("api.groups.hasPatients", { count }),
  hasMembers: messageRef("api.groups.hasMembers"),
} as const;

/** The stored role strings (the database's list, kept out of the browser bundle; checked below). */
export const STUDY_ROLE_VALUES = [
  "principal_investigator",
  "study_monitor",
  "sub_investigator",
  "medico",
  "data_manager",
  "read_only",
] as const satisfies readonly StudyRole[];
// Compile-time: every database role is offered here.
const everyRoleListed: Exclude<StudyRole, (typeof STUDY_ROLE_VALUES)[number]> extends never ? true : false =
  true;
void everyRoleListed;

/** Spec §2 role options with their hints, in the spec's order. */
export const STUDY_ROLE_OPTIONS: readonly { value: StudyRole; label: string; hint: string | null }[] = [
  { value: "principal_investigator", label: "Principal Investigator", hint: "Full Access" },
  { value: "study_monitor", label: "Study Monitor", hint: "Read Only" },
  { value: "sub_investigator", label: "Sub-Investigator", hint: "Medical Group" },
  { value: "medico", label: "Medico", hint: "Own Patients Only" },
  { value: "data_manager", label: "Data Manager", hint: null },
  { value: "read_only", label: "Read Only", hint: null },
];

export const STUDY_ROLE_LABELS = Object.fromEntries(
  STUDY_ROLE_OPTIONS.map((option) => [option.value, option.label]),
) as Record<StudyRole, string>;

/** The permissions summary panel of the Study Team dialog (spec §2). */
export const ROLE_PERMISSION_SUMMARY: readonly { role: StudyRole; text: string }[] = [
  { role: "principal_investigator", text: "Full read/write access to all study data" },
  { role: "study_monitor", text: "Read-only access to everything in the study" },
  { role: "sub_investigator", text: "Read/write access only to patients of the assigned medical group" },
  {
    role: "medico",
    text: "Creates and manages own patients only; cannot see other users' patients; no medical group required (isolation by creator)",
  },
  { role: "data_manager", text: "Manages study data and configuration" },
  { role: "read_only", text: "View-only access" },
];

export const ROLE_LEVEL_LABELS = { superadmin: "Superadmin", admin: "Admin", user: "User" } as const;

/** The message of an object refusing keys it does not know (immutable fields sent back). */
const unknownKeys = (message: string) => (issue: { code?: string }) =>
  issue.code === "unrecognized_keys" ? message : undefined;

const Email = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .max(254, messageRef("api.users.emailTooLong"))
  .pipe(z.email(messageRef("api.users.emailInvalid")));

const FullName = z
  .string({ error: USER_MESSAGES.fullNameRequired })
  .trim()
  .min(1, USER_MESSAGES.fullNameRequired)
  .max(USER_LIMITS.fullName, messageRef("api.users.fullNameTooLong", { max: String(USER_LIMITS.fullName) }));

const NewPassword = (required: string) =>
  z
    .string({ error: required })
    .min(MIN_PASSWORD, USER_MESSAGES.passwordMin)
    .max(
      USER_LIMITS.password,
      messageRef("api.users.passwordTooLong", { max: String(USER_LIMITS.password) }),
    );

const PageNumber = z.coerce.number().int(messageRef("api.common.pageWhole")).min(1).max(100_000).default(1);
const PageSize = (fallback: number, max: number) =>
  z.coerce.number().int(messageRef("api.common.pageSizeWhole")).min(1).max(max).default(fallback);

export const AdminUserListQuery = z.object({
  search: z.string().trim().max(USER_LIMITS.search).optional(),
  role_level: z.union([RoleLevelSchema, z.literal("")]).optional(),
  page: PageNumber,
  page_size: PageSize(USER_LIMITS.pageSize, USER_LIMITS.maxPageSize),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserResponse = UserResponse.extend({
  must_change_password: z.boolean(),
  /** A second factor is enrolled (decision 0033). */
  totp_enabled: z.boolean(),
  password_changed_at: z.string(),
  /** Who verified the person's identity, when and how, before a first signature (decision 0033). */
  identity_verified_at: z.string().nullable(),
  identity_verified_by: z.number().int().nullable(),
  identity_verification_method: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
});
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminUserListResponse = z.object({ items: z.array(AdminUserResponse), total: z.number().int() });
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

/** Spec §7 POST /admin/users: email, password, full_name, role_level. */
export const AdminUserCreateBody = z.object({
  email: Email,
  password: NewPassword(USER_MESSAGES.passwordRequired),
  full_name: FullName,
  role_level: RoleLevelSchema,
});
export type AdminUserCreateBody = z.infer<typeof AdminUserCreateBody>;

/**
 * Spec §7 PUT: full_name, role_level, is_active. The email is immutable (an `email` key is refused).
 * `password` sets a temporary password the user must change at next sign-in; `version`, when sent,
 * refuses a stale edit (409).
 */
export const AdminUserUpdateBody = z.strictObject(
  {
    full_name: FullName.optional(),
    role_level: RoleLevelSchema.optional(),
    is_active: z.boolean().optional(),
    password: NewPassword(messageRef("api.users.passwordText")).optional(),
    version: BasedOnVersion.optional(),
  },
  { error: unknownKeys(messageRef("api.users.unknownKeys")) },
);
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;

export const UserIdParams = z.object({ id: idOf(messageRef("api.labels.userId")) });

export const PasswordChangeBody = z.object({
  current_password: z
    .string({ error: messageRef("api.users.currentPasswordRequired") })
    .min(1, messageRef("api.users.currentPasswordRequired"))
    .max(USER_LIMITS.password),
  new_password: NewPassword(messageRef("api.users.newPasswordRequired")),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

const StudyRoleSchema = z.enum(STUDY_ROLE_VALUES, { error: TEAM_MESSAGES.roleRequired });
const OptionalGroupId = idOf("medical_group_id").nullable().optional();

export const UserStudyRoleListQuery = z.object({
  study_id: idOf("study_id"),
  page: PageNumber,
  page_size: PageSize(TEAM_LIMITS.pageSize, TEAM_LIMITS.pageSize),
});
export type UserStudyRoleListQuery = z.infer<typeof UserStudyRoleListQuery>;

export const UserStudyRoleResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_full_name: z.string(),
  user_email: z.string(),
  user_role_level: RoleLevelSchema,
  user_is_active: z.boolean(),
  role: StudyRoleSchema,
  medical_group_id: z.number().int().nullable(),
  medical_group_name: z.string().nullable(),
  assigned_at: z.string(),
  study_id: z.number().int(),
  version: z.number().int(),
});
export type UserStudyRoleResponse = z.infer<typeof UserStudyRoleResponse>;

export const UserStudyRoleListResponse = z.object({
  items: z.array(UserStudyRoleResponse),
  total: z.number().int(),
});
export type UserStudyRoleListResponse = z.infer<typeof UserStudyRoleListResponse>;

/** The assigned user: a missing one reads as the dialog's 'User is required' (spec §5). */
const AssignedUserId = z
  .number({
    error: (issue) =>
      issue.input === undefined ? TEAM_MESSAGES.userRequired : messageRef("api.team.userIdNumber"),
  })
  .int(messageRef("api.team.userIdWhole"))
  .positive(messageRef("api.team.userIdPositive"))
  .max(2_147_483_647, messageRef("api.team.userIdRange"));

/**
 * Spec §5: a Sub-Investigator needs a medical group. Checked in the body schema so the dialog shows
 * the same message under the field before sending; whether the group is of the study is the
 * service's question (it needs the database).
 */
const groupForSubInvestigator = {
  path: ["medical_group_id"],
  message: TEAM_MESSAGES.groupRequired,
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    (payload.value as { role?: unknown }).role === "sub_investigator",
};
const hasGroupWhenSub = (body: { role: StudyRole; medical_group_id?: number | null }) =>
  body.role !== "sub_investigator" || body.medical_group_id != null;

export const UserStudyRoleCreateBody = z
  .object({
    user_id: AssignedUserId,
    study_id: idOf("study_id"),
    role: StudyRoleSchema,
    medical_group_id: OptionalGroupId,
  })
  .refine(hasGroupWhenSub, groupForSubInvestigator);
export type UserStudyRoleCreateBody = z.infer<typeof UserStudyRoleCreateBody>;

export const UserStudyRoleUpdateBody = z
  .object({
    role: StudyRoleSchema,
    medical_group_id: OptionalGroupId,
    version: BasedOnVersion.optional(),
  })
  .refine(hasGroupWhenSub, groupForSubInvestigator);
export type UserStudyRoleUpdateBody = z.infer<typeof UserStudyRoleUpdateBody>;

export const AssignmentIdParams = z.object({ id: idOf(messageRef("api.labels.assignmentId")) });

/** Spec §4: choosing Sub-Investigator requires a group; any other role clears it. */
export function assignmentGroup(role: StudyRole, groupId: number | null | undefined): number | null {
  return role === "sub_investigator" ? (groupId ?? null) : null;
}

/** Spec §5: code uppercased; the dialog and the server apply the same normalisation. */
export const normalizeGroupCode = (code: string) => code.trim().toUpperCase();

const GroupName = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_LIMITS.name, GROUP_MESSAGES.nameTooLong);
const GroupDescription = z
  .string()
  .trim()
  .max(
    GROUP_LIMITS.description,
    messageRef("api.groups.descriptionTooLong", { max: String(GROUP_LIMITS.description) }),
  )
  .nullable()
  .optional();

export const MedicalGroupParams = z.object({ id: idOf(messageRef("api.labels.studyId")) });
export const MedicalGroupItemParams = z.object({
  id: idOf(messageRef("api.labels.studyId")),
  groupId: idOf(messageRef("api.labels.groupId")),
});

export const MedicalGroupListQuery = z.object({
  page: PageNumber,
  page_size: PageSize(GROUP_LIMITS.pageSize, GROUP_LIMITS.pageSize),
});
export type MedicalGroupListQuery = z.infer<typeof MedicalGroupListQuery>;

export const MedicalGroupCreateBody = z.object({
  code: z
    .string({ error: GROUP_MESSAGES.codeRequired })
    .transform(normalizeGroupCode)
    .pipe(
      z
        .string()
        .min(1, GROUP_MESSAGES.codeRequired)
        .max(GROUP_LIMITS.code, GROUP_MESSAGES.codeTooLong)
        .superRefine(visibleIdentifier(messageRef("api.labels.code"))),
    ),
  name: GroupName,
  description: GroupDescription,
  // Spec §7 sends it too; when present it must name the study of the path.
  study_id: idOf("study_id").optional(),
});
export type MedicalGroupCreateBody = z.infer<typeof MedicalGroupCreateBody>;

export const MedicalGroupUpdateBody = z.strictObject(
  { name: GroupName, description: GroupDescription, version: BasedOnVersion.optional() },
  { error: unknownKeys(messageRef("api.groups.unknownKeys")) },
);
export type MedicalGroupUpdateBody = z.infer<typeof MedicalGroupUpdateBody>;

export const MedicalGroupResponse = z.object({
  id: z.number().int(),
  study_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  patient_count: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
});
export type MedicalGroupResponse = z.infer<typeof MedicalGroupResponse>;

export const MedicalGroupListResponse = z.object({
  items: z.array(MedicalGroupResponse),
  total: z.number().int(),
});
export type MedicalGroupListResponse = z.infer<typeof MedicalGroupListResponse>;
