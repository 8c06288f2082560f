import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { Suspense } from "react";
import { LoginForm, type LoginWords } from "@/components/auth/login-form";
import { LanguageSwitchHere } from "@/components/i18n/language-switch-here";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("pageTitle") };
}

/**
 * Words are put in here, on the server, and handed to the client parts as text: no translation
 * runtime reaches the browser on this page (its JavaScript budget; docs/decisions/0021).
 */
export default async function LoginPage() {
  // Rendered per request so Next can put this request's CSP nonce on its scripts (proxy.ts).
  await connection();
  const t = await getTranslations();
  const words = Object.fromEntries(
    (["email", "password", "submit", "submitting", "required", "invalid", "code", "codeHint"] as const).map(
      (key) => [key, t(`auth.login.${key}`)],
    ),
  ) as LoginWords;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-semibold text-slate-900">{t("common.appName")}</h1>
        <p className="mt-1 text-center text-sm text-slate-500">{t("auth.login.tagline")}</p>
        <Suspense>
          <LoginForm words={words} />
        </Suspense>
      </div>
      <LanguageSwitchHere />
    </main>
  );
}
