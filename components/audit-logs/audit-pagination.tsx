"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { Button } from "@/components/ui/button";

/** Up to five page numbers around the current one (spec §2). */
export function pageWindow(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const last = Math.min(pages, first + 4);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function AuditPagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useTranslations("ui.pagination");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const fmt = useFormat();
  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600" data-testid="showing">
        {t("showing", {
          from: fmt.number(from),
          to: fmt.number(to),
          total: fmt.number(total),
        })}
      </p>
      <div className="flex flex-wrap gap-1">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("previous")}
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            variant={n === page ? "primary" : "secondary"}
            aria-current={n === page ? "page" : undefined}
            aria-label={t("page", { page: n })}
            className="min-w-9 px-2"
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </Button>
      </div>
    </nav>
  );
}
