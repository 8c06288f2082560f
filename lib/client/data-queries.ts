"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  QueryCreateBody,
  QueryListResponse,
  QueryResponse,
  QueryResponseBody,
  QueryStepBody,
} from "@/lib/schemas/queries";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

/** The most queries one patient's page reads at once: the API's largest page. */
const PATIENT_PAGE = 100;

/**
 * Every query of one patient (its own fields' and its visits'), for the badges beside the values.
 * One page of the API's largest size; a patient with more open threads than that is told so.
 */
export function usePatientQueries(studyId: number, patientId: number) {
  return useQuery({
    queryKey: queryKeys.dataQueries.ofPatient(patientId),
    queryFn: () =>
      apiFetch<QueryListResponse>(
        `/queries?${new URLSearchParams({
          study_id: String(studyId),
          patient_id: String(patientId),
          page_size: String(PATIENT_PAGE),
        })}`,
      ),
  });
}

/** A study's queries, filtered, a page at a time (keyset). */
export function useStudyQueries(studyId: number, filters: Record<string, string>, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: queryKeys.dataQueries.list(studyId, filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        study_id: String(studyId),
        page_size: String(pageSize),
        ...filters,
      });
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<QueryListResponse>(`/queries?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** One query with its thread. */
export function useDataQuery(id: number | null) {
  return useQuery({
    queryKey: queryKeys.dataQueries.detail(id ?? 0),
    queryFn: () => apiFetch<QueryResponse>(`/queries/${id}`),
    enabled: id !== null,
  });
}

/**
 * A step changes the query's lists and thread, the dashboard's counts and the patient's trail
 * (every step is an audit row): all are refetched.
 */
function useStep<Input>(send: (input: Input) => Promise<QueryResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (query) => {
      client.setQueryData(queryKeys.dataQueries.detail(query.id), query);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.dataQueries.all }),
        client.invalidateQueries({ queryKey: patientDetailKeys.auditTrail(query.patient_id) }),
        client.invalidateQueries({ queryKey: queryKeys.reports.all }),
      ]);
    },
  });
}

export const useOpenQuery = () =>
  useStep((body: QueryCreateBody) => apiFetch<QueryResponse>("/queries", { method: "POST", json: body }));

export const useRespondToQuery = (id: number) =>
  useStep((body: QueryResponseBody) =>
    apiFetch<QueryResponse>(`/queries/${id}/responses`, { method: "POST", json: body }),
  );

export const useCloseQuery = (id: number) =>
  useStep((body: QueryStepBody) =>
    apiFetch<QueryResponse>(`/queries/${id}/close`, { method: "POST", json: body }),
  );

export const useReopenQuery = (id: number) =>
  useStep((body: QueryStepBody) =>
    apiFetch<QueryResponse>(`/queries/${id}/reopen`, { method: "POST", json: body }),
  );
