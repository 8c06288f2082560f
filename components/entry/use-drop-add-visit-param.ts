"use client";

import { useEffect } from "react";
import { ADD_VISIT_PARAM } from "./add-visit-param";

/** Once the add-visit dialog opened from the address, the address forgets it (a reload opens none). */
export function useDropAddVisitParam(opened: boolean) {
  useEffect(() => {
    if (!opened) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has(ADD_VISIT_PARAM)) return;
    url.searchParams.delete(ADD_VISIT_PARAM);
    window.history.replaceState(window.history.state, "", url);
  }, [opened]);
}
