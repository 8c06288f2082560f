"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useWords } from "@/components/i18n/use-words";
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
  STUDY_ROLE_OPTIONS,
  UserStudyRoleCreateBody,
  UserStudyRoleUpdateBody,
  type AdminUserResponse,
  type MedicalGroupResponse,
  type UserStudyRoleResponse,
} from "@/lib/schemas/users";

/**
 * Spec §2 Study Team: the assigned users, assign / edit / remove; only the list while the study is
 * locked (docs/decisions/0034-patient-and-study-lock.md: every change would answer 423).
 */
export function StudyTeamPage({
  studyId,
  studyName,
  currentUserId,
  readOnly,
}: {
  studyId: number;
  studyName: string;
  currentUserId: number;
  readOnly: boolean;
}) {
  const t = useTranslations("team");
  const tUi = useTranslations("ui");
  const tUsers = useTranslations("users");
  const tPhone = useTranslations("phone");
  const team = useStudyTeam(studyId);
  const remove = useRemoveAssignment(studyId);
  const fmt = useFormat();
  const [editing, setEditing] = useState<UserStudyRoleResponse | "new" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  function confirmRemove(role: UserStudyRoleResponse) {
    if (!window.confirm(t("messages.confirmRemove", { name: role.user_full_name }))) return;
    setActionError(null);
    remove.mutate(role.id, {
      onError: (error) => setActionError(failureText(error, t("messages.removeFailed"))),
    });
  }

  const roles = team.data?.roles ?? [];
  return (
    <>
      <Link href="/admin/studies" className="text-sm font-medium text-brand-700 hover:underline">
        {tUi("backToStudies")}
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{t("title", { study: studyName })}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        </div>
        {!readOnly && (
          <Button onClick={() => setEditing("new")} disabled={!team.data}>
            {t("assign")}
          </Button>
        )}
      </div>
      {actionError && <Alert className="mb-4">{actionError}</Alert>}
      {team.error && <Alert className="mb-4">{loadFailureText(team.error, t("messages.loadFailed"))}</Alert>}
      {team.isPending && <p className="text-slate-500">{t("loading")}</p>}
      {team.data && roles.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
          {t("empty")}
        </p>
      )}
      {roles.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("table.caption", { study: studyName })}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("table.user")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("table.role")}
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  {t("table.medicalGroup")}
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  {t("table.assigned")}
                </th>
                {!readOnly && (
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("table.actions")}
                  </th>
                )}
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
                        {t("table.platformLevel", {
                          level: tUsers(`roleLevels.${role.user_role_level}`).toUpperCase(),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {t(`roles.${role.role}`)}
                    {/* The columns a phone hides, said under the role (they stay reachable). */}
                    {role.medical_group_name && (
                      <div className="text-xs text-slate-500 sm:hidden">
                        {tPhone("labelled", {
                          label: t("table.medicalGroup"),
                          value: role.medical_group_name,
                        })}
                      </div>
                    )}
                    <div className="text-xs text-slate-500 md:hidden">
                      {tPhone("labelled", { label: t("table.assigned"), value: fmt.date(role.assigned_at) })}
                    </div>
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">{role.medical_group_name ?? "-"}</td>
                  <td className="hidden px-3 py-2 md:table-cell">{fmt.date(role.assigned_at)}</td>
                  {!readOnly && (
                    <td className="px-3 py-2">
                      {/* Stacked on a phone: side by side they pushed Remove out of the screen. */}
                      <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                        <Button
                          variant="ghost"
                          className="px-2 py-1"
                          aria-label={t("table.editLabel", { name: role.user_full_name })}
                          onClick={() => setEditing(role)}
                        >
                          {t("table.edit")}
                        </Button>
                        <Button
                          variant="destructive"
                          className="px-2 py-1"
                          aria-label={t("table.removeLabel", { name: role.user_full_name })}
                          disabled={remove.isPending}
                          onClick={() => confirmRemove(role)}
                        >
                          {t("table.remove")}
                        </Button>
                      </div>
                    </td>
                  )}
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

/** The roles the spec gives a hint in the role list (Full Access, Read Only...). */
const HINTED = {
  principal_investigator: true,
  study_monitor: true,
  sub_investigator: true,
  medico: true,
} as const;
type HintedRole = keyof typeof HINTED;

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
  const t = useTranslations("team");
  const words = useWords();
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
  const message = (field: keyof AssignmentValues) => {
    const text = errors[field]?.message;
    return text ? words(text) : undefined;
  };

  const submit = handleSubmit((body) => {
    setFormError(null);
    const onError = (error: unknown) =>
      setFormError(applyServerErrors(error, setError, ASSIGNMENT_FIELDS, t("messages.saveFailed")));
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
      title={assignment ? t("dialog.editTitle") : t("dialog.createTitle")}
      formId="assignment-form"
      submitLabel={assignment ? t("dialog.update") : t("dialog.assign")}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      formError={formError && words(formError)}
      className="max-w-xl"
    >
      {editingSelf && <Alert tone="info">{t("dialog.editingSelf")}</Alert>}
      {!assignment && (
        <div>
          <Label htmlFor="assignment-user">{t("dialog.user")}</Label>
          <select
            id="assignment-user"
            className={CONTROL_CLASS}
            {...register("user_id")}
            {...invalidProps("assignment-user", message("user_id"))}
          >
            <option value="">{t("dialog.selectUser")}</option>
            {unassigned.map((user) => (
              <option key={user.id} value={user.id}>
                {t("dialog.userOption", { name: user.full_name, email: user.email })}
              </option>
            ))}
          </select>
          <FieldError id="assignment-user" error={message("user_id")} />
        </div>
      )}
      <div>
        <Label htmlFor="assignment-role">{t("dialog.role")}</Label>
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
          <option value="">{t("dialog.selectRole")}</option>
          {STUDY_ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.hint && option.value in HINTED
                ? t("dialog.roleWithHint", {
                    role: t(`roles.${option.value}`),
                    hint: t(`roleHints.${option.value as HintedRole}`),
                  })
                : t(`roles.${option.value}`)}
            </option>
          ))}
        </select>
        <FieldError id="assignment-role" error={message("role")} />
      </div>
      {isSub && (
        <div>
          <Label htmlFor="assignment-group">{t("dialog.medicalGroup")}</Label>
          <select
            id="assignment-group"
            className={CONTROL_CLASS}
            {...register("medical_group_id")}
            {...invalidProps("assignment-group", message("medical_group_id"))}
          >
            <option value="">{t("dialog.selectGroup")}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {t("dialog.groupOption", { name: group.name, code: group.code })}
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
          {t("dialog.permissions")}
        </h3>
        <ul className="space-y-1">
          {ROLE_PERMISSION_SUMMARY.map((item) => (
            <li key={item.role} className={item.role === role ? "font-semibold text-slate-900" : undefined}>
              <span className="font-medium">
                {t("dialog.permissionLine", { role: t(`roles.${item.role}`) })}
              </span>{" "}
              {t(`rolePermissions.${item.role}`)}
            </li>
          ))}
        </ul>
      </section>
    </FormDialog>
  );
}
