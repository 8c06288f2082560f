import type { Metadata } from "next";
import { forbidden, notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { StudyIdParams } from "@/lib/schemas/studies";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { isPlatformAdmin } from "@/lib/server/auth/policy";
import { studyPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("pageTitle") };
}

export default async function EditStudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  if (!parsed.success) notFound();
  // A reader without study.configure gets PUT /api/studies/{id}'s 403; a study they cannot read (or
  // none) is left to the editor, which shows the API's 'Study not found'.
  const actor = await requirePageActor();
  const access = await studyPageAccess(
    actor,
    parsed.data.id,
    "study.configure",
    `/admin/studies/${parsed.data.id}/edit`,
  );
  if (access.kind === "forbidden") forbidden();
  // Lock study / Unlock study (decision 0034): the administrators' own (study.lock).
  return <StudyEditor studyId={parsed.data.id} canLock={isPlatformAdmin(actor)} />;
}
