"use client";

import { useEffect, useRef } from "react";
import { onBeforeSignInRedirect } from "@/lib/client/api-fetch";
import { keepDraft } from "@/lib/client/draft-storage";

/**
 * While `dirty`, a 401 (session ended while editing) puts `value` into this tab's storage under
 * `key` before the trip to /login, so the editor can restore it when the user comes back.
 */
export function useKeepDraftOnSignOut(key: string, dirty: boolean, value: unknown) {
  const latest = useRef({ dirty, value });
  useEffect(() => {
    latest.current = { dirty, value };
  });
  useEffect(
    () =>
      onBeforeSignInRedirect(() => {
        if (latest.current.dirty) keepDraft(key, latest.current.value);
      }),
    [key],
  );
}
