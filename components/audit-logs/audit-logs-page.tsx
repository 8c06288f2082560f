"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cursorOf, EMPTY_AUDIT_FILTERS, useAuditLogs, type AuditFilterValues } from "@/lib/client/audit-logs";
import type { AuditPageCursor } from "@/lib/schemas/audit-logs";
import { AuditCsvExport } from "./audit-csv-export";
import { AuditLogFilters } from "./audit-log-filters";
import { AuditLogTable } from "./audit-log-table";
import { AuditPagination } from "./audit-pagination";
import { AuditStatistics } from "./audit-statistics";
import { ChainVerification } from "./chain-verification";

const PAGE_SIZE = 50;

/**
 * Spec §2 Audit Logs page: filters, statistics toggle, CSV export (in the format chosen beside its
 * button), the table with View Changes, 50 per page with up to five page numbers. Each page request
 * carries the shown page's sort keys (cursor), so the server seeks to the next page instead of
 * counting its way there.
 */
export function AuditLogsPage() {
  const t = useTranslations("audit");
  const [filters, setFilters] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [cursor, setCursor] = useState<AuditPageCursor | null>(null);
  const [showStats, setShowStats] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const logs = useAuditLogs(filters, page, cursor);

  // Spec §8: audit load failures are only logged.
  useEffect(() => {
    if (logs.error) console.error("Failed to load audit logs", logs.error);
  }, [logs.error]);

  function goTo(next: number) {
    setCursor(cursorOf(logs.data));
    setPage(next);
  }

  function apply(next: AuditFilterValues) {
    setFilters(next);
    setCursor(null);
    setPage(1);
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
          <Button variant="secondary" aria-expanded={showStats} onClick={() => setShowStats((s) => !s)}>
            {showStats ? t("hideStatistics") : t("showStatistics")}
          </Button>
          <AuditCsvExport filters={filters} onResult={setExportError} />
        </div>
      </div>

      <p className="mb-4 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
        {t("compliance")}
      </p>

      {exportError && <Alert className="mb-4">{exportError}</Alert>}
      {showStats && <AuditStatistics filters={filters} />}
      <AuditLogFilters onApply={apply} />
      <ChainVerification />
      <AuditLogTable entries={logs.data?.items} loading={logs.isPending} />
      {logs.data && (
        <AuditPagination page={page} pageSize={PAGE_SIZE} total={logs.data.total} onPage={goTo} />
      )}
    </>
  );
}
