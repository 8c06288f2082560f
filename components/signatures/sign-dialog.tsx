"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { placeServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import { useSign, type SignTarget } from "@/lib/client/signatures";
import { SignBody, type NextSignature } from "@/lib/schemas/signatures";
import type { VisitResponse } from "@/lib/schemas/visits";

type Values = { meaning: string; email: string; password: string; totp: string };

const FIELDS = ["meaning", "email", "password", "totp"] as const;

/**
 * Signing (21 CFR 11.50, 11.200; decision 0032): what is signed (the casebook or one visit), the
 * meaning from the study's list, and the proof the session asks for: email and password (and the
 * authenticator code when enrolled) at the first signature, the password alone within the idle
 * limit. The body is the API's own `SignBody`; the server decides everything again.
 */
export function SignDialog({
  patientId,
  visits,
  visitTypeLabel,
  next,
  onClose,
  onSigned,
}: {
  patientId: number;
  visits: readonly VisitResponse[];
  visitTypeLabel: (code: string) => string;
  next: NextSignature;
  onClose: () => void;
  onSigned: (message: string) => void;
}) {
  const t = useTranslations("signatures.dialog");
  const tList = useTranslations("signatures");
  const words = useWords();
  const fmt = useFormat();
  const id = useId();
  const sign = useSign(patientId);
  const [sentError, setSentError] = useState<unknown>(null);
  const full = next.proof === "full";
  const askCode = full && next.second_factor;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, SignBody>({
    defaultValues: { meaning: "", email: "", password: "", totp: "" },
    resolver: schemaResolver<Values, SignBody>(SignBody, (values) => ({
      meaning: values.meaning,
      password: values.password,
      ...(full ? { email: values.email } : {}),
      ...(askCode ? { totp: values.totp } : {}),
    })),
  });
  // What is signed is the URL, not the body: kept beside the form.
  const [target, setTarget] = useState("patient");
  const refused = sentError == null ? null : placeServerErrors(sentError, FIELDS, errorText(sentError));
  const problem = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message ?? refused?.fields[field];
    return message ? words(message) : undefined;
  };

  const targetOf = (value: string): SignTarget =>
    value === "patient" ? { kind: "patient", id: patientId } : { kind: "visit", id: Number(value) };
  const whatOf = (value: string) => {
    const visit = visits.find((v) => String(v.id) === value);
    return visit ? tList("visit", { n: visit.visit_number }) : tList("casebook");
  };

  async function submit(body: SignBody) {
    setSentError(null);
    try {
      await sign.mutateAsync({ target: targetOf(target), body });
      onSigned(t("signed", { what: whatOf(target) }));
    } catch (error) {
      setSentError(error);
    }
  }

  const control = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const described = (name: (typeof FIELDS)[number], hint?: string) => {
    const ids = [hint, problem(name) ? `${control(name)}-error` : undefined].filter(Boolean);
    return ids.length > 0 ? ids.join(" ") : undefined;
  };

  return (
    <Dialog open onClose={onClose} title={t("title")}>
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
        <div>
          <Label htmlFor={`${id}-target`}>{t("what")}</Label>
          <select
            id={`${id}-target`}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className={CONTROL_CLASS}
          >
            <option value="patient">{t("casebookOption")}</option>
            {visits.map((visit) => (
              <option key={visit.id} value={visit.id}>
                {t("visitOption", {
                  n: visit.visit_number,
                  type: visitTypeLabel(visit.visit_type),
                  date: fmt.date(visit.visit_date),
                })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={control("meaning")}>{t("meaning")} *</Label>
          <select
            id={control("meaning")}
            {...register("meaning")}
            aria-invalid={problem("meaning") ? true : undefined}
            aria-describedby={described("meaning")}
            className={CONTROL_CLASS}
          >
            <option value="">{t("chooseMeaning")}</option>
            {next.meanings.map((meaning) => (
              <option key={meaning.key} value={meaning.key}>
                {meaning.label}
              </option>
            ))}
          </select>
          <FieldError id={control("meaning")} error={problem("meaning")} />
        </div>
        <p className="text-sm text-slate-600">{full ? t("fullProof") : t("passwordProof")}</p>
        {full && (
          <div>
            <Label htmlFor={control("email")}>{t("email")} *</Label>
            <Input
              id={control("email")}
              type="email"
              autoComplete="username"
              {...register("email")}
              aria-invalid={problem("email") ? true : undefined}
              aria-describedby={described("email")}
            />
            <FieldError id={control("email")} error={problem("email")} />
          </div>
        )}
        <div>
          <Label htmlFor={control("password")}>{t("password")} *</Label>
          <Input
            id={control("password")}
            type="password"
            autoComplete="current-password"
            {...register("password")}
            aria-invalid={problem("password") ? true : undefined}
            aria-describedby={described("password")}
          />
          <FieldError id={control("password")} error={problem("password")} />
        </div>
        {askCode && (
          <div>
            <Label htmlFor={control("totp")}>{t("totp")} *</Label>
            <Input
              id={control("totp")}
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register("totp")}
              aria-invalid={problem("totp") ? true : undefined}
              aria-describedby={described("totp", `${control("totp")}-hint`)}
            />
            <p id={`${control("totp")}-hint`} className="mt-1 text-xs text-slate-600">
              {t("totpHint")}
            </p>
            <FieldError id={control("totp")} error={problem("totp")} />
          </div>
        )}
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{t("statement")}</p>
        {refused?.form && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {words(refused.form)}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={sign.isPending}>
            {sign.isPending ? t("signing") : t("confirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
