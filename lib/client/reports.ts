"use client";

import { useQuery } from "@tanstack/react-query";
import type { DashboardResponse } from "@/lib/schemas/reports";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The study dashboard's figures (spec §3 Dashboard), within the reader's patient scope. */
export function useDashboard(studyId: number) {
  return useQuery({
    queryKey: queryKeys.reports.dashboard(studyId),
    queryFn: () => apiFetch<DashboardResponse>(`/reports/dashboard?study_id=${studyId}`),
  });
}
