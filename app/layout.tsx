import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Clinical Data Registry",
  description: "Multi-study clinical data registry",
};

/**
 * No client providers here: everything in the root layout is JavaScript every page loads, /login
 * included. The data-fetching provider (components/layout/providers.tsx) wraps the signed-in
 * layouts instead (app/admin/layout.tsx, app/[studyCode]/layout.tsx).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
