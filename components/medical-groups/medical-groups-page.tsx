"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useWords } from "@/components/i18n/use-words";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { loadFailureText, useDeleteGroup, useMedicalGroups, useSaveGroup } from "@/lib/client/admin-team";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  GROUP_LIMITS,
  MedicalGroupCreateBody,
  MedicalGroupUpdateBody,
  type MedicalGroupResponse,
} from "@/lib/schemas/users";

/**
 * Spec §2 Medical Groups: list with patient counts, create/edit dialog, delete only when empty; only
 * the list while the study is locked (docs/decisions/0034-patient-and-study-lock.md).
 */
export function MedicalGroupsPage({
  studyId,
  studyName,
  readOnly,
}: {
  studyId: number;
  studyName: string;
  readOnly: boolean;
}) {
  const t = useTranslations("medicalGroups");
  const tUi = useTranslations("ui");
  const groups = useMedicalGroups(studyId);
  const remove = useDeleteGroup(studyId);
  const fmt = useFormat();
  const [editing, setEditing] = useState<MedicalGroupResponse | "new" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  function confirmDelete(group: MedicalGroupResponse) {
    if (!window.confirm(t("messages.confirmDelete"))) return;
    setActionError(null);
    remove.mutate(group.id, { onError: () => setActionError(t("messages.deleteFailed")) });
  }

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
        {!readOnly && <Button onClick={() => setEditing("new")}>{t("create")}</Button>}
      </div>
      {actionError && <Alert className="mb-4">{actionError}</Alert>}
      {groups.error && (
        <Alert className="mb-4">{loadFailureText(groups.error, t("messages.loadFailed"))}</Alert>
      )}
      {groups.isPending && <p className="text-slate-500">{t("loading")}</p>}
      {groups.data && groups.data.items.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
          {t("empty")}
        </p>
      )}
      {groups.data && groups.data.items.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("table.caption", { study: studyName })}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("table.code")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("table.name")}
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  {t("table.description")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("table.patients")}
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  {t("table.created")}
                </th>
                {!readOnly && (
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("table.actions")}
                  </th>
                )}
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
                  <td className="px-3 py-2 text-right tabular-nums">{fmt.number(group.patient_count)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{fmt.date(group.created_at)}</td>
                  {!readOnly && (
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          className="px-2 py-1"
                          aria-label={t("table.editLabel", { code: group.code })}
                          onClick={() => setEditing(group)}
                        >
                          {t("table.edit")}
                        </Button>
                        <Button
                          variant="destructive"
                          className="px-2 py-1"
                          aria-label={t("table.deleteLabel", { code: group.code })}
                          title={group.patient_count > 0 ? t("table.hasPatients") : undefined}
                          disabled={group.patient_count > 0 || remove.isPending}
                          onClick={() => confirmDelete(group)}
                        >
                          {t("table.delete")}
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

type GroupValues = { code: string; name: string; description: string };
const GROUP_FIELDS = ["code", "name", "description"] as const;

function GroupDialog({
  studyId,
  group,
  onClose,
}: {
  studyId: number;
  group: MedicalGroupResponse | null;
  onClose: () => void;
}) {
  const t = useTranslations("medicalGroups");
  const words = useWords();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveGroup(studyId);
  // An empty description is stored as none.
  const description = (values: GroupValues) => values.description.trim() || null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GroupValues, unknown, MedicalGroupCreateBody | MedicalGroupUpdateBody>({
    defaultValues: {
      code: group?.code ?? "",
      name: group?.name ?? "",
      description: group?.description ?? "",
    },
    // The API's own body schemas (docs/decisions/0020): code required and uppercased, name required.
    resolver: group
      ? schemaResolver<GroupValues, MedicalGroupUpdateBody>(MedicalGroupUpdateBody, (values) => ({
          name: values.name,
          description: description(values),
          version: group.version,
        }))
      : schemaResolver<GroupValues, MedicalGroupCreateBody>(MedicalGroupCreateBody, (values) => ({
          code: values.code,
          name: values.name,
          description: description(values),
          study_id: studyId,
        })),
  });
  const message = (field: keyof GroupValues) => {
    const text = errors[field]?.message;
    return text ? words(text) : undefined;
  };

  const submit = handleSubmit((body) => {
    setFormError(null);
    const onError = (error: unknown) =>
      setFormError(applyServerErrors(error, setError, GROUP_FIELDS, t("messages.saveFailed")));
    if (!group) save.mutate({ body: body as MedicalGroupCreateBody }, { onSuccess: onClose, onError });
    else save.mutate({ id: group.id, body: body as MedicalGroupUpdateBody }, { onSuccess: onClose, onError });
  });

  return (
    <FormDialog
      title={group ? t("dialog.editTitle") : t("dialog.createTitle")}
      formId="group-form"
      submitLabel={group ? t("dialog.update") : t("dialog.create")}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      formError={formError && words(formError)}
    >
      <div>
        <Label htmlFor="group-code">{t("dialog.code")}</Label>
        <Input
          id="group-code"
          placeholder={t("dialog.codePlaceholder")}
          maxLength={GROUP_LIMITS.code}
          autoCapitalize="characters"
          aria-describedby="group-code-hint"
          {...register("code", {
            disabled: group !== null,
            // Spec §5: shown uppercased as typed (the schema uppercases what is sent too).
            setValueAs: (value: string) => value.toUpperCase(),
            onChange: ({ target }: { target: HTMLInputElement }) => {
              const { selectionStart, selectionEnd } = target;
              target.value = target.value.toUpperCase();
              target.setSelectionRange(selectionStart, selectionEnd);
            },
          })}
          {...invalidProps("group-code", message("code"))}
        />
        {message("code") ? (
          <FieldError id="group-code" error={message("code")} />
        ) : (
          <p id="group-code-hint" className="mt-1 text-xs text-slate-500">
            {t("dialog.codeHint", { max: GROUP_LIMITS.code })}
          </p>
        )}
      </div>
      <div>
        <Label htmlFor="group-name">{t("dialog.name")}</Label>
        <Input
          id="group-name"
          maxLength={GROUP_LIMITS.name}
          {...register("name")}
          {...invalidProps("group-name", message("name"))}
        />
        <FieldError id="group-name" error={message("name")} />
      </div>
      <div>
        <Label htmlFor="group-description">{t("dialog.description")}</Label>
        <textarea
          id="group-description"
          className={CONTROL_CLASS}
          rows={3}
          maxLength={GROUP_LIMITS.description}
          {...register("description")}
          {...invalidProps("group-description", message("description"))}
        />
        <FieldError id="group-description" error={message("description")} />
      </div>
      <p className="rounded-md bg-slate-50 p-3 text-xs text-slate-600">{t("dialog.purpose")}</p>
    </FormDialog>
  );
}
