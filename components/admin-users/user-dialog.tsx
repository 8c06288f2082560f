"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useForm, useWatch } from "react-hook-form";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSaveUser } from "@/lib/client/admin-team";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  AdminUserCreateBody,
  AdminUserUpdateBody,
  MIN_PASSWORD,
  USER_LIMITS,
  type AdminUserResponse,
} from "@/lib/schemas/users";

type Values = { email: string; full_name: string; password: string; role_level: string; is_active: boolean };
const FIELDS = ["email", "full_name", "password", "role_level", "is_active"] as const;

/**
 * Create or edit a user (spec §5): email required and immutable on edit, full name required,
 * password required on create (at least 8), role level required. On edit an optional temporary
 * password can be set: the user must change it at their next sign-in. The fields are checked by the
 * API's own body schemas (docs/decisions/0020).
 */
export function UserDialog({
  user,
  isSelf,
  canManageAdmins,
  onClose,
  onSaved,
}: {
  user: AdminUserResponse | null;
  isSelf: boolean;
  canManageAdmins: boolean;
  onClose: () => void;
  onSaved: (user: AdminUserResponse, created: boolean) => void;
}) {
  const t = useTranslations("users");
  const words = useWords();
  const save = useSaveUser();
  const [formError, setFormError] = useState<string | null>(null);
  const levels = canManageAdmins ? (["user", "admin", "superadmin"] as const) : (["user"] as const);
  // Someone an admin may not manage still shows their level (the select is then disabled).
  const levelLocked = isSelf || (!canManageAdmins && user !== null && user.role_level !== "user");
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, AdminUserCreateBody | AdminUserUpdateBody>({
    defaultValues: {
      email: user?.email ?? "",
      full_name: user?.full_name ?? "",
      password: "",
      role_level: user?.role_level ?? "user",
      is_active: user?.is_active ?? true,
    },
    resolver: user
      ? schemaResolver<Values, AdminUserUpdateBody>(AdminUserUpdateBody, (values) => ({
          full_name: values.full_name,
          // A locked (disabled) level is not sent: it cannot change here.
          ...(values.role_level === undefined ? {} : { role_level: values.role_level }),
          ...(isSelf ? {} : { is_active: values.is_active }),
          // An empty temporary password means "keep the current one".
          ...(values.password ? { password: values.password } : {}),
          version: user.version,
        }))
      : schemaResolver<Values, AdminUserCreateBody>(AdminUserCreateBody, (values) => ({
          email: values.email,
          password: values.password,
          full_name: values.full_name,
          role_level: values.role_level,
        })),
  });
  const roleLevel = useWatch({ control, name: "role_level" });

  const submit = handleSubmit((body) => {
    setFormError(null);
    const onError = (error: unknown) =>
      setFormError(applyServerErrors(error, setError, FIELDS, t("messages.saveFailed")));
    if (!user) {
      save.mutate(
        { body: body as AdminUserCreateBody },
        { onSuccess: (saved) => onSaved(saved, true), onError },
      );
    } else {
      save.mutate(
        { id: user.id, body: body as AdminUserUpdateBody },
        { onSuccess: (saved) => onSaved(saved, false), onError },
      );
    }
  });

  const message = (field: keyof Values) => {
    const text = errors[field]?.message;
    return text ? words(text) : undefined;
  };
  const passwordHint = user ? t("dialog.temporaryHint") : t("dialog.passwordHint", { min: MIN_PASSWORD });

  return (
    <FormDialog
      title={user ? t("dialog.editTitle") : t("dialog.createTitle")}
      formId="user-form"
      submitLabel={user ? t("dialog.update") : t("dialog.create")}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      formError={formError && words(formError)}
    >
      <div>
        <Label htmlFor="user-email">{t("dialog.email")}</Label>
        <Input
          id="user-email"
          type="email"
          autoComplete="off"
          maxLength={254}
          {...register("email", { disabled: user !== null })}
          {...invalidProps("user-email", message("email"))}
        />
        <FieldError id="user-email" error={message("email")} />
      </div>
      <div>
        <Label htmlFor="user-full-name">{t("dialog.fullName")}</Label>
        <Input
          id="user-full-name"
          maxLength={USER_LIMITS.fullName}
          {...register("full_name")}
          {...invalidProps("user-full-name", message("full_name"))}
        />
        <FieldError id="user-full-name" error={message("full_name")} />
      </div>
      {!isSelf && (
        <div>
          <Label htmlFor="user-password">{user ? t("dialog.temporaryPassword") : t("dialog.password")}</Label>
          <Input
            id="user-password"
            type="password"
            autoComplete="new-password"
            maxLength={USER_LIMITS.password}
            aria-describedby="user-password-hint"
            {...register("password")}
            {...invalidProps("user-password", message("password"))}
          />
          {message("password") ? (
            <FieldError id="user-password" error={message("password")} />
          ) : (
            <p id="user-password-hint" className="mt-1 text-xs text-slate-500">
              {passwordHint}
            </p>
          )}
        </div>
      )}
      <div>
        <Label htmlFor="user-role-level">{t("dialog.roleLevel")}</Label>
        <select
          id="user-role-level"
          className={CONTROL_CLASS}
          {...register("role_level", { disabled: levelLocked })}
          {...invalidProps("user-role-level", message("role_level"))}
        >
          {[...new Set<string>([...levels, roleLevel ?? user?.role_level ?? "user"])].map((level) => (
            <option key={level} value={level}>
              {t(`roleLevels.${level as AdminUserResponse["role_level"]}`)}
            </option>
          ))}
        </select>
        <FieldError id="user-role-level" error={message("role_level")} />
      </div>
      {user && !isSelf && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register("is_active")} />
          {t("dialog.active")}
        </label>
      )}
    </FormDialog>
  );
}
