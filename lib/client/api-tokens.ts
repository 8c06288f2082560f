"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiTokenCreateBody,
  ApiTokenCreatedResponse,
  ApiTokenListResponse,
} from "@/lib/schemas/api-tokens";
import { apiFetch } from "./api-fetch";

/** Query key of the signed-in user's personal API tokens (docs/decisions/0036-personal-api-tokens.md). */
const apiTokenKeys = { mine: ["api-tokens", "mine"] as const };

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.mine,
    queryFn: () => apiFetch<ApiTokenListResponse>("/auth/tokens"),
  });
}

/** Makes a token; the answer carries the plain token, which the screen shows this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreateBody) =>
      apiFetch<ApiTokenCreatedResponse>("/auth/tokens", { method: "POST", json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.mine }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/auth/tokens/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.mine }),
  });
}
