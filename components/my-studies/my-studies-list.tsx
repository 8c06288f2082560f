import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ADMIN_LANDING } from "@/lib/routes";
import type { MyStudy } from "@/lib/server/studies/my-studies";
import { MyStudyCard } from "./my-study-card";

/**
 * My studies (docs/decisions/0029): a card per study where the reader holds a role. Rendered on
 * the server: nothing here changes without a new request. Empty, it says why and who can help.
 */
export async function MyStudiesList({ studies, isAdmin }: { studies: MyStudy[]; isAdmin: boolean }) {
  const t = await getTranslations("myStudies");
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      {studies.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          <p className="font-medium text-slate-800">{t("empty")}</p>
          <p className="mt-1 text-sm">{isAdmin ? t("adminHint") : t("emptyHint")}</p>
          {isAdmin && (
            <Link
              href={ADMIN_LANDING}
              className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              {t("allStudies")}
            </Link>
          )}
        </div>
      ) : (
        <ul aria-label={t("list")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {studies.map((study) => (
            <MyStudyCard key={study.id} study={study} />
          ))}
        </ul>
      )}
    </>
  );
}
