import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden } from "next/navigation";
import { AuditLogsPage } from "@/components/audit-logs/audit-logs-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { platformPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("audit.title") }) };
}

/** The whole trail: platform administrators only (policy audit.read; decision 0015). */
export default async function AdminAuditLogsPage() {
  const actor = await requirePageActor();
  const access = await platformPageAccess(actor, "audit.read", "/admin/audit-logs");
  if (access.kind !== "ok") forbidden();
  return <AuditLogsPage />;
}
