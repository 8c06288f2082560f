"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import { editorTabs, type EditorTabKey } from "./editor-tabs";

export const TAB_PARAM = "tab";

/** The tab named in `?tab=`, when it is one this mode of the editor shows; otherwise Basic Info. */
export function tabFromSearch(value: string | null, isCreate: boolean): EditorTabKey {
  return editorTabs(isCreate).find((tab) => tab.key === value)?.key ?? "basic";
}

/**
 * The selected editor tab, kept in the address (`?tab=visit-types`) so a reload or a shared link
 * opens the same tab. The address is replaced, not pushed: tabs are not pages to go Back through,
 * and no server round trip is made.
 */
export function useEditorTab(isCreate: boolean): [EditorTabKey, (tab: EditorTabKey) => void] {
  const searchParams = useSearchParams();
  const [tab, setTabState] = useState<EditorTabKey>(() =>
    tabFromSearch(searchParams.get(TAB_PARAM), isCreate),
  );
  const setTab = useCallback((next: EditorTabKey) => {
    setTabState(next);
    const url = new URL(window.location.href);
    if (next === "basic") url.searchParams.delete(TAB_PARAM);
    else url.searchParams.set(TAB_PARAM, next);
    window.history.replaceState(window.history.state, "", url);
  }, []);
  return [tab, setTab];
}
