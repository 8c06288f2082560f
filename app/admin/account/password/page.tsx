import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { ChangePasswordForm } from "@/components/admin-users/change-password-form";
import Link from "next/link";
import { API_TOKENS_PATH, passwordReturnUrl, TWO_FACTOR_PATH } from "@/lib/routes";
import { requirePageActor } from "@/lib/server/auth/page-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("users.password.pageTitle") }) };
}

export default async function ChangePasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ returnUrl?: string | string[] }>;
}) {
  const actor = await requirePageActor();
  const { returnUrl } = await searchParams;
  const requestHeaders = await headers();
  // Back to the page it was opened from: the user menu's returnUrl, else the Referer on this host.
  const back = passwordReturnUrl(
    typeof returnUrl === "string" ? returnUrl : undefined,
    requestHeaders.get("referer"),
    requestHeaders.get("host"),
  );
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <ChangePasswordForm mustChange={actor.mustChangePassword} returnUrl={back} />
      {/* The account's other control (decision 0033): once the temporary password is gone. */}
      {!actor.mustChangePassword && (
        <ul className="mx-auto max-w-md space-y-1 text-sm">
          <li>
            <Link href={TWO_FACTOR_PATH} className="text-brand-700 underline">
              {t("twoFactor.accountLink")}
            </Link>
          </li>
          <li>
            <Link href={API_TOKENS_PATH} className="text-brand-700 underline">
              {t("apiTokens.accountLink")}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
