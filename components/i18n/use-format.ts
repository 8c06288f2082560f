"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { formatFor, type Formatter } from "@/lib/i18n/format";

/** Dates and numbers in the reader's language (lib/i18n/format.ts), for client components. */
export function useFormat(): Formatter {
  const locale = useLocale();
  return useMemo(() => formatFor(locale), [locale]);
}
