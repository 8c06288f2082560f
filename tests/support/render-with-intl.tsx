import { render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement, ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import en from "@/messages/en";
import it from "@/messages/it";

const CATALOGUES = { en, it } as const;

/** The catalogue provider a signed-in page gives its client components (docs/decisions/0021). */
export function IntlWrapper({ children, locale = "en" }: { children: ReactNode; locale?: Locale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="Europe/Rome">
      {children}
    </NextIntlClientProvider>
  );
}

/** Renders inside the catalogue of `locale` (English unless told). */
export function renderWithIntl(
  ui: ReactElement,
  { locale = "en", ...options }: { locale?: Locale } & Omit<RenderOptions, "wrapper"> = {},
) {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <IntlWrapper locale={locale}>{children}</IntlWrapper>,
  });
}
