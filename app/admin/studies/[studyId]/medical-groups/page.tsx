import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden, notFound } from "next/navigation";
import { MedicalGroupsPage } from "@/components/medical-groups/medical-groups-page";
import { StudyIdParams } from "@/lib/schemas/studies";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { studyPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("medicalGroups.pageTitle") }) };
}

export default async function GroupsPage({ params }: { params: Promise<{ studyId: string }> }) {
  const actor = await requirePageActor();
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  if (!parsed.success) notFound();
  const page = `/admin/studies/${parsed.data.id}/medical-groups`;
  const access = await studyPageAccess(actor, parsed.data.id, "team.manage", page);
  if (access.kind === "not_found") notFound();
  if (access.kind === "forbidden") forbidden();
  // A locked study takes no change of its groups (decision 0034): the list only.
  return <MedicalGroupsPage studyId={parsed.data.id} studyName={access.studyName} readOnly={access.locked} />;
}
