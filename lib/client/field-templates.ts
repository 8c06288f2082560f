"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  FieldTemplate,
  FieldTemplateCreateBody,
  FieldTemplateList,
} from "@/lib/schemas/field-templates";
import type { FieldUsageResponse } from "@/lib/schemas/field-usage";
import { apiFetch } from "./api-fetch";

export const fieldTemplateKeys = {
  all: ["field-templates"] as const,
  list: () => [...fieldTemplateKeys.all, "list"] as const,
};

export const fieldUsageKey = (studyId: number) => ["field-usage", studyId] as const;

/** Every template the caller sees; the screens filter by category in the browser (counts per chip). */
export function useFieldTemplates(enabled = true) {
  return useQuery({
    queryKey: fieldTemplateKeys.list(),
    queryFn: () => apiFetch<FieldTemplateList>("/field-templates"),
    enabled,
  });
}

export function useCreateFieldTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FieldTemplateCreateBody) =>
      apiFetch<FieldTemplate>("/field-templates", { method: "POST", json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: fieldTemplateKeys.all }),
  });
}

export function useDeleteFieldTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/field-templates/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: fieldTemplateKeys.all }),
  });
}

/** How many records hold a value per field name; only for a saved study. */
export function useFieldUsage(studyId: number | undefined) {
  return useQuery({
    queryKey: fieldUsageKey(studyId ?? 0),
    queryFn: () => apiFetch<FieldUsageResponse>(`/studies/${studyId}/field-usage`),
    enabled: studyId !== undefined,
  });
}

/** The message of a failed call: ApiClientError already carries the server's detail. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
