"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * After a list entry is deleted its Delete button is gone, and focus would fall to <body>: a
 * keyboard user would have to tab through the whole page again. This moves focus to the Delete
 * button of the entry that took its place (the next one, else the previous one), or to
 * `fallback` (the Add button) when the list is empty. Delete buttons carry `data-delete-key`.
 *
 * Returns `willDelete(keys, key)`: call it with the list's keys in display order just before the
 * deletion is applied.
 */
export function useFocusAfterDelete(
  container: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
) {
  // undefined: nothing pending; null: focus the fallback; a string: that entry's Delete button.
  const pending = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (pending.current === undefined) return;
    const key = pending.current;
    pending.current = undefined;
    const buttons = container.current?.querySelectorAll<HTMLElement>("[data-delete-key]") ?? [];
    const target = key === null ? undefined : [...buttons].find((b) => b.dataset.deleteKey === key);
    (target ?? fallback.current)?.focus();
  });

  return function willDelete(keys: readonly string[], key: string) {
    const index = keys.indexOf(key);
    pending.current = keys[index + 1] ?? keys[index - 1] ?? null;
  };
}
