"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { OverdueVisitsResponse, PatientScheduleResponse } from "@/lib/schemas/schedule";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

/**
 * One patient's visit schedule (decision 0025). Its key sits under the patient's visits, so every
 * visit write, which refetches those, refetches the schedule too.
 */
export function usePatientSchedule(patientId: number) {
  return useQuery({
    queryKey: [...patientDetailKeys.visits(patientId), "schedule"] as const,
    queryFn: () => apiFetch<PatientScheduleResponse>(`/patients/${patientId}/schedule`),
  });
}

export const OVERDUE_PAGE_SIZE = 10;

/** The study's overdue visits, a page at a time (keyset); under the reports, which visit writes refresh. */
export function useOverdueVisits(studyId: number) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.reports.all, "overdue-visits", studyId] as const,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ study_id: String(studyId), page_size: String(OVERDUE_PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<OverdueVisitsResponse>(`/reports/overdue-visits?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
