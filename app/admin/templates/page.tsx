import type { Metadata } from "next";
import { FieldTemplatesPage } from "@/components/field-templates/field-templates-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasPlatformPermission } from "@/lib/server/auth/policy";

export const metadata: Metadata = { title: "Field Templates · Clinical Data Registry" };

export default async function TemplatesPage() {
  const actor = await requirePageActor();
  return <FieldTemplatesPage canCreateGlobal={hasPlatformPermission(actor, "templates.manage")} />;
}
