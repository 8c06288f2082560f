"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverDetail } from "@/lib/client/admin-team";
import { ApiClientError, apiFetch } from "@/lib/client/api-fetch";
import { MIN_PASSWORD, USER_MESSAGES } from "@/lib/schemas/users";

type Field = "current_password" | "new_password" | "confirm";

/**
 * Every signed-in user changes their own password here (POST /api/auth/password). Other sessions
 * of the user end; this one continues. With a temporary password this is the only page open.
 */
export function ChangePasswordForm({ mustChange }: { mustChange: boolean }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!current) found.current_password = "Current password is required";
    if (!next) found.new_password = "New password is required";
    else if ([...next].length < MIN_PASSWORD) found.new_password = USER_MESSAGES.passwordMin;
    if (next && confirm !== next) found.confirm = "The two new passwords do not match";
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await apiFetch("/auth/password", {
        method: "POST",
        json: { current_password: current, new_password: next },
      });
      setDone(true);
      setCurrent("");
      setNext("");
      setConfirm("");
    } catch (error) {
      if (error instanceof ApiClientError && Array.isArray(error.detail)) {
        const byField: Partial<Record<Field, string>> = {};
        for (const issue of error.detail as { loc?: unknown[]; msg?: string }[]) {
          const field = issue.loc?.[1];
          if ((field === "current_password" || field === "new_password") && issue.msg)
            byField[field] = issue.msg;
        }
        setErrors(byField);
      } else {
        setFormError(serverDetail(error) ?? "Failed to change password");
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-2 text-2xl font-semibold">Change password</h1>
      {mustChange && !done && (
        <Alert tone="info" className="mb-4">
          {USER_MESSAGES.passwordChangeRequired}
        </Alert>
      )}
      {done && (
        <Alert tone="info" className="mb-4">
          Password changed. Your other sessions have been signed out.{" "}
          <Link href="/admin/studies" className="font-medium underline">
            Go to studies
          </Link>
        </Alert>
      )}
      {formError && <Alert className="mb-4">{formError}</Alert>}
      <form
        noValidate
        onSubmit={submit}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <PasswordField
          id="current_password"
          label="Current password"
          value={current}
          onChange={setCurrent}
          error={errors.current_password}
          autoComplete="current-password"
        />
        <PasswordField
          id="new_password"
          label="New password"
          value={next}
          onChange={setNext}
          error={errors.new_password}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD} characters, not a commonly used password.`}
        />
        <PasswordField
          id="confirm"
          label="Confirm new password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          autoComplete="new-password"
        />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Change password"}
        </Button>
      </form>
    </div>
  );
}

function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
  hint?: string;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        maxLength={1024}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
