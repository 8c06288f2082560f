import type { ReactNode } from "react";
import { MessagesProvider } from "@/components/i18n/messages-provider";
import { AdminHeader } from "@/components/layout/admin-header";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canSeeAdminArea } from "@/lib/server/auth/policy";

export const dynamic = "force-dynamic";

/**
 * My studies sits outside /admin (it is a clinician's landing, docs/decisions/0029) but under the
 * same header: the user menu, the notifications inbox (decision 0031), and the admin links for
 * those who have them. The page renders on the server, so only the header's words travel to the
 * browser.
 */
export default async function MyStudiesLayout({ children }: { children: ReactNode }) {
  const actor = await requirePageActor();
  return (
    <MessagesProvider namespaces={["auth", "common", "notifications"]}>
      <div className="min-h-screen">
        <AdminHeader fullName={actor.fullName} showAdminLinks={canSeeAdminArea(actor)} />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{children}</main>
      </div>
    </MessagesProvider>
  );
}
