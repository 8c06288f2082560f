import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FieldTemplatesPage } from "@/components/field-templates/field-templates-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasPlatformPermission } from "@/lib/server/auth/policy";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("templates.title") }) };
}

export default async function TemplatesPage() {
  const actor = await requirePageActor();
  return <FieldTemplatesPage canCreateGlobal={hasPlatformPermission(actor, "templates.manage")} />;
}
