import type { Metadata } from "next";
import { StudyList } from "@/components/studies/study-list";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canCreateStudies } from "@/lib/server/studies/study-service";

export const metadata: Metadata = { title: "Studies · Clinical Data Registry" };

export default async function StudiesPage() {
  const actor = await requirePageActor();
  return <StudyList canCreate={canCreateStudies(actor)} />;
}
