"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

type Section = "dashboard" | "patients" | "queries" | "sdv" | "export" | "imports";

/**
 * Which study link the current path belongs to, and whether it is that link's own page (a patient
 * page belongs to Patients without being it). The path may carry the study code as its first
 * segment (`/psoriasis/patients`) or not: `/patients?study=…` and a study subdomain, where the
 * browser's path is `/patients`, have none.
 */
export function activeStudyLink(pathname: string, code: string): { section: Section; exact: boolean } | null {
  const segments = pathname.split("/").filter(Boolean);
  let first: string | undefined;
  try {
    first = segments[0] === undefined ? undefined : decodeURIComponent(segments[0]);
  } catch {
    first = segments[0];
  }
  const rest = first === code ? segments.slice(1) : segments;
  if (rest.length === 0) return { section: "dashboard", exact: true };
  if (rest[0] === "patients") return { section: "patients", exact: rest.length === 1 };
  if (rest[0] === "queries") return { section: "queries", exact: rest.length === 1 };
  if (rest[0] === "sdv") return { section: "sdv", exact: rest.length === 1 };
  if (rest[0] === "export") return { section: "export", exact: rest.length === 1 };
  if (rest[0] === "imports") return { section: "imports", exact: rest.length === 1 };
  return null;
}

const LINK =
  "rounded-md px-3 py-1.5 text-sm font-medium text-[var(--study-primary)] underline-offset-[6px] hover:bg-black/5";
// Not colour alone: the current link is also underlined and bold.
const CURRENT = "bg-black/5 font-semibold underline decoration-2";

/**
 * Dashboard, Patients, Queries, Source verification, Export, Import (for importers) and (for
 * superusers) Admin, with the current one marked. Everyone in the study area reads its clinical
 * data (every study role holds clinical.read), so Queries (docs/decisions/0030) and Source
 * verification (0031; the site reads its visits' progress, the monitor verifies) show to all of
 * them as Patients does. Import shows only to those whose access holds clinical.import
 * (docs/decisions/0037-bulk-import.md): the nav never links to a page that would refuse them.
 */
export function StudyNav({
  code,
  showAdmin,
  showImport,
}: {
  code: string;
  showAdmin: boolean;
  showImport: boolean;
}) {
  const t = useTranslations("studyArea.nav");
  const active = activeStudyLink(usePathname() ?? "", code);
  const links: { section: Section; href: string; label: string }[] = [
    { section: "dashboard", href: `/${code}`, label: t("dashboard") },
    { section: "patients", href: `/${code}/patients`, label: t("patients") },
    { section: "queries", href: `/${code}/queries`, label: t("queries") },
    { section: "sdv", href: `/${code}/sdv`, label: t("sdv") },
    { section: "export", href: `/${code}/export`, label: t("export") },
    ...(showImport ? [{ section: "imports" as const, href: `/${code}/imports`, label: t("imports") }] : []),
  ];
  return (
    <nav
      aria-label={t("label")}
      className="order-last -mx-3 flex w-[calc(100%+1.5rem)] flex-wrap items-center gap-1 md:order-none md:mx-0 md:w-auto"
    >
      {links.map((link) => {
        const current = active?.section === link.section;
        return (
          <Link
            key={link.section}
            href={link.href}
            aria-current={current ? (active?.exact ? "page" : "true") : undefined}
            className={cn(LINK, current && CURRENT)}
          >
            {link.label}
          </Link>
        );
      })}
      {showAdmin && (
        <Link href="/admin/studies" className={LINK}>
          {t("admin")}
        </Link>
      )}
    </nav>
  );
}
