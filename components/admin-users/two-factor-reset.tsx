"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useResetTwoFactor } from "@/lib/client/account-controls";
import { failureText } from "@/lib/client/admin-team";
import type { AdminUserResponse } from "@/lib/schemas/users";

/**
 * Whether the user has a second factor, and its reset (decision 0033): offered only while one is
 * enrolled and never for one's own account (the API refuses both), behind a confirm step, since
 * the user's authenticator app and recovery codes stop working at once.
 */
export function TwoFactorReset({
  user,
  canReset,
  onReset,
}: {
  user: AdminUserResponse;
  canReset: boolean;
  onReset: () => void;
}) {
  const t = useTranslations("users.account.twoFactor");
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    setError(null);
    reset.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        setDone(true);
        onReset();
      },
      onError: (failure) => setError(failureText(failure, t("resetFailed"))),
    });
  }

  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{t("status")}</span>
        {user.totp_enabled ? <Badge tone="success">{t("on")}</Badge> : <Badge tone="muted">{t("off")}</Badge>}
      </p>
      {done && <Alert tone="info">{t("resetDone", { name: user.full_name })}</Alert>}
      {error && <Alert>{error}</Alert>}
      {user.totp_enabled && canReset && !confirming && (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t("reset")}
        </Button>
      )}
      {user.totp_enabled && canReset && confirming && (
        <div
          role="group"
          aria-label={t("reset")}
          className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3"
        >
          <p className="text-sm text-amber-900">{t("confirm", { name: user.full_name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" disabled={reset.isPending} onClick={confirm}>
              {reset.isPending ? t("resetting") : t("confirmReset")}
            </Button>
            <Button variant="secondary" disabled={reset.isPending} onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
