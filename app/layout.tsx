import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Clinical Data Registry",
  description: "Multi-study clinical data registry",
};

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
