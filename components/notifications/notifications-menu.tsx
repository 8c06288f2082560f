"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Providers } from "@/components/layout/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationInbox,
} from "@/lib/client/notifications";
import type { NotificationResponse } from "@/lib/schemas/notifications";

/**
 * The header's inbox (decision 0031): a bell with the unread count, and under it the reader's
 * notifications. The headers sit outside the pages' query client, so it brings its own.
 */
export function NotificationsMenu() {
  return (
    <Providers>
      <NotificationsInbox />
    </Providers>
  );
}

/** The most the badge spells out; beyond it "99+". */
const BADGE_MAX = 99;

/**
 * A disclosure: the button says how many are unread (its accessible name carries the count), the
 * panel lists them newest first, each a link to its study's Queries page that marks it read as it
 * is opened, with Mark all as read, Load more, and its loading, empty and error states. Escape or
 * a click outside closes it and gives the focus back to the button. On a phone the panel spans the
 * screen's width (no sideways scroll); from `sm` up it hangs under the bell.
 */
export function NotificationsInbox() {
  const t = useTranslations("notifications");
  const words = useWords();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inbox = useNotificationInbox();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const pages = inbox.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  // The newest answer's count: the first page is refetched with every change.
  const unread = pages[0]?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);

  function toggle() {
    // Opening looks again: the list may have grown since the badge was drawn.
    if (!open) void inbox.refetch();
    setOpen(!open);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  const failure = markOne.error ?? markAll.error;

  return (
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown} data-testid="notifications">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={inbox.isSuccess ? t("openWithCount", { count: unread }) : t("open")}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor">
          <path
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[0.7rem] font-semibold leading-5 text-white"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t("title")}
          className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:w-96"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold text-slate-900">{t("title")}</h2>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t("markAllRead")}
            </Button>
          </div>
          {failure && (
            <Alert className="m-2">
              {t(markAll.error ? "markAllFailed" : "markFailed", { detail: words(failure.message) })}
            </Alert>
          )}
          {inbox.isPending ? (
            <p role="status" className="px-3 py-4 text-sm text-slate-600">
              {t("loading")}
            </p>
          ) : inbox.isError && items.length === 0 ? (
            <Alert className="m-2 flex flex-wrap items-center gap-2">
              <span>{t("loadFailed", { detail: words(inbox.error.message) })}</span>
              <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void inbox.refetch()}>
                {t("retry")}
              </Button>
            </Alert>
          ) : items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">{t("empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    if (item.read_at === null) markOne.mutate(item.id);
                    setOpen(false);
                  }}
                />
              ))}
            </ul>
          )}
          {inbox.hasNextPage && (
            <div className="border-t border-slate-200 p-2 text-center">
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={inbox.isFetchingNextPage}
                onClick={() => void inbox.fetchNextPage()}
              >
                {t("loadMore")}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** What happened, in which study, about which patient, when: a link to the study's queries. */
function NotificationItem({ item, onOpen }: { item: NotificationResponse; onOpen: () => void }) {
  const t = useTranslations("notifications");
  const words = useWords();
  const fmt = useFormat();
  const unread = item.read_at === null;
  return (
    <li>
      <Link
        href={`/${item.study_code}/queries`}
        onClick={onOpen}
        data-testid={`notification-${item.id}`}
        className={cn(
          "block break-words px-3 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50",
          unread ? "bg-amber-50/60" : "",
        )}
      >
        <span className={cn("block text-slate-900", unread && "font-semibold")}>
          {unread && <span className="sr-only">{t("unreadLabel")}: </span>}
          {t(`kinds.${item.kind}`)}
        </span>
        <span className="block text-slate-700">
          {t("inStudy", { study: words(item.study_name) })} · {t("where", { patient: item.patient_code })}
        </span>
        <span className="block text-xs text-slate-500">
          <time dateTime={item.created_at}>{fmt.dateTime(item.created_at)}</time>
          {item.actor_name && <> · {t("by", { name: item.actor_name })}</>}
        </span>
      </Link>
    </li>
  );
}
