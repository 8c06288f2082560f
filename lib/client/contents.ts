"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ContentBlock,
  ContentBlockCreateBody,
  ContentBlockUpdateBody,
  UploadResponse,
} from "@/lib/schemas/contents";
import { apiFetch } from "./api-fetch";

export const contentKeys = {
  all: (studyId: number) => ["contents", studyId] as const,
};

/** Every block, hidden ones too when the caller may edit them (the server decides). */
export function useContents(studyId: number) {
  return useQuery({
    queryKey: contentKeys.all(studyId),
    queryFn: () => apiFetch<ContentBlock[]>(`/studies/${studyId}/contents?include_hidden=true`),
  });
}

function useInvalidate(studyId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contentKeys.all(studyId) });
}

export function useCreateContent(studyId: number) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (body: ContentBlockCreateBody) =>
      apiFetch<ContentBlock>(`/studies/${studyId}/contents`, { method: "POST", json: body }),
    onSuccess: invalidate,
  });
}

export function useUpdateContent(studyId: number) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContentBlockUpdateBody }) =>
      apiFetch<ContentBlock>(`/studies/${studyId}/contents/${id}`, { method: "PATCH", json: body }),
    onSettled: invalidate,
  });
}

export function useDeleteContent(studyId: number) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/studies/${studyId}/contents/${id}`, { method: "DELETE" }),
    onSettled: invalidate,
  });
}

export function useReorderContents(studyId: number) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch<null>(`/studies/${studyId}/contents/reorder`, { method: "POST", json: { content_ids: ids } }),
    onSettled: invalidate,
  });
}

/** One file as multipart/form-data (field `file`) to an upload route. */
export function uploadFile(path: string, file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.set("file", file);
  return apiFetch<UploadResponse>(path, { method: "POST", body: form });
}
