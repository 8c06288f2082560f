import { useTranslations } from "next-intl";
import Link from "next/link";

/** Missing, inactive and inaccessible studies look the same (spec §2). A server component. */
export function StudyNotFound() {
  const t = useTranslations("studyArea.notFound");
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      <Link
        href="/admin/studies"
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("admin")}
      </Link>
    </main>
  );
}
