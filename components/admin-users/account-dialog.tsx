"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { AdminUserResponse } from "@/lib/schemas/users";
import { IdentityVerification } from "./identity-verification";
import { SignInHistory } from "./sign-in-history";
import { TwoFactorReset } from "./two-factor-reset";

/**
 * A user's account controls (21 CFR 11.300, 11.100(b); decision 0033): their second factor and its
 * reset, how their identity was verified, and their latest sign-ins. `canManage` says whether this
 * administrator may act on the user (only superadmins act on administrators; the API checks it
 * again); nobody resets their own second factor here.
 */
export function AccountDialog({
  user,
  isSelf,
  canManage,
  onClose,
}: {
  user: AdminUserResponse;
  isSelf: boolean;
  canManage: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("users.account");
  const [current, setCurrent] = useState(user);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { twoFactor: useId(), identity: useId(), signIns: useId() };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("title", { name: current.full_name })}
      description={current.email}
      className="max-w-2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t("close")}
        </Button>
      }
    >
      <div className="space-y-6">
        {notice && <Alert tone="info">{notice}</Alert>}
        <section aria-labelledby={ids.twoFactor} className="space-y-2">
          <h3 id={ids.twoFactor} className="font-semibold text-slate-900">
            {t("twoFactor.title")}
          </h3>
          <TwoFactorReset
            user={current}
            canReset={canManage && !isSelf}
            onReset={() => setCurrent((previous) => ({ ...previous, totp_enabled: false }))}
          />
        </section>
        <section aria-labelledby={ids.identity} className="space-y-2">
          <h3 id={ids.identity} className="font-semibold text-slate-900">
            {t("identity.title")}
          </h3>
          <IdentityVerification
            user={current}
            canRecord={canManage}
            onRecorded={(saved) => {
              setCurrent(saved);
              setNotice(t("identity.recorded", { name: saved.full_name }));
            }}
          />
        </section>
        <section aria-labelledby={ids.signIns} className="space-y-2">
          <h3 id={ids.signIns} className="font-semibold text-slate-900">
            {t("signIns.title")}
          </h3>
          <SignInHistory userId={current.id} />
        </section>
      </div>
    </Dialog>
  );
}
