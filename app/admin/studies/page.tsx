import type { Metadata } from "next";
import { StudyList } from "@/components/studies/study-list";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasPlatformPermission } from "@/lib/server/auth/policy";

export const metadata: Metadata = { title: "Studies · Clinical Data Registry" };

export default async function StudiesPage() {
  const actor = await requirePageActor();
  return <StudyList canCreate={hasPlatformPermission(actor, "studies.create")} />;
}
