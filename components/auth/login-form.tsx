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
 * translation runtime, to stay within its JavaScript budget (docs/decisions/0021).
 */
export function LoginForm({ words }: { words: LoginWords }) {
  const t = (key: keyof LoginWords) => words[key];
  const searchParams = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // Shown once the server answered that this account signs in with a second factor (decision 0033).
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
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
        ...(askCode ? { totp: code } : {}),
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
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="password">{t("password")}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {askCode && (
        <div>
          <Label htmlFor="totp">{t("code")}</Label>
          <Input
            id="totp"
            name="totp"
            autoComplete="one-time-code"
            autoFocus
            aria-describedby="totp-hint"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
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
