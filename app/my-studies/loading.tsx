import { getTranslations } from "next-intl/server";

/** Shown while the server reads the study roles (the header stays, from the layout). */
export default async function MyStudiesLoading() {
  const t = await getTranslations("myStudies");
  return (
    <div role="status" aria-live="polite">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-4 text-slate-500">{t("loading")}</p>
    </div>
  );
}
