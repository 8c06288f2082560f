"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiFetch } from "@/lib/client/api-fetch";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { MIN_PASSWORD, PasswordChangeBody, USER_LIMITS, USER_MESSAGES } from "@/lib/schemas/users";

type Values = { current_password: string; new_password: string; confirm: string };
const FIELDS = ["current_password", "new_password", "confirm"] as const;
export const PASSWORDS_DIFFER = "The two new passwords do not match";

/**
 * The API's body schema plus the confirmation, which only this form has (the API never sees it).
 * Its output is the body to send.
 */
const PasswordChangeForm = PasswordChangeBody.extend({ confirm: z.string() })
  .refine((values) => values.confirm === values.new_password, {
    path: ["confirm"],
    message: PASSWORDS_DIFFER,
  })
  .transform(({ current_password, new_password }): PasswordChangeBody => ({
    current_password,
    new_password,
  }));

/**
 * Every signed-in user changes their own password here (POST /api/auth/password). Other sessions
 * of the user end; this one continues. With a temporary password this is the only page open.
 * Cancel, and Continue after the change, lead back to `returnUrl` (the page it was opened from).
 */
export function ChangePasswordForm({ mustChange, returnUrl }: { mustChange: boolean; returnUrl: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, PasswordChangeBody>({
    defaultValues: { current_password: "", new_password: "", confirm: "" },
    resolver: schemaResolver<Values, PasswordChangeBody>(PasswordChangeForm),
  });

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await apiFetch("/auth/password", { method: "POST", json: body });
      setDone(true);
      reset();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, "Failed to change password"));
    }
  });

  const field = (id: keyof Values, label: string, autoComplete: string, hint?: string) => {
    const error = errors[id]?.message;
    return (
      <div>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="password"
          autoComplete={autoComplete}
          maxLength={USER_LIMITS.password}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...register(id)}
          {...invalidProps(id, error)}
        />
        {error ? (
          <FieldError id={id} error={error} />
        ) : (
          hint && (
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
              {hint}
            </p>
          )
        )}
      </div>
    );
  };

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
          <Link href={returnUrl} className="font-medium underline">
            Continue
          </Link>
        </Alert>
      )}
      {formError && <Alert className="mb-4">{formError}</Alert>}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {field("current_password", "Current password", "current-password")}
        {field(
          "new_password",
          "New password",
          "new-password",
          `At least ${MIN_PASSWORD} characters, not a commonly used password.`,
        )}
        {field("confirm", "Confirm new password", "new-password")}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Change password"}
          </Button>
          {!(mustChange && !done) && (
            <Link href={returnUrl} className="text-sm font-medium text-slate-700 hover:underline">
              Cancel
            </Link>
          )}
        </div>
      </form>
    </div>
  );
}
