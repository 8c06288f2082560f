import type { ReactNode } from "react";
import { AdminHeader } from "@/components/layout/admin-header";
import { Providers } from "@/components/layout/providers";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canSeeAdminArea } from "@/lib/server/auth/policy";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const actor = await requirePageActor();
  return (
    <div className="min-h-screen">
      <AdminHeader fullName={actor.fullName} showAdminLinks={canSeeAdminArea(actor)} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Providers>{children}</Providers>
      </main>
    </div>
  );
}
