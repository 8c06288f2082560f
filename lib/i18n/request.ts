import { getRequestConfig } from "next-intl/server";
import { requestLocale } from "@/lib/server/i18n/request-locale";
import { loadCatalogue } from "./catalogue";
import { DISPLAY_TIME_ZONE } from "./format";

// next-intl's per-request configuration for server components (next.config.ts names this file).
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: await loadCatalogue(locale), timeZone: DISPLAY_TIME_ZONE };
});
