import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { AuditLogsPage } from "@/components/audit-logs/audit-logs-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { platformPageAccess } from "@/lib/server/users/page-access";

export const metadata: Metadata = { title: "Audit Logs · Clinical Data Registry" };

/** The whole trail: platform administrators only (policy audit.read; decision 0015). */
export default async function AdminAuditLogsPage() {
  const actor = await requirePageActor();
  const access = await platformPageAccess(actor, "audit.read", "/admin/audit-logs");
  if (access.kind !== "ok") forbidden();
  return <AuditLogsPage />;
}
