import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden, notFound } from "next/navigation";
import { ContentPage } from "@/components/contents/content-page";
import { StudyIdParams } from "@/lib/schemas/studies";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { studyAccess } from "@/lib/server/auth/policy";
import { studyPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("contents.pageTitle") }) };
}

/** Readers of the study see the blocks; only superusers (content.edit) change them (spec §6). */
export default async function HomepageContentPage({ params }: { params: Promise<{ studyId: string }> }) {
  const actor = await requirePageActor();
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  if (!parsed.success) notFound();
  const page = `/admin/studies/${parsed.data.id}/content`;
  const access = await studyPageAccess(actor, parsed.data.id, "study.read", page);
  if (access.kind === "not_found") notFound();
  if (access.kind === "forbidden") forbidden();
  // content.edit is a platform grant (superusers), never a study role's: no assignment needed. A
  // locked study takes no change of its blocks (decision 0034).
  const canEdit = studyAccess(actor, null, parsed.data.id).permissions.has("content.edit");
  return (
    <ContentPage
      studyId={parsed.data.id}
      studyName={access.studyName}
      canEdit={canEdit && !access.locked}
      locked={access.locked}
    />
  );
}
