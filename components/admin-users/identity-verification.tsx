"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAdminUser, useVerifyIdentity } from "@/lib/client/account-controls";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { IDENTITY_METHOD_MAX, IdentityVerificationBody } from "@/lib/schemas/two-factor";
import type { AdminUserResponse } from "@/lib/schemas/users";

type Values = { method: string; verified_on: string };
const FIELDS = ["method", "verified_on"] as const;

/**
 * 21 CFR 11.100(b), decision 0033: before a person's first electronic signature an administrator
 * records who verified their identity, when and how. Once recorded it is shown; otherwise a small
 * form records it, checked by the API's own body schema. Whether the day is in the future is the
 * server's question (its clock); the date picker only stops at today.
 */
export function IdentityVerification({
  user,
  canRecord,
  onRecorded,
}: {
  user: AdminUserResponse;
  canRecord: boolean;
  onRecorded: (user: AdminUserResponse) => void;
}) {
  const t = useTranslations("users.account.identity");
  const fmt = useFormat();

  if (user.identity_verified_at) {
    return (
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">{t("verifiedOn")}</dt>
        <dd>{fmt.date(user.identity_verified_at)}</dd>
        <dt className="font-medium text-slate-600">{t("verifiedBy")}</dt>
        <dd className="break-words">
          <Verifier id={user.identity_verified_by} />
        </dd>
        <dt className="font-medium text-slate-600">{t("method")}</dt>
        <dd className="break-words whitespace-pre-wrap">{user.identity_verification_method}</dd>
      </dl>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t("notRecorded")}</p>
      {canRecord && <IdentityVerificationForm user={user} onRecorded={onRecorded} />}
    </div>
  );
}

/** The administrator who verified: their name and email, else their number. */
function Verifier({ id }: { id: number | null }) {
  const t = useTranslations("users.account.identity");
  const verifier = useAdminUser(id);
  if (id === null) return <>{t("unknownVerifier")}</>;
  if (verifier.data) return <>{`${verifier.data.full_name} (${verifier.data.email})`}</>;
  return <>{t("verifierNumber", { id })}</>;
}

function IdentityVerificationForm({
  user,
  onRecorded,
}: {
  user: AdminUserResponse;
  onRecorded: (user: AdminUserResponse) => void;
}) {
  const t = useTranslations("users.account.identity");
  const words = useWords();
  const verify = useVerifyIdentity();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, IdentityVerificationBody>({
    defaultValues: { method: "", verified_on: "" },
    resolver: schemaResolver<Values, IdentityVerificationBody>(IdentityVerificationBody, (values) => ({
      method: values.method,
      // An empty day means today (the server's clock).
      ...(values.verified_on ? { verified_on: values.verified_on } : {}),
    })),
  });

  const submit = handleSubmit((body) => {
    setFormError(null);
    verify.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => onRecorded(saved),
        onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS, t("recordFailed"))),
      },
    );
  });

  const message = (field: keyof Values) => {
    const text = errors[field]?.message;
    return text ? words(text) : undefined;
  };
  // The picker's upper bound: today as the server's day (UTC) counts it.
  const today = new Date().toISOString().slice(0, 10);

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3"
      aria-label={t("formLabel")}
    >
      {formError && <Alert>{words(formError)}</Alert>}
      <div>
        <Label htmlFor="identity-method">{t("methodLabel")}</Label>
        <Input
          id="identity-method"
          maxLength={IDENTITY_METHOD_MAX}
          aria-required="true"
          {...register("method")}
          {...invalidProps("identity-method", message("method"))}
          aria-describedby={message("method") ? "identity-method-error" : "identity-method-hint"}
        />
        <p id="identity-method-hint" className="mt-1 text-xs text-slate-500">
          {t("methodHint")}
        </p>
        <FieldError id="identity-method" error={message("method")} />
      </div>
      <div>
        <Label htmlFor="identity-date">{t("dateLabel")}</Label>
        <Input
          id="identity-date"
          type="date"
          max={today}
          {...register("verified_on")}
          {...invalidProps("identity-date", message("verified_on"))}
          aria-describedby={message("verified_on") ? "identity-date-error" : "identity-date-hint"}
        />
        <p id="identity-date-hint" className="mt-1 text-xs text-slate-500">
          {t("dateHint")}
        </p>
        <FieldError id="identity-date" error={message("verified_on")} />
      </div>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? t("saving") : t("submit")}
      </Button>
    </form>
  );
}
