import { getTranslations } from "next-intl/server";
import Link from "next/link";

export default async function NotFound() {
  const t = await getTranslations("errors.notFound");
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      <Link href="/admin/studies" className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
        {t("link")}
      </Link>
    </main>
  );
}
