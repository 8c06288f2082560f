import type { ReactNode } from "react";
import { AdminHeader } from "@/components/layout/admin-header";
import { AuditTrailBanner } from "@/components/layout/audit-trail-banner";
import { MessagesProvider } from "@/components/i18n/messages-provider";
import { Providers } from "@/components/layout/providers";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canSeeAdminArea, hasPlatformPermission } from "@/lib/server/auth/policy";
import { trailBreak } from "@/lib/server/audit/trail-integrity";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const actor = await requirePageActor();
  // Every admin page says so while the audit trail is broken (docs/decisions/0018).
  const broken = trailBreak();
  return (
    <MessagesProvider namespaces="all">
      <div className="min-h-screen">
        <AdminHeader fullName={actor.fullName} showAdminLinks={canSeeAdminArea(actor)} />
        {broken && (
          <AuditTrailBanner
            detectedAt={broken.detectedAt}
            findings={
              hasPlatformPermission(actor, "audit.read") ? broken.findings.map((f) => f.message) : null
            }
          />
        )}
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          <Providers>{children}</Providers>
        </main>
      </div>
    </MessagesProvider>
  );
}
