"use client";

import { signIn } from "next-auth/react";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { safeReturnUrl } from "@/lib/routes";
import { LoginBody } from "@/lib/schemas/login-body";

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

/**
 * Sign in. The fields are checked by the API's own `LoginBody` before anything is sent; it is
 * written in zod/mini and the form is plain React state (no react-hook-form) to keep this page
 * within its JavaScript budget (docs/decisions/0020).
 */
export function LoginForm() {
  const searchParams = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = LoginBody.safeParse({ email, password });
    const found: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const key = issue.path[0];
      if (key === "email" || key === "password") found[key] ??= issue.message;
    }
    setFieldErrors(found);
    if (!parsed.success) {
      document.getElementById(found.email ? "email" : "password")?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await signIn("credentials", { ...parsed.data, redirect: false });
      if (!result || result.error || !result.ok) {
        // next-auth passes the server's detail through; CredentialsSignin is its generic code.
        const detail = result?.error && result.error !== "CredentialsSignin" ? result.error : null;
        setError(detail ?? "Invalid credentials");
        setBusy(false);
        return;
      }
      // A full navigation so the server renders the next page with the new cookie.
      window.location.assign(safeReturnUrl(searchParams.get("returnUrl")));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Invalid credentials");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <div>
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...invalidProps("email", fieldErrors.email)}
        />
        <FieldError id="email" error={fieldErrors.email} />
      </div>
      <div>
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...invalidProps("password", fieldErrors.password)}
        />
        <FieldError id="password" error={fieldErrors.password} />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}
