"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { CsvFormat } from "@/lib/csv/csv-cells";
import {
  formatAuditCursor,
  type AuditLogListResponse,
  type AuditPageCursor,
  type AuditStatisticsResponse,
  type ChainVerificationJob,
} from "@/lib/schemas/audit-logs";
import { apiFetch } from "./api-fetch";
import { attachmentName, saveFile } from "./save-download";

/** The page's filters as typed (strings; dates as the datetime-local inputs give them). */
export type AuditFilterValues = {
  search: string;
  action: string;
  entity_type: string;
  study_id: string;
  patient_id: string;
  start_date: string;
  end_date: string;
};

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  search: "",
  action: "",
  entity_type: "",
  study_id: "",
  patient_id: "",
  start_date: "",
  end_date: "",
};

/**
 * Query parameters for the filters: only the non-empty ones (spec §5), the ids as integers,
 * dates read in the viewer's zone and sent as UTC instants.
 */
export function auditFilterParams(
  filters: AuditFilterValues,
  only?: readonly (keyof AuditFilterValues)[],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, raw] of Object.entries(filters) as [keyof AuditFilterValues, string][]) {
    if (only && !only.includes(name)) continue;
    const value = raw.trim();
    if (!value) continue;
    if (name === "study_id" || name === "patient_id") {
      const id = Number.parseInt(value, 10);
      if (Number.isFinite(id)) params.set(name, String(id));
    } else if (name === "start_date" || name === "end_date") {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) params.set(name, date.toISOString());
    } else params.set(name, value);
  }
  return params;
}

export const auditLogKeys = {
  all: ["audit-logs"] as const,
  list: (filters: AuditFilterValues, page: number) => [...auditLogKeys.all, "list", filters, page] as const,
  statistics: (filters: AuditFilterValues) => [...auditLogKeys.all, "statistics", filters] as const,
  verification: (id: string) => [...auditLogKeys.all, "verification", id] as const,
};

/** The sort keys of a shown page, sent with the next request so the server seeks instead of skipping. */
export function cursorOf(data: AuditLogListResponse | undefined): AuditPageCursor | null {
  const first = data?.items[0];
  const last = data?.items.at(-1);
  if (!first || !last) return null;
  const key = (e: { id: number; timestamp: string }) => ({ ms: Date.parse(e.timestamp), id: e.id });
  return { page: data.page, first: key(first), last: key(last) };
}

export function useAuditLogs(filters: AuditFilterValues, page: number, cursor: AuditPageCursor | null) {
  return useQuery({
    queryKey: auditLogKeys.list(filters, page),
    queryFn: () => {
      const params = auditFilterParams(filters);
      params.set("page", String(page));
      params.set("page_size", "50");
      if (cursor) params.set("cursor", formatAuditCursor(cursor));
      return apiFetch<AuditLogListResponse>(`/admin/audit-logs?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAuditStatistics(filters: AuditFilterValues, enabled: boolean) {
  return useQuery({
    queryKey: auditLogKeys.statistics(filters),
    queryFn: () => {
      const params = auditFilterParams(filters, ["start_date", "end_date", "study_id"]);
      return apiFetch<AuditStatisticsResponse>(`/admin/audit-logs/statistics?${params}`);
    },
    enabled,
  });
}

/**
 * Downloads the filtered trail as the server names it (audit_logs_{timestamp}.csv), in the CSV
 * format chosen on the screen (decision 0021: `semicolon` for Excel in Italian).
 */
export async function downloadAuditCsv(filters: AuditFilterValues, csvFormat: CsvFormat): Promise<void> {
  const params = auditFilterParams(filters);
  params.set("csv_format", csvFormat);
  const response = await fetch(`/api/admin/audit-logs/export/csv?${params}`, {
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  saveFile(await response.blob(), attachmentName(response, "audit_logs.csv"));
}

export function useStartChainVerification() {
  return useMutation({
    mutationFn: () => apiFetch<ChainVerificationJob>("/admin/audit-logs/verify", { method: "POST" }),
  });
}

/** Polls a verification once a second while it runs. */
export function useChainVerification(id: string | null) {
  return useQuery({
    queryKey: auditLogKeys.verification(id ?? ""),
    queryFn: () => apiFetch<ChainVerificationJob>(`/admin/audit-logs/verify/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === "running" || !query.state.data ? 1000 : false),
  });
}
