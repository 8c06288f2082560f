"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { CHANGE_PASSWORD_PATH, changePasswordUrl } from "@/lib/routes";

/**
 * The user menu's "Change password", carrying the page it is clicked on as `returnUrl` so the
 * password page leads back there. On the password page itself it keeps that page's own returnUrl.
 * On a phone it is a key icon (its name stays "Change password" for readers).
 */
export function ChangePasswordLink() {
  const t = useTranslations("auth.menu");
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search.toString();
  const href =
    pathname === CHANGE_PASSWORD_PATH
      ? `${pathname}${query ? `?${query}` : ""}`
      : changePasswordUrl(`${pathname}${query ? `?${query}` : ""}`);
  return (
    <Link
      href={href}
      className="shrink-0 rounded-md p-1 text-sm text-slate-600 hover:text-slate-900 hover:underline sm:p-0"
      title={t("changePassword")}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        className="h-5 w-5 sm:hidden"
      >
        <circle cx="6.5" cy="13.5" r="3.5" />
        <path d="M9 11l7-7M13.5 6.5l2 2M11.5 8.5l1.5 1.5" strokeLinecap="round" />
      </svg>
      <span className="sr-only sm:not-sr-only">{t("changePassword")}</span>
    </Link>
  );
}
