"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DictionaryImportResponse, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/** The CSV download (a plain link: the browser saves the attachment). */
export const dataDictionaryUrl = (studyId: number) => `/api/studies/${studyId}/data-dictionary`;

/** What importing `csv` would do; writes nothing. */
export function usePreviewDictionary(studyId: number) {
  return useMutation({
    mutationFn: (csv: string) =>
      apiFetch<DictionaryPreviewResponse>(`/studies/${studyId}/data-dictionary/preview`, {
        method: "POST",
        json: { csv },
      }),
  });
}

/** Applies the file; the study's config (and, with data, its protocol versions) change. */
export function useImportDictionary(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { csv: string; version: number }) =>
      apiFetch<DictionaryImportResponse>(`/studies/${studyId}/data-dictionary/import`, {
        method: "POST",
        json: input,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.studies.detail(studyId) }),
        client.invalidateQueries({ queryKey: queryKeys.studies.versions(studyId) }),
        client.invalidateQueries({ queryKey: queryKeys.studies.list() }),
      ]),
  });
}
