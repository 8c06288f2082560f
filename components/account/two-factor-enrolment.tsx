"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiFetch, ApiClientError } from "@/lib/client/api-fetch";
import type { TotpConfirmResponse, TotpEnrolmentResponse } from "@/lib/schemas/two-factor";

/**
 * The signed-in user's own second factor (decision 0033): start (QR code and key), confirm with a
 * first code, then the ten recovery codes, shown this once. The QR code comes from the server as
 * an image: no QR or TOTP library reaches the browser.
 */
export function TwoFactorEnrolment({
  enabled,
  required,
  returnUrl,
}: {
  enabled: boolean;
  required: boolean;
  returnUrl: string;
}) {
  const t = useTranslations("twoFactor");
  const words = useWords();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failure = (caught: unknown) =>
    caught instanceof ApiClientError && caught.message ? caught.message : t("failed");

  async function start() {
    setError(null);
    setBusy(true);
    try {
      setEnrolment(await apiFetch<TotpEnrolmentResponse>("/auth/totp", { method: "POST" }));
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const answer = await apiFetch<TotpConfirmResponse>("/auth/totp/confirm", {
        method: "POST",
        json: { code: code.trim() },
      });
      setCodes(answer.recovery_codes);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {required && !enabled && !codes && <Alert tone="info">{t("required")}</Alert>}
      {error && <Alert>{words(error)}</Alert>}
      {codes ? (
        <section
          aria-labelledby="recovery-title"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="recovery-title" className="text-lg font-semibold">
            {t("recoveryTitle")}
          </h2>
          <Alert tone="info">{t("recoveryStore")}</Alert>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t("recoveryTitle")}>
            {codes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
          {/* A full navigation: the server renders the next page with the gate lifted. */}
          <a href={returnUrl} className="inline-block text-sm font-medium underline">
            {t("continue")}
          </a>
        </section>
      ) : enabled ? (
        <Alert tone="info">{t("enabled")}</Alert>
      ) : enrolment ? (
        <form
          noValidate
          onSubmit={(event) => void confirm(event)}
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <p className="text-sm">{t("scan")}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made by the server */}
          <img src={enrolment.qr_code} alt={t("qrAlt")} width={200} height={200} />
          <p className="text-sm">
            {t("key")}: <code className="break-all font-mono">{enrolment.secret}</code>
          </p>
          <div>
            <Label htmlFor="totp-code">{t("code")}</Label>
            <Input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-describedby="totp-code-hint"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <p id="totp-code-hint" className="mt-1 text-xs text-slate-500">
              {t("codeHint")}
            </p>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("confirming") : t("confirm")}
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm">{t("intro")}</p>
          <Button type="button" onClick={() => void start()} disabled={busy}>
            {busy ? t("starting") : t("start")}
          </Button>
        </div>
      )}
      {!required && !codes && (
        <Link href={returnUrl} className="text-sm font-medium text-slate-700 hover:underline">
          {t("continue")}
        </Link>
      )}
    </div>
  );
}
