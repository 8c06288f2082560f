import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { MyStudy } from "@/lib/server/studies/my-studies";

/**
 * One study of My studies. The study's name is the link to its area, stretched over the whole card
 * (one tab stop per study, the whole card clickable); Edit Config, for a data manager, sits above
 * that stretch as a link of its own.
 */
export async function MyStudyCard({ study }: { study: MyStudy }) {
  const t = await getTranslations();
  const headingId = `my-study-${study.id}-name`;
  return (
    <li
      className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600"
      aria-labelledby={headingId}
      data-testid={`my-study-${study.code}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          <Link
            href={`/${study.code}`}
            className="text-slate-900 after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {study.name}
          </Link>
        </h2>
        {!study.isActive && <Badge tone="muted">{t("myStudies.card.inactive")}</Badge>}
      </div>
      <p className="text-sm text-slate-600">{study.disease}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs text-slate-500">
        <div>
          <dt>{t("myStudies.card.role")}</dt>
          <dd className="mt-0.5">
            <Badge>{t(`team.roles.${study.role}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t("myStudies.card.code")}</dt>
          <dd className="mt-0.5 font-mono break-all text-slate-800">{study.code}</dd>
        </div>
        {study.medicalGroupName !== null && (
          <div className="col-span-2">
            <dt>{t("myStudies.card.group")}</dt>
            <dd className="mt-0.5 break-words text-slate-800">{study.medicalGroupName}</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
        <span aria-hidden="true" className="font-medium text-brand-700">
          {t("myStudies.card.open")}
        </span>
        {study.canConfigure && (
          <Link
            href={`/admin/studies/${study.id}/edit`}
            className="relative z-10 font-medium text-brand-700 hover:underline"
          >
            {t("myStudies.card.editConfig")}
          </Link>
        )}
      </div>
    </li>
  );
}
