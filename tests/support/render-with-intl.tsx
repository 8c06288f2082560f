/**
 * Renders a component with the catalogue of one language, as the signed-in layouts give it
 * (docs/decisions/0021). `IntlWrapper` for renderHook or a custom render's `wrapper`.
 */
import { render, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement, ReactNode } from "react";
import english from "@/messages/en";
import italian from "@/messages/it";

const CATALOGUES = { en: english, it: italian } as const;
export type TestLocale = keyof typeof CATALOGUES;

export function IntlWrapper({ children, locale = "en" }: { children: ReactNode; locale?: TestLocale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="Europe/Rome">
      {children}
    </NextIntlClientProvider>
  );
}

export function renderWithIntl(
  ui: ReactElement,
  { locale = "en", ...options }: { locale?: TestLocale } & Omit<RenderOptions, "wrapper"> = {},
) {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <IntlWrapper locale={locale}>{children}</IntlWrapper>,
  });
}
