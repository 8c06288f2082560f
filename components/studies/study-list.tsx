"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useStudies } from "@/lib/client/studies";
import type { StudySummary } from "@/lib/schemas/studies";

/**
 * The studies the user can see; `canCreate` (decided on the server) shows + New Study. `createdId`
 * (from `?created=` after the editor's create) confirms the new study and points at its card.
 */
export function StudyList({
  canCreate,
  createdId,
  showAdminLinks = true,
  configurableIds = "all",
}: {
  canCreate: boolean;
  createdId?: number;
  /** Team, groups, config and content links: platform administrators only (decision 0004). */
  showAdminLinks?: boolean;
  /** Studies whose Edit Config link shows (a data manager configures without admin rights). */
  configurableIds?: "all" | number[];
}) {
  const t = useTranslations("studies");
  const { data: studies, isPending, error, refetch, isFetching } = useStudies();
  const created = studies?.find((study) => study.id === createdId);
  return (
    <>
      <div className="mb-6 flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        {canCreate && (
          <Link
            href="/admin/studies/new"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("newStudy")}
          </Link>
        )}
      </div>
      {isPending && <p className="text-slate-500">{t("loading")}</p>}
      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{t("loadFailed", { detail: error.message })}</p>
          <Button
            variant="secondary"
            className="mt-2 px-3 py-1"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            {isFetching ? t("retrying") : t("retry")}
          </Button>
        </div>
      )}
      {created && (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {t("created", { name: created.name })}
        </p>
      )}
      {studies && studies.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
          {t("empty")}
        </p>
      )}
      {studies && studies.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {studies.map((study) => (
            <StudyCard
              key={study.id}
              study={study}
              highlighted={study.id === createdId}
              showAdminLinks={showAdminLinks}
              canConfigure={configurableIds === "all" || configurableIds.includes(study.id)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function StudyCard({
  study,
  highlighted,
  showAdminLinks,
  canConfigure,
}: {
  study: StudySummary;
  highlighted: boolean;
  showAdminLinks: boolean;
  canConfigure: boolean;
}) {
  const t = useTranslations("studies.card");
  const fmt = useFormat();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: "center" });
  }, [highlighted]);
  const allLinks = [
    { href: `/admin/studies/${study.id}/edit`, label: "editConfig", admin: true },
    { href: `/${study.code}`, label: "studyArea", admin: false },
    { href: `/admin/studies/${study.id}/team`, label: "team", admin: true },
    { href: `/admin/studies/${study.id}/medical-groups`, label: "medicalGroups", admin: true },
    { href: `/admin/studies/${study.id}/content`, label: "homepageContent", admin: true },
  ] as const;
  const links = allLinks.filter(
    (link) => showAdminLinks || !link.admin || (link.label === "editConfig" && canConfigure),
  );
  return (
    <li
      ref={ref}
      className={cn(
        "flex flex-col rounded-lg border bg-white p-5 shadow-sm",
        highlighted ? "border-green-500 ring-2 ring-green-500/40" : "border-slate-200",
      )}
      aria-labelledby={`study-${study.id}-name`}
      aria-current={highlighted ? "true" : undefined}
      data-created={highlighted ? "true" : undefined}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`study-${study.id}-name`} className="text-lg font-semibold">
          {study.name}
        </h2>
        <Badge tone={study.is_active ? "success" : "muted"}>
          {study.is_active ? t("active") : t("inactive")}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">{study.disease}</p>
      {study.description && <p className="mt-2 text-sm text-slate-700">{study.description}</p>}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-xs text-slate-500">
        <div>
          <dt>{t("code")}</dt>
          <dd className="font-mono text-slate-800">{study.code}</dd>
        </div>
        <div>
          <dt>{t("domain")}</dt>
          <dd className="font-mono text-slate-800">{study.domain}</dd>
        </div>
        <div>
          <dt>{t("fields")}</dt>
          <dd className="text-slate-800">{fmt.number(study.field_count)}</dd>
        </div>
      </dl>
      <nav
        aria-label={t("links", { name: study.name })}
        className="mt-4 flex flex-wrap gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm"
      >
        {links.map((link) => (
          <Link key={link.label} href={link.href} className="font-medium text-brand-700 hover:underline">
            {t(link.label)}
          </Link>
        ))}
      </nav>
    </li>
  );
}
