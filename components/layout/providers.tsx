"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import "@/lib/schemas/zod-browser-config";

/**
 * TanStack Query for the signed-in screens; spec §9: retry once, no refetch on window focus.
 * Mounted by the signed-in layouts (app/admin/layout.tsx, app/[studyCode]/layout.tsx), not the root
 * layout, so the sign-in page does not download it (scripts/measure-page-js.mjs).
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
