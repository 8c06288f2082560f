"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  failureText,
  loadFailureText,
  useDeleteGroup,
  useMedicalGroups,
  useSaveGroup,
} from "@/lib/client/admin-team";
import { ApiClientError } from "@/lib/client/api-fetch";
import {
  GROUP_LIMITS,
  GROUP_MESSAGES,
  normalizeGroupCode,
  type MedicalGroupResponse,
} from "@/lib/schemas/users";

const shortDate = (iso: string) => new Date(iso).toLocaleDateString();

/** Spec §2 Medical Groups: list with patient counts, create/edit dialog, delete only when empty. */
export function MedicalGroupsPage({ studyId, studyName }: { studyId: number; studyName: string }) {
  const groups = useMedicalGroups(studyId);
  const remove = useDeleteGroup(studyId);
  const [editing, setEditing] = useState<MedicalGroupResponse | "new" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  function confirmDelete(group: MedicalGroupResponse) {
    if (!window.confirm(GROUP_MESSAGES.confirmDelete)) return;
    setActionError(null);
    remove.mutate(group.id, { onError: () => setActionError(GROUP_MESSAGES.deleteFailed) });
  }

  return (
    <>
      <Link href="/admin/studies" className="text-sm font-medium text-brand-700 hover:underline">
        ← Studies
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">Medical Groups: {studyName}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Medical groups isolate patient data: a sub-investigator sees and edits only the patients of their
            own group.
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>Create Medical Group</Button>
      </div>
      {actionError && <Alert className="mb-4">{actionError}</Alert>}
      {groups.error && (
        <Alert className="mb-4">{loadFailureText(groups.error, GROUP_MESSAGES.loadFailed)}</Alert>
      )}
      {groups.isPending && <p className="text-slate-500">{GROUP_MESSAGES.loading}</p>}
      {groups.data && groups.data.items.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
          {GROUP_MESSAGES.empty}
        </p>
      )}
      {groups.data && groups.data.items.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Medical groups of {studyName}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Code
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Patients
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Created
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.data.items.map((group) => (
                <tr key={group.id} className="border-b border-slate-100 last:border-0">
                  <td className="px-3 py-2 font-mono text-xs font-semibold whitespace-nowrap">
                    {group.code}
                  </td>
                  <td className="px-3 py-2 break-words">{group.name}</td>
                  <td className="hidden px-3 py-2 break-words text-slate-600 sm:table-cell">
                    {group.description || "-"}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{group.patient_count}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{shortDate(group.created_at)}</td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={`Edit ${group.code}`}
                        onClick={() => setEditing(group)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1"
                        aria-label={`Delete ${group.code}`}
                        title={
                          group.patient_count > 0 ? "A group with patients cannot be deleted" : undefined
                        }
                        disabled={group.patient_count > 0 || remove.isPending}
                        onClick={() => confirmDelete(group)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <GroupDialog
          studyId={studyId}
          group={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Errors = Partial<Record<"code" | "name" | "description", string>>;

function GroupDialog({
  studyId,
  group,
  onClose,
}: {
  studyId: number;
  group: MedicalGroupResponse | null;
  onClose: () => void;
}) {
  const [code, setCode] = useState(group?.code ?? "");
  const [name, setName] = useState(group?.name ?? "");
  const [description, setDescription] = useState(group?.description ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveGroup(studyId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!group && !normalizeGroupCode(code)) found.code = GROUP_MESSAGES.codeRequired;
    if (!name.trim()) found.name = GROUP_MESSAGES.nameRequired;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const onError = (error: unknown) => {
      if (error instanceof ApiClientError && Array.isArray(error.detail)) {
        const byField: Errors = {};
        for (const issue of error.detail as { loc?: unknown[]; msg?: string }[]) {
          const field = issue.loc?.[1];
          if ((field === "code" || field === "name" || field === "description") && issue.msg)
            byField[field] = issue.msg;
        }
        setErrors(byField);
      }
      setFormError(failureText(error, GROUP_MESSAGES.saveFailed));
    };
    const desc = description.trim() || null;
    if (!group) {
      save.mutate(
        { body: { code: normalizeGroupCode(code), name: name.trim(), description: desc, study_id: studyId } },
        { onSuccess: onClose, onError },
      );
    } else {
      save.mutate(
        { id: group.id, body: { name: name.trim(), description: desc, version: group.version } },
        { onSuccess: onClose, onError },
      );
    }
  }

  return (
    <FormDialog
      title={group ? "Edit Medical Group" : "Create Medical Group"}
      formId="group-form"
      submitLabel={group ? "Update" : "Create"}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
    >
      <div>
        <Label htmlFor="group-code">Code</Label>
        <Input
          id="group-code"
          value={code}
          placeholder="GRP001"
          maxLength={GROUP_LIMITS.code}
          disabled={group !== null}
          autoCapitalize="characters"
          aria-invalid={Boolean(errors.code)}
          aria-describedby={errors.code ? "group-code-error" : "group-code-hint"}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        {errors.code ? (
          <p id="group-code-error" className="mt-1 text-xs text-red-700">
            {errors.code}
          </p>
        ) : (
          <p id="group-code-hint" className="mt-1 text-xs text-slate-500">
            Uppercase, at most {GROUP_LIMITS.code} characters; it cannot be changed later.
          </p>
        )}
      </div>
      <div>
        <Label htmlFor="group-name">Name</Label>
        <Input
          id="group-name"
          value={name}
          maxLength={GROUP_LIMITS.name}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? "group-name-error" : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name && (
          <p id="group-name-error" className="mt-1 text-xs text-red-700">
            {errors.name}
          </p>
        )}
      </div>
      <div>
        <Label htmlFor="group-description">Description (optional)</Label>
        <textarea
          id="group-description"
          className={CONTROL_CLASS}
          rows={3}
          value={description}
          maxLength={GROUP_LIMITS.description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <p className="rounded-md bg-slate-50 p-3 text-xs text-slate-600">
        Purpose: patients created by a sub-investigator are placed in the sub-investigator&apos;s medical
        group, and sub-investigators see and edit only the patients of their own group.
      </p>
    </FormDialog>
  );
}
