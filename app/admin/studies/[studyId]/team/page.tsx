import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden, notFound } from "next/navigation";
import { StudyTeamPage } from "@/components/team/study-team-page";
import { StudyIdParams } from "@/lib/schemas/studies";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { studyPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("team.pageTitle") }) };
}

export default async function TeamPage({ params }: { params: Promise<{ studyId: string }> }) {
  const actor = await requirePageActor();
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  if (!parsed.success) notFound();
  const access = await studyPageAccess(
    actor,
    parsed.data.id,
    "team.manage",
    `/admin/studies/${parsed.data.id}/team`,
  );
  if (access.kind === "not_found") notFound();
  if (access.kind === "forbidden") forbidden();
  return (
    <StudyTeamPage
      studyId={parsed.data.id}
      studyName={access.studyName}
      currentUserId={actor.userId}
      // A locked study takes no change of its team (decision 0034): the list only.
      readOnly={access.locked}
    />
  );
}
