"use client";

import { useEffect } from "react";
import { isRedirectingToSignIn } from "@/lib/client/api-fetch";

/**
 * While `dirty`, asks before the page is left: reloads and closing the tab (beforeunload) and
 * clicks on in-app links, which client-side navigation would otherwise follow silently. `prompt`
 * is the question in the reader's language (the browser words its own for beforeunload).
 */
export function useUnsavedChanges(dirty: boolean, prompt: string) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // A 401's trip to sign-in keeps the draft (useKeepDraftOnSignOut): no need to ask.
      if (isRedirectingToSignIn()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!anchor || anchor.getAttribute("target") === "_blank" || event.defaultPrevented) return;
      if (!window.confirm(prompt)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, prompt]);
}
