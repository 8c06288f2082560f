import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { IntlWrapper } from "@/tests/support/render-with-intl";

/**
 * Renders with a fresh query client (no retries, so a failure shows at once), inside the language
 * provider a signed-in page has (English unless told).
 */
export function renderWithQuery(ui: ReactNode, { locale = "en" }: { locale?: Locale } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <IntlWrapper locale={locale}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </IntlWrapper>,
  );
}
