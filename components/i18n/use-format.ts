import { useLocale } from "next-intl";
import { formatFor, type Formatter } from "@/lib/i18n/format";

/**
 * Dates and numbers in the reader's language (lib/i18n/format.ts). A hook for client components
 * and for synchronous server components alike (next-intl's useLocale serves both), hence no
 * "use client" here; an async server component calls formatFor(await getLocale()).
 */
export function useFormat(): Formatter {
  return formatFor(useLocale());
}
