"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { SdvListResponse } from "@/lib/schemas/sdv";
import { apiFetch } from "./api-fetch";
import { sendReviewStep } from "./data-review";
import { queryKeys } from "./query-keys";

/** A study's visits for the SDV page, filtered, a page at a time (keyset, decision 0031). */
export function useSdvVisits(studyId: number, filters: Record<string, string>, pageSize: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.sdv.list(studyId, filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        study_id: String(studyId),
        page_size: String(pageSize),
        ...filters,
      });
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<SdvListResponse>(`/sdv?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Verifies every answered field and the visit's own columns (the monitor's "all", decision 0031). */
export function verifyWholeVisit(visitId: number): Promise<unknown> {
  return sendReviewStep({ kind: "verify", entity: "visit", id: visitId, fields: "all" });
}
