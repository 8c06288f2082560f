"use client";

import { signIn } from "next-auth/react";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { safeReturnUrl } from "@/lib/routes";

/** The server's word for "ask for the second factor" before its message (next-auth-options.ts). */
const TOTP_REQUIRED = "totp_required:";

export type LoginWords = Record<
  "email" | "password" | "submit" | "submitting" | "required" | "invalid" | "code" | "codeHint",
  string
>;

/**
 * The sign-in form. Its words come from the page (a server component): the sign-in page loads no
 * translation runtime, to stay within its JavaScript budget (docs/decisions/0021). Its fields are
 * uncontrolled and read when the form is sent: what someone typed before the page's script had
 * loaded is what is sent, never an empty state that refuses it as "required".
 */
export function LoginForm({ words }: { words: LoginWords }) {
  const t = (key: keyof LoginWords) => words[key];
  const searchParams = useSearchParams();
  // Shown once the server answered that this account signs in with a second factor (decision 0033).
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const email = field("email");
    const password = field("password");
    setError(null);
    if (!email.trim() || !password) {
      setError(t("required"));
      return;
    }
    setBusy(true);
    try {
      const result = await signIn("credentials", {
        email,
        password,
        ...(askCode ? { totp: field("totp") } : {}),
        redirect: false,
      });
      if (result?.error?.startsWith(TOTP_REQUIRED)) {
        setAskCode(true);
        setError(askCode ? result.error.slice(TOTP_REQUIRED.length) : null);
        setBusy(false);
        return;
      }
      if (!result || result.error || !result.ok) {
        // next-auth passes the server's detail through; CredentialsSignin is its generic code.
        const detail = result?.error && result.error !== "CredentialsSignin" ? result.error : null;
        setError(detail ?? t("invalid"));
        setBusy(false);
        return;
      }
      // A full navigation so the server renders the next page with the new cookie.
      window.location.assign(safeReturnUrl(searchParams.get("returnUrl")));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("invalid"));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <div>
        <Label htmlFor="email">{t("email")}</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required />
      </div>
      <div>
        <Label htmlFor="password">{t("password")}</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      {askCode && (
        <div>
          <Label htmlFor="totp">{t("code")}</Label>
          <Input id="totp" name="totp" autoComplete="one-time-code" autoFocus aria-describedby="totp-hint" />
          <p id="totp-hint" className="mt-1 text-xs text-slate-500">
            {t("codeHint")}
          </p>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
