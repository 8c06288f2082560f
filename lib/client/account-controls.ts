"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IdentityVerificationBody, SignInHistoryResponse } from "@/lib/schemas/two-factor";
import type { AdminUserResponse } from "@/lib/schemas/users";
import { adminKeys } from "./admin-team";
import { apiFetch } from "./api-fetch";

/** Query keys of a user's account controls (decision 0033). */
export const accountKeys = {
  user: (id: number) => ["admin-users", "one", id] as const,
  signIns: (id: number) => ["admin-users", "sign-ins", id] as const,
};

/** One user (the verifier named by an identity verification). */
export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: accountKeys.user(id ?? 0),
    queryFn: () => apiFetch<AdminUserResponse>(`/admin/users/${id}`),
    enabled: id !== null,
  });
}

/** The user's latest sign-ins, succeeded or refused, newest first (decision 0033). */
export function useSignInHistory(id: number) {
  return useQuery({
    queryKey: accountKeys.signIns(id),
    queryFn: () => apiFetch<SignInHistoryResponse>(`/admin/users/${id}/sign-ins`),
  });
}

/** Clears the user's second factor: they enrol again at their next sign-in. */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/admin/users/${id}/totp/reset`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

/** Records who verified the person's identity, when and how (21 CFR 11.100(b)). */
export function useVerifyIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: IdentityVerificationBody }) =>
      apiFetch<AdminUserResponse>(`/admin/users/${id}/identity-verification`, { method: "POST", json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}
