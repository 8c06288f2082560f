import { render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement, ReactNode } from "react";
import en from "@/messages/en";
import it from "@/messages/it";

type TestLocale = "en" | "it";
const CATALOGUES = { en, it };

/** The active language's whole catalogue, as the signed-in layouts give it (docs/decisions/0021). */
export function IntlWrapper({ children, locale = "en" }: { children: ReactNode; locale?: TestLocale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="Europe/Rome">
      {children}
    </NextIntlClientProvider>
  );
}

/** `render` inside the message provider: English unless the test asks for Italian. */
export function renderWithIntl(
  ui: ReactElement,
  { locale = "en", ...options }: { locale?: TestLocale } & Omit<RenderOptions, "wrapper"> = {},
) {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <IntlWrapper locale={locale}>{children}</IntlWrapper>,
  });
}
