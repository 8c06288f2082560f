import { useTranslations } from "next-intl";
import Link from "next/link";

/**
 * A study whose stored configuration cannot be read: the shell cannot render its forms or theme,
 * and must not pretend the study is empty. Administrators see what is wrong and where to repair it.
 */
export function StudyUnreadable({
  name,
  detail,
  showAdmin,
}: {
  name: string;
  detail: string;
  showAdmin: boolean;
}) {
  const t = useTranslations("studyArea.unreadable");
  return (
    <main className="mx-auto max-w-2xl px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title", { name })}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      {showAdmin && (
        <>
          <p className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-left text-sm break-words text-red-800">
            {detail}
          </p>
          <Link
            href="/admin/studies"
            className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("admin")}
          </Link>
        </>
      )}
    </main>
  );
}
