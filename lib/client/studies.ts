"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import type { StudyBasics, StudyResponse, StudySummary } from "@/lib/schemas/studies";
import { apiFetch } from "./api-fetch";
import { queryKeys, STUDY_STALE_TIME_MS } from "./query-keys";

export type { StudyBasics } from "@/lib/schemas/studies";

export function useStudies() {
  return useQuery({
    queryKey: queryKeys.studies.list(),
    queryFn: () => apiFetch<StudySummary[]>("/studies"),
  });
}

export function useStudy(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.studies.detail(id ?? 0),
    queryFn: () => apiFetch<StudyResponse>(`/studies/${id}`),
    enabled: id !== undefined,
    staleTime: STUDY_STALE_TIME_MS,
  });
}

/**
 * Creates (no id) or updates a study; refreshes the list and the study's cached config. An update
 * carries the `version` it was based on: a stale one is refused with 409.
 */
export function useSaveStudy(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      basics,
      config,
      version,
    }: {
      basics: StudyBasics;
      config: StudyConfigDocument;
      version?: number;
    }) => {
      const payload = {
        ...basics,
        description: basics.description || null,
        domain: basics.domain || null,
        default_language: basics.default_language || null,
        config,
      };
      return id === undefined
        ? apiFetch<StudyResponse>("/studies", { method: "POST", json: payload })
        : apiFetch<StudyResponse>(`/studies/${id}`, { method: "PUT", json: { ...payload, version } });
    },
    onSuccess: (study) => {
      client.setQueryData(queryKeys.studies.detail(study.id), study);
      // A save of a study with data may have recorded a new protocol version (decision 0013).
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.studies.list() }),
        client.invalidateQueries({ queryKey: queryKeys.studies.versions(study.id) }),
      ]);
    },
  });
}
