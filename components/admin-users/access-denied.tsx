import { useTranslations } from "next-intl";
import Link from "next/link";

/** What an admin page shows a user its API would refuse (the API's 403 wording). */
export function AccessDenied() {
  const t = useTranslations("errors.accessDenied");
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-slate-600" role="alert">
        {t("body")}
      </p>
      <Link
        href="/admin/studies"
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("back")}
      </Link>
    </div>
  );
}
