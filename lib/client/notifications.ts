"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationListResponse, NotificationReadResponse } from "@/lib/schemas/notifications";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

const PAGE_SIZE = 20;
/** The header badge looks again every two minutes while the page is in view (decision 0031). */
const POLL_MS = 120_000;

/** The signed-in user's inbox, newest first, a page at a time; each page carries the unread count. */
export function useNotificationInbox() {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.inbox(),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ page_size: String(PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch<NotificationListResponse>(`/notifications?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: POLL_MS,
  });
}

function useMarkRead<Input>(send: (input: Input) => Promise<NotificationReadResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** Marks one notification read (when its reader opens it). */
export const useMarkNotificationRead = () =>
  useMarkRead((id: number) =>
    apiFetch<NotificationReadResponse>(`/notifications/${id}/read`, { method: "POST" }),
  );

/** Marks every notification read. */
export const useMarkAllNotificationsRead = () =>
  useMarkRead(() => apiFetch<NotificationReadResponse>("/notifications/read-all", { method: "POST" }));
