"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminUserCreateBody,
  AdminUserListResponse,
  AdminUserResponse,
  AdminUserUpdateBody,
  MedicalGroupCreateBody,
  MedicalGroupListResponse,
  MedicalGroupResponse,
  MedicalGroupUpdateBody,
  UserStudyRoleCreateBody,
  UserStudyRoleListResponse,
  UserStudyRoleResponse,
  UserStudyRoleUpdateBody,
} from "@/lib/schemas/users";
import { ApiClientError, apiFetch } from "./api-fetch";

/** Query keys of the users, team and medical-group screens (their mutations invalidate these). */
export const adminKeys = {
  users: (params: { search: string; roleLevel: string; page: number; pageSize: number }) =>
    ["admin-users", params] as const,
  allUsers: ["admin-users"] as const,
  team: (studyId: number) => ["study-team", studyId] as const,
  groups: (studyId: number) => ["medical-groups", studyId] as const,
};

/** The server's `detail` as text (the 422 list joined), or null when it sent none. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiClientError)) return null;
  if (typeof error.detail === "string" && error.detail) return error.detail;
  if (Array.isArray(error.detail)) return error.message;
  return null;
}

/** Spec §8: the server's detail when it sent one, else the screen's own message. */
export function failureText(error: unknown, fallback: string): string {
  return serverDetail(error) ?? fallback;
}

/** A load failure: the screen's message, then the server's detail when there is one. */
export function loadFailureText(error: unknown, message: string): string {
  const detail = serverDetail(error);
  return detail ? `${message}: ${detail}` : message;
}

export function useAdminUsers(params: { search: string; roleLevel: string; page: number; pageSize: number }) {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  if (params.search) query.set("search", params.search);
  if (params.roleLevel) query.set("role_level", params.roleLevel);
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: () => apiFetch<AdminUserListResponse>(`/admin/users?${query.toString()}`),
    placeholderData: (previous) => previous,
  });
}

export type UserSave =
  { id?: undefined; body: AdminUserCreateBody } | { id: number; body: AdminUserUpdateBody };

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: UserSave) =>
      save.id === undefined
        ? apiFetch<AdminUserResponse>("/admin/users", { method: "POST", json: save.body })
        : apiFetch<AdminUserResponse>(`/admin/users/${save.id}`, { method: "PUT", json: save.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function useDeactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/admin/users/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

/** The team page loads up to 100 roles, users and groups (spec §9). */
export function useStudyTeam(studyId: number) {
  return useQuery({
    queryKey: adminKeys.team(studyId),
    queryFn: async () => {
      const [roles, users, groups] = await Promise.all([
        apiFetch<UserStudyRoleListResponse>(`/admin/user-study-roles?study_id=${studyId}&page_size=100`),
        apiFetch<AdminUserListResponse>("/admin/users?page_size=100"),
        apiFetch<MedicalGroupListResponse>(`/studies/${studyId}/medical-groups?page_size=100`),
      ]);
      return { roles: roles.items, users: users.items, groups: groups.items };
    },
  });
}

export type AssignmentSave =
  { id?: undefined; body: UserStudyRoleCreateBody } | { id: number; body: UserStudyRoleUpdateBody };

export function useSaveAssignment(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: AssignmentSave) =>
      save.id === undefined
        ? apiFetch<UserStudyRoleResponse>("/admin/user-study-roles", { method: "POST", json: save.body })
        : apiFetch<UserStudyRoleResponse>(`/admin/user-study-roles/${save.id}`, {
            method: "PUT",
            json: save.body,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.team(studyId) }),
  });
}

export function useRemoveAssignment(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/admin/user-study-roles/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.team(studyId) }),
  });
}

/** Medical group list page size 100 (spec §9). */
export function useMedicalGroups(studyId: number) {
  return useQuery({
    queryKey: adminKeys.groups(studyId),
    queryFn: () => apiFetch<MedicalGroupListResponse>(`/studies/${studyId}/medical-groups?page_size=100`),
  });
}

export type GroupSave =
  { id?: undefined; body: MedicalGroupCreateBody } | { id: number; body: MedicalGroupUpdateBody };

export function useSaveGroup(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: GroupSave) =>
      save.id === undefined
        ? apiFetch<MedicalGroupResponse>(`/studies/${studyId}/medical-groups`, {
            method: "POST",
            json: save.body,
          })
        : apiFetch<MedicalGroupResponse>(`/studies/${studyId}/medical-groups/${save.id}`, {
            method: "PUT",
            json: save.body,
          }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.groups(studyId) }),
        client.invalidateQueries({ queryKey: adminKeys.team(studyId) }),
      ]),
  });
}

export function useDeleteGroup(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<null>(`/studies/${studyId}/medical-groups/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.groups(studyId) }),
  });
}
