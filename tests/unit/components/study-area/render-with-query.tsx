import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlWrapper } from "@/tests/support/render-with-intl";

/** Renders with a fresh query client (no retries, so a failure shows at once) and the en catalogue. */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { wrapper: IntlWrapper });
}
