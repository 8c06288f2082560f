"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  PATIENT_SCREEN_PAGE_SIZE,
  type PatientCreateBody,
  type PatientListResponse,
  type PatientResponse,
} from "@/lib/schemas/patients";
import type { FormStatus } from "@/lib/schemas/data-review";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export const PATIENT_PAGE_SIZE = PATIENT_SCREEN_PAGE_SIZE;

export type PatientListParams = {
  page: number;
  search: string;
  /**
   * The previous page's `next_cursor` when the page was reached with Next: the server then seeks
   * instead of skipping rows, the same cost at any depth. Without it the page number is used.
   */
  cursor?: string;
  /** Code order unless the visit schedule's next visit due is asked for (decision 0025). */
  sort?: "code" | "next_visit_due";
  /** Only the patients whose record has this form status (decision 0031). */
  formStatus?: FormStatus;
};

/** One page of the study's patients, sorted by code; the previous page stays shown while the next loads. */
export function usePatients(
  studyId: number,
  { page, search, cursor, sort = "code", formStatus }: PatientListParams,
) {
  const params = { page, pageSize: PATIENT_PAGE_SIZE, search, sort, formStatus };
  return useQuery({
    queryKey: queryKeys.patients.list(studyId, params),
    queryFn: () => {
      const query = new URLSearchParams({
        study_id: String(studyId),
        page: String(page),
        page_size: String(PATIENT_PAGE_SIZE),
      });
      if (search) query.set("search", search);
      if (cursor) query.set("cursor", cursor);
      if (sort !== "code") query.set("sort", sort);
      if (formStatus) query.set("form_status", formStatus);
      return apiFetch<PatientListResponse>(`/patients?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Creates a patient; the lists and the dashboard of the study refresh (spec §4). */
export function useCreatePatient(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<PatientCreateBody, "study_id">) =>
      apiFetch<PatientResponse>("/patients", { method: "POST", json: { ...body, study_id: studyId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.patients.lists(studyId) }),
        client.invalidateQueries({ queryKey: queryKeys.reports.dashboard(studyId) }),
      ]),
  });
}
