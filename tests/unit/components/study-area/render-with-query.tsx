import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { renderWithIntl } from "@/tests/support/render-with-intl";

/** Renders with a fresh query client (no retries, so a failure shows at once), in English unless told. */
export function renderWithQuery(ui: ReactElement, { locale = "en" }: { locale?: Locale } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithIntl(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { locale });
}
