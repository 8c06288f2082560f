"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CompatibilityResult,
  ProtocolVersionListResponse,
  ProtocolVersionResponse,
} from "@/lib/schemas/protocol-versions";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

export function useProtocolVersions(studyId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.studies.versions(studyId),
    queryFn: () => apiFetch<ProtocolVersionListResponse>(`/studies/${studyId}/protocol-versions`),
    enabled,
  });
}

export type AmendmentInput = {
  amendment_reason: string;
  effective_from: string;
  version_label?: string | null;
  config: StudyConfigDocument;
};

export function useCreateAmendment(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AmendmentInput) =>
      apiFetch<ProtocolVersionResponse>(`/studies/${studyId}/protocol-versions`, {
        method: "POST",
        json: { ...input, status: "draft" },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.studies.versions(studyId) }),
  });
}

/** Approve or reject a draft; an approval changes the study's live config, so the study is refetched too. */
export function useDecideVersion(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      versionId,
      ...body
    }: {
      versionId: number;
      approved: boolean;
      rejection_reason?: string;
    }) =>
      apiFetch<ProtocolVersionResponse>(`/studies/${studyId}/protocol-versions/${versionId}/approve`, {
        method: "POST",
        json: body,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.studies.versions(studyId) }),
        client.invalidateQueries({ queryKey: queryKeys.studies.detail(studyId) }),
      ]),
  });
}

export function useCheckCompatibility(studyId: number) {
  return useMutation({
    mutationFn: (versionId: number) =>
      apiFetch<CompatibilityResult>(
        `/studies/${studyId}/protocol-versions/${versionId}/check-compatibility`,
        {
          method: "POST",
        },
      ),
  });
}
