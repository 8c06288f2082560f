"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiFetch } from "@/lib/client/api-fetch";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { messageRef } from "@/lib/i18n/message-ref";
import { MIN_PASSWORD, PasswordChangeBody, USER_LIMITS } from "@/lib/schemas/users";

type Values = { current_password: string; new_password: string; confirm: string };
const FIELDS = ["current_password", "new_password", "confirm"] as const;
/** The confirmation's message, put into the reader's words where it is shown. */
export const PASSWORDS_DIFFER = messageRef("users.password.mismatch");

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
  const t = useTranslations("users.password");
  const words = useWords();
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
      setFormError(applyServerErrors(error, setError, FIELDS, t("failed")));
    }
  });

  const field = (id: keyof Values, label: string, autoComplete: string, hint?: string) => {
    const message = errors[id]?.message;
    const error = message ? words(message) : undefined;
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
      <h1 className="mb-2 text-2xl font-semibold">{t("title")}</h1>
      {mustChange && !done && (
        <Alert tone="info" className="mb-4">
          {t("mustChange")}
        </Alert>
      )}
      {done && (
        <Alert tone="info" className="mb-4">
          {t("changed")}{" "}
          <Link href={returnUrl} className="font-medium underline">
            {t("continue")}
          </Link>
        </Alert>
      )}
      {formError && <Alert className="mb-4">{words(formError)}</Alert>}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {field("current_password", t("current"), "current-password")}
        {field("new_password", t("new"), "new-password", t("hint", { min: MIN_PASSWORD }))}
        {field("confirm", t("confirm"), "new-password")}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("saving") : t("submit")}
          </Button>
          {!(mustChange && !done) && (
            <Link href={returnUrl} className="text-sm font-medium text-slate-700 hover:underline">
              {t("cancel")}
            </Link>
          )}
        </div>
      </form>
    </div>
  );
}
