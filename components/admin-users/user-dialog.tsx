"use client";

import { useState, type FormEvent } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { failureText, useSaveUser } from "@/lib/client/admin-team";
import { ApiClientError } from "@/lib/client/api-fetch";
import {
  MIN_PASSWORD,
  ROLE_LEVEL_LABELS,
  USER_LIMITS,
  USER_MESSAGES,
  type AdminUserResponse,
} from "@/lib/schemas/users";

type Errors = Partial<Record<"email" | "full_name" | "password" | "role_level", string>>;

/** Field messages of a 422 answer, by the body key they name. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiClientError) || !Array.isArray(error.detail)) return {};
  const errors: Errors = {};
  for (const issue of error.detail as { loc?: unknown[]; msg?: string }[]) {
    const field = issue.loc?.[1];
    if (typeof field === "string" && issue.msg) errors[field as keyof Errors] ??= issue.msg;
  }
  return errors;
}

/**
 * Create or edit a user (spec §5): email required and immutable on edit, full name required,
 * password required on create (at least 8), role level required. On edit an optional temporary
 * password can be set: the user must change it at their next sign-in.
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
  const [email, setEmail] = useState(user?.email ?? "");
  const [fullName, setFullName] = useState(user?.full_name ?? "");
  const [password, setPassword] = useState("");
  const [roleLevel, setRoleLevel] = useState<string>(user?.role_level ?? "user");
  const [isActive, setIsActive] = useState(user?.is_active ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveUser();
  const levels = canManageAdmins ? (["user", "admin", "superadmin"] as const) : (["user"] as const);
  // Someone an admin may not manage still shows their level (the select is then disabled).
  const levelLocked = isSelf || (!canManageAdmins && user !== null && user.role_level !== "user");

  function validate(): Errors {
    const found: Errors = {};
    if (!user && !email.trim()) found.email = USER_MESSAGES.emailRequired;
    if (!fullName.trim()) found.full_name = USER_MESSAGES.fullNameRequired;
    if (!user && !password) found.password = USER_MESSAGES.passwordRequired;
    else if (password && [...password].length < MIN_PASSWORD) found.password = USER_MESSAGES.passwordMin;
    if (!roleLevel) found.role_level = "Role level is required";
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const onError = (error: unknown) => {
      const byField = fieldErrors(error);
      setErrors(byField);
      setFormError(
        Object.keys(byField).length > 0
          ? USER_MESSAGES.saveFailed
          : failureText(error, USER_MESSAGES.saveFailed),
      );
    };
    if (!user) {
      save.mutate(
        { body: { email: email.trim(), password, full_name: fullName.trim(), role_level: roleLevel } },
        { onSuccess: (saved) => onSaved(saved, true), onError },
      );
    } else {
      save.mutate(
        {
          id: user.id,
          body: {
            full_name: fullName.trim(),
            role_level: roleLevel,
            is_active: isActive,
            ...(password ? { password } : {}),
            version: user.version,
          },
        },
        { onSuccess: (saved) => onSaved(saved, false), onError },
      );
    }
  }

  const described = (field: keyof Errors) => (errors[field] ? `user-${field}-error` : undefined);

  return (
    <FormDialog
      title={user ? "Edit User" : "Create User"}
      formId="user-form"
      submitLabel={user ? "Update" : "Create"}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
    >
      <div>
        <Label htmlFor="user-email">Email</Label>
        <Input
          id="user-email"
          type="email"
          autoComplete="off"
          value={email}
          disabled={user !== null}
          maxLength={254}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={described("email")}
          onChange={(event) => setEmail(event.target.value)}
        />
        {errors.email && <FieldError id="user-email-error">{errors.email}</FieldError>}
      </div>
      <div>
        <Label htmlFor="user-full-name">Full name</Label>
        <Input
          id="user-full-name"
          value={fullName}
          maxLength={USER_LIMITS.fullName}
          aria-invalid={Boolean(errors.full_name)}
          aria-describedby={described("full_name")}
          onChange={(event) => setFullName(event.target.value)}
        />
        {errors.full_name && <FieldError id="user-full_name-error">{errors.full_name}</FieldError>}
      </div>
      {!isSelf && (
        <div>
          <Label htmlFor="user-password">{user ? "Temporary password (optional)" : "Password"}</Label>
          <Input
            id="user-password"
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={USER_LIMITS.password}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? "user-password-error" : "user-password-hint"}
            onChange={(event) => setPassword(event.target.value)}
          />
          {errors.password ? (
            <FieldError id="user-password-error">{errors.password}</FieldError>
          ) : (
            <p id="user-password-hint" className="mt-1 text-xs text-slate-500">
              {user
                ? "Sets a temporary password: the user is signed out and must choose a new one at next sign-in."
                : `At least ${MIN_PASSWORD} characters, not a commonly used password.`}
            </p>
          )}
        </div>
      )}
      <div>
        <Label htmlFor="user-role-level">Role level</Label>
        <select
          id="user-role-level"
          className={CONTROL_CLASS}
          value={roleLevel}
          disabled={levelLocked}
          aria-invalid={Boolean(errors.role_level)}
          onChange={(event) => setRoleLevel(event.target.value)}
        >
          {[...new Set<string>([...levels, roleLevel])].map((level) => (
            <option key={level} value={level}>
              {ROLE_LEVEL_LABELS[level as keyof typeof ROLE_LEVEL_LABELS]}
            </option>
          ))}
        </select>
        {errors.role_level && <FieldError id="user-role_level-error">{errors.role_level}</FieldError>}
      </div>
      {user && !isSelf && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
          Active
        </label>
      )}
    </FormDialog>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {children}
    </p>
  );
}
