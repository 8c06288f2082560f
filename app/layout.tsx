import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import "./globals.css";

// The window's title where a page gives none, in the reader's language (decision 0021).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ui");
  return { title: t("appTitle"), description: t("appDescription") };
}

/**
 * No client providers here: everything in the root layout is JavaScript every page loads, /login
 * included. The data-fetching provider (components/layout/providers.tsx) and the catalogue
 * (components/i18n/messages-provider.tsx) wrap the signed-in layouts and the sign-in page instead.
 * The page's language is the reader's (lib/server/i18n/request-locale.ts; WCAG 3.1.1).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await getLocale()}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
