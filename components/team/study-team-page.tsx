"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import {
  failureText,
  loadFailureText,
  useRemoveAssignment,
  useSaveAssignment,
  useStudyTeam,
} from "@/lib/client/admin-team";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  assignmentGroup,
  ROLE_PERMISSION_SUMMARY,
  STUDY_ROLE_LABELS,
  STUDY_ROLE_OPTIONS,
  TEAM_MESSAGES,
  UserStudyRoleCreateBody,
  UserStudyRoleUpdateBody,
  type AdminUserResponse,
  type MedicalGroupResponse,
  type UserStudyRoleResponse,
} from "@/lib/schemas/users";

/** Spec §2 Study Team: the assigned users, assign / edit / remove. */
export function StudyTeamPage({
  studyId,
  studyName,
  currentUserId,
}: {
  studyId: number;
  studyName: string;
  currentUserId: number;
}) {
  const team = useStudyTeam(studyId);
  const remove = useRemoveAssignment(studyId);
  const fmt = useFormat();
  const [editing, setEditing] = useState<UserStudyRoleResponse | "new" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  function confirmRemove(role: UserStudyRoleResponse) {
    if (!window.confirm(TEAM_MESSAGES.confirmRemove(role.user_full_name))) return;
    setActionError(null);
    remove.mutate(role.id, {
      onError: (error) => setActionError(failureText(error, TEAM_MESSAGES.removeFailed)),
    });
  }

  const roles = team.data?.roles ?? [];
  return (
    <>
      <Link href="/admin/studies" className="text-sm font-medium text-brand-700 hover:underline">
        ← Studies
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">Study Team: {studyName}</h1>
          <p className="mt-1 text-sm text-slate-600">Users assigned to this study and their study roles.</p>
        </div>
        <Button onClick={() => setEditing("new")} disabled={!team.data}>
          Assign User
        </Button>
      </div>
      {actionError && <Alert className="mb-4">{actionError}</Alert>}
      {team.error && <Alert className="mb-4">{loadFailureText(team.error, TEAM_MESSAGES.loadFailed)}</Alert>}
      {team.isPending && <p className="text-slate-500">Loading study team...</p>}
      {team.data && roles.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
          No users assigned to this study yet
        </p>
      )}
      {roles.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Team of {studyName}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  User
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Medical Group
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  Assigned
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {roles.map((role) => (
                <tr key={role.id} className="border-b border-slate-100 last:border-0">
                  <td className="px-3 py-2">
                    <div className="font-medium text-slate-900">{role.user_full_name}</div>
                    <div className="text-xs break-all text-slate-500">{role.user_email}</div>
                    {role.user_role_level !== "user" && (
                      <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        Platform {role.user_role_level.toUpperCase()}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{STUDY_ROLE_LABELS[role.role]}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{role.medical_group_name ?? "-"}</td>
                  <td className="hidden px-3 py-2 md:table-cell">{fmt.date(role.assigned_at)}</td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={`Edit role of ${role.user_full_name}`}
                        onClick={() => setEditing(role)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1"
                        aria-label={`Remove ${role.user_full_name} from the study`}
                        disabled={remove.isPending}
                        onClick={() => confirmRemove(role)}
                      >
                        Remove
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && team.data && (
        <AssignmentDialog
          studyId={studyId}
          assignment={editing === "new" ? null : editing}
          users={team.data.users}
          assignedUserIds={new Set(roles.map((r) => r.user_id))}
          groups={team.data.groups}
          currentUserId={currentUserId}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type AssignmentValues = { user_id: string; role: string; medical_group_id: string };
const ASSIGNMENT_FIELDS = ["user_id", "role", "medical_group_id"] as const;

/** The form's choices as the API's body: ids as numbers, the group only for a Sub-Investigator. */
function assignmentBody(values: AssignmentValues) {
  const groupId = values.medical_group_id ? Number(values.medical_group_id) : null;
  return {
    role: values.role,
    medical_group_id: assignmentGroup(values.role as UserStudyRoleResponse["role"], groupId),
  };
}

function AssignmentDialog({
  studyId,
  assignment,
  users,
  assignedUserIds,
  groups,
  currentUserId,
  onClose,
}: {
  studyId: number;
  assignment: UserStudyRoleResponse | null;
  users: AdminUserResponse[];
  assignedUserIds: Set<number>;
  groups: MedicalGroupResponse[];
  currentUserId: number;
  onClose: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveAssignment(studyId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<AssignmentValues, unknown, UserStudyRoleCreateBody | UserStudyRoleUpdateBody>({
    defaultValues: {
      user_id: assignment ? String(assignment.user_id) : "",
      role: assignment?.role ?? "",
      medical_group_id: assignment?.medical_group_id ? String(assignment.medical_group_id) : "",
    },
    // The API's own body schemas (docs/decisions/0020): User and Role required, a group for a
    // Sub-Investigator, with the spec's messages.
    resolver: assignment
      ? schemaResolver<AssignmentValues, UserStudyRoleUpdateBody>(UserStudyRoleUpdateBody, (values) => ({
          ...assignmentBody(values),
          version: assignment.version,
        }))
      : schemaResolver<AssignmentValues, UserStudyRoleCreateBody>(UserStudyRoleCreateBody, (values) => ({
          user_id: values.user_id ? Number(values.user_id) : undefined,
          study_id: studyId,
          ...assignmentBody(values),
        })),
  });
  const role = useWatch({ control, name: "role" });
  const unassigned = users.filter((u) => u.is_active && !assignedUserIds.has(u.id));
  const isSub = role === "sub_investigator";
  const editingSelf = assignment?.user_id === currentUserId;
  const message = (field: keyof AssignmentValues) => errors[field]?.message;

  const submit = handleSubmit((body) => {
    setFormError(null);
    const onError = (error: unknown) =>
      setFormError(applyServerErrors(error, setError, ASSIGNMENT_FIELDS, TEAM_MESSAGES.saveFailed));
    if (!assignment) {
      save.mutate({ body: body as UserStudyRoleCreateBody }, { onSuccess: onClose, onError });
    } else {
      save.mutate(
        { id: assignment.id, body: body as UserStudyRoleUpdateBody },
        { onSuccess: onClose, onError },
      );
    }
  });

  return (
    <FormDialog
      title={assignment ? "Edit Role Assignment" : "Assign User to Study"}
      formId="assignment-form"
      submitLabel={assignment ? "Update" : "Assign"}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      formError={formError}
      className="max-w-xl"
    >
      {editingSelf && (
        <Alert tone="info">
          You are editing your own role. The change applies from your next request: pages you already have
          open keep showing your old permissions until you reload them (a logout and new sign-in is not
          needed).
        </Alert>
      )}
      {!assignment && (
        <div>
          <Label htmlFor="assignment-user">User</Label>
          <select
            id="assignment-user"
            className={CONTROL_CLASS}
            {...register("user_id")}
            {...invalidProps("assignment-user", message("user_id"))}
          >
            <option value="">Select a user</option>
            {unassigned.map((user) => (
              <option key={user.id} value={user.id}>
                {user.full_name} ({user.email})
              </option>
            ))}
          </select>
          <FieldError id="assignment-user" error={message("user_id")} />
        </div>
      )}
      <div>
        <Label htmlFor="assignment-role">Role</Label>
        <select
          id="assignment-role"
          className={CONTROL_CLASS}
          {...register("role", {
            // Spec §4: changing away from Sub-Investigator clears the group.
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== "sub_investigator") setValue("medical_group_id", "");
            },
          })}
          {...invalidProps("assignment-role", message("role"))}
        >
          <option value="">Select a role</option>
          {STUDY_ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.hint ? `${option.label} (${option.hint})` : option.label}
            </option>
          ))}
        </select>
        <FieldError id="assignment-role" error={message("role")} />
      </div>
      {isSub && (
        <div>
          <Label htmlFor="assignment-group">Medical Group</Label>
          <select
            id="assignment-group"
            className={CONTROL_CLASS}
            {...register("medical_group_id")}
            {...invalidProps("assignment-group", message("medical_group_id"))}
          >
            <option value="">Select a medical group</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name} ({group.code})
              </option>
            ))}
          </select>
          <FieldError id="assignment-group" error={message("medical_group_id")} />
        </div>
      )}
      <section
        aria-labelledby="permissions-summary"
        className="rounded-md bg-slate-50 p-3 text-xs text-slate-700"
      >
        <h3 id="permissions-summary" className="mb-1 font-semibold text-slate-900">
          Role permissions
        </h3>
        <ul className="space-y-1">
          {ROLE_PERMISSION_SUMMARY.map((item) => (
            <li key={item.role} className={item.role === role ? "font-semibold text-slate-900" : undefined}>
              <span className="font-medium">{STUDY_ROLE_LABELS[item.role]}:</span> {item.text}
            </li>
          ))}
        </ul>
      </section>
    </FormDialog>
  );
}
